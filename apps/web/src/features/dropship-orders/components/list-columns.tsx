/**
 * Columns of /order/daifaOrderList: receiver masked by the server, money in yuan, dates at +8. 状态
 * and 实付 come right after the order number, so they stay in view at 1280 px beside the fixed 操作.
 */
import { CHANNEL_NAMES, type Channel, type DropshipOrderRow, fenToYuan, payMethodLabel } from '@dropship/contract';
import { Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { StatusTag, TakeStatusTag } from './StatusTag';

export const detailPath = (id: number) => `/order/daifaOrderList/daifaOrederListDetail?id=${id}`;

export function listColumns(actions: (r: DropshipOrderRow) => ReactNode): TableColumnsType<DropshipOrderRow> {
  return withColumnMinWidth<TableColumnsType<DropshipOrderRow>[number]>([
    {
      title: '代发订单号',
      dataIndex: 'orderNo',
      width: 190,
      // With the 操作 column fixed on the right, the number stays on the left: a wide row scrolls between them.
      fixed: 'left',
      render: (no: string, r) => (
        <div>
          <Link to={detailPath(r.id)}>{no}</Link>
          {r.speedDelivery && (
            <Tag color="red" style={{ marginInlineStart: 6 }}>
              加急
            </Tag>
          )}
          <div>
            <Typography.Text type="secondary">{formatDateTime(r.createdAt)}</Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: '实付（元）',
      dataIndex: 'totalFen',
      align: 'right',
      width: 120,
      render: (_, r) => (
        <div>
          <Typography.Text strong>{fenToYuan(r.totalFen)}</Typography.Text>
          {r.speedFeeFen > 0 && <div style={{ color: '#f5222d' }}>含加急费 {fenToYuan(r.speedFeeFen)}</div>}
          {r.refundedFen > 0 && <div style={{ color: '#52c41a' }}>已退 {fenToYuan(r.refundedFen)}</div>}
          {r.payMethod && <div style={{ color: r.payLaterState === 'BILLED' ? '#fa8c16' : '#999' }}>{payMethodLabel(r.payMethod, r.payLaterState)}</div>}
        </div>
      ),
    },
    { title: '状态', dataIndex: 'combinedStatus', width: 110, render: (s: DropshipOrderRow['combinedStatus']) => <StatusTag status={s} /> },
    {
      title: '店铺 / 店铺订单号',
      render: (_, r) =>
        r.shopName ? (
          <div>
            <div>
              {r.shopName} <Typography.Text type="secondary">{CHANNEL_NAMES[r.channel as Channel] ?? r.channel}</Typography.Text>
            </div>
            <Typography.Text copyable>{r.platformOrderId}</Typography.Text>
          </div>
        ) : (
          '手工订单'
        ),
    },
    {
      title: '商品（档口 货号 颜色 尺码）',
      width: 320,
      render: (_, r) => (
        <Space direction="vertical" size={2}>
          {r.items.map((i) => (
            <span key={i.id}>
              {[i.stallName, i.artNo, i.color, i.size].filter(Boolean).join(' ')} ×{i.quantity} <TakeStatusTag status={i.takeStatus} />
              {i.supplyMode === 'OWN_STOCK' && <Tag color="blue">自有库存</Tag>}
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: '收货人',
      render: (_, r) => (
        <div>
          <div>
            {r.receiverName} {r.receiverPhone}
          </div>
          <Typography.Text type="secondary">{r.receiverArea}</Typography.Text>
        </div>
      ),
    },
    {
      title: '快递 / 运单号',
      key: 'express',
      width: 200,
      render: (_, r) => (
        <div>
          <div>{r.expressName}</div>
          {r.trackingNo && (
            <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
              {r.trackingNo}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { title: '操作', key: 'actions', fixed: 'right', width: 140, render: (_, r) => actions(r) },
  ]);
}
