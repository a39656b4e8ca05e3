/** 问题件详情: the parcel's facts, its goods, photos (served by the parcel photo call) and its timeline. */
import { fenToYuan, PARCEL_KIND_NAMES, PARCEL_SOURCE_NAMES, PARCEL_STATUS_NAMES, type ParcelStatus } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Image, Space, Spin, Table, Typography } from 'antd';
import type { z } from 'zod';
import { formatDateTime } from '../../../lib/date';
import { StatusTimeline } from '../../../lib/status-timeline';
import { problemApi, problemKeys } from '../api';

const OPERATION_NAMES: Record<string, string> = {
  OPENED: '登记问题件',
  DISCARD: '弃件',
  SEND_BACK: '申请寄回',
  CANCEL_SEND_BACK: '取消寄回',
  PAY_FREIGHT: '支付运费',
  SHIP_SEND_BACK: '仓库寄回',
  DEADLINE_DISCARD: '逾期弃件',
};
const statusName = (s: string) => PARCEL_STATUS_NAMES[s as z.infer<typeof ParcelStatus>] ?? s;

export function ProblemDetailDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const d = useQuery({ queryKey: problemKeys.detail(id ?? 0), queryFn: () => problemApi.detail(id ?? 0), enabled: id !== null });
  const p = d.data;
  return (
    <Drawer title="问题件详情" open={id !== null} onClose={onClose} size="large" destroyOnHidden>
      {!p ? (
        <Spin spinning={d.isFetching}>
          <Empty description={d.isError ? '加载失败' : '加载中'} />
        </Spin>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="编号">{p.barcodeNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="类型">{PARCEL_KIND_NAMES[p.kind]}</Descriptions.Item>
            <Descriptions.Item label="状态">{statusName(p.status)}</Descriptions.Item>
            <Descriptions.Item label="来源">{PARCEL_SOURCE_NAMES[p.source] ?? p.source}</Descriptions.Item>
            <Descriptions.Item label="快递单号">{p.trackingNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="仓库">{p.warehouseName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="原因" span={2}>
              {p.reason ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label="处理期限">{formatDateTime(p.deadlineAt)}</Descriptions.Item>
            <Descriptions.Item label="登记时间">{formatDateTime(p.createdAt)}</Descriptions.Item>
            {p.receiverName && (
              <Descriptions.Item label="寄回地址" span={2}>
                {p.receiverName} {p.receiverPhone} {p.receiverProvince}
                {p.receiverCity}
                {p.receiverDistrict} {p.receiverAddress}
              </Descriptions.Item>
            )}
            {p.expressName && (
              <Descriptions.Item label="寄回快递">
                {p.expressName}，运费 ¥{fenToYuan(p.freightFen ?? 0)}
              </Descriptions.Item>
            )}
            {p.sendBackWaybillNo && (
              <Descriptions.Item label="寄回单号">
                {p.sendBackCourierName} {p.sendBackWaybillNo}
              </Descriptions.Item>
            )}
          </Descriptions>
          <div>
            <Typography.Title level={5}>商品</Typography.Title>
            <Table
              size="small"
              rowKey={(_, i) => String(i)}
              pagination={false}
              dataSource={p.goods}
              columns={[
                { title: '商品', dataIndex: 'title' },
                { title: '货号', dataIndex: 'itemNo' },
                { title: '颜色', dataIndex: 'color' },
                { title: '尺码', dataIndex: 'size' },
                { title: '数量', dataIndex: 'quantity' },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>照片</Typography.Title>
            {p.photoIds.length ? (
              <Image.PreviewGroup>
                <Space wrap>
                  {p.photoIds.map((photo) => (
                    <Image key={photo} width={96} height={96} style={{ objectFit: 'cover' }} src={`/api/b2/parcels/photo/${photo}`} alt={`包裹照片${photo}`} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            ) : (
              <Typography.Text type="secondary">仓库未上传照片</Typography.Text>
            )}
          </div>
          <div>
            <Typography.Title level={5}>处理记录</Typography.Title>
            <StatusTimeline
              events={p.events.map((e) => ({
                operationName: OPERATION_NAMES[e.operation] ?? e.operation,
                fromStatus: e.fromStatus,
                toStatus: e.toStatus,
                note: e.note ?? '',
                createdAt: e.createdAt,
                actor: e.operation === 'DEADLINE_DISCARD' ? '系统' : '',
              }))}
              statusName={statusName}
              colorOf={(s) => (s === 'DISCARD' ? 'gray' : s === 'SEND_BACKED' ? 'green' : 'blue')}
            />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
