/**
 * What the last scan did, big enough to read from the bench: the sorting slot number huge while an
 * order waits, green when it shipped, orange when it needs attention, red when refused. A merged
 * parcel (合并发货) names its other orders, green once in, orange while missing.
 */
import type { WarehouseScanResult } from '@dropship/contract';
import { Card, Tag, Typography } from 'antd';

export type ScanShown = { ok: true; r: WarehouseScanResult } | { ok: false; code: string; message: string };

const COLOURS = { SHIPPED: '#f6ffed', WAITING: '#e6f4ff', ALREADY_ARRIVED: '#fffbe6', READY: '#fff7e6', ERROR: '#fff1f0' } as const;
const TITLES = {
  SHIPPED: '已发货',
  WAITING: '已到货，放入分拣位',
  ALREADY_ARRIVED: '已到货（重复扫描）',
  READY: '已到齐，未能发货',
  ERROR: '不能入库',
} as const;

export function ScanResultPanel({ shown }: { shown: ScanShown }) {
  const kind = shown.ok ? shown.r.outcome : 'ERROR';
  return (
    <Card data-testid="scan-result" data-outcome={kind} style={{ background: COLOURS[kind], marginTop: 16 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {TITLES[kind]}
      </Typography.Title>
      {shown.ok && shown.r.slotNo !== null && shown.r.outcome !== 'SHIPPED' && (
        <div data-testid="slot-no" style={{ fontSize: 120, fontWeight: 700, lineHeight: 1.1, color: '#1677ff' }}>
          <span style={{ fontSize: 20, fontWeight: 400, marginRight: 12 }}>分拣位</span>
          {shown.r.slotNo}
        </div>
      )}
      <Typography.Paragraph style={{ fontSize: 18 }}>{shown.ok ? shown.r.message : shown.message}</Typography.Paragraph>
      {shown.ok && shown.r.mergeOrders.length > 0 && (
        <Typography.Paragraph data-testid="merge-orders">
          <Tag color="purple">合并发货</Tag>
          {shown.r.mergeOrders.map((m) => (
            <Tag key={m.orderId} color={m.ready ? 'green' : 'orange'}>
              {m.orderNo} {m.ready ? '已到齐' : '未到齐'}
            </Tag>
          ))}
        </Typography.Paragraph>
      )}
      {shown.ok && (
        <Typography.Text type="secondary">
          订单 {shown.r.orderNo} · {[shown.r.item.stallName, shown.r.item.artNo, shown.r.item.color, shown.r.item.size].filter(Boolean).join(' ')} ×
          {shown.r.item.quantity} · 已到 {shown.r.arrivedCount}/{shown.r.totalCount} 件
        </Typography.Text>
      )}
      {!shown.ok && <Typography.Text type="secondary">拿货码 {shown.code}</Typography.Text>}
    </Card>
  );
}
