/** 快速查询's three answers: the dropship orders, the after-sales and the problem parcels that match, each linking to where it is handled. */
import { AFTER_SALE_TYPE_NAMES, type AfterSaleRow, COMBINED_ORDER_STATUS_NAMES, type CombinedStatusCode, type QuickQueryResult } from '@dropship/contract';
import { Card, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { detailPath as orderDetailPath } from '../../dropship-orders/components/list-columns';
import { StatusTag } from '../../dropship-orders/components/StatusTag';
import { afterSaleDetailPath } from '../after-sale-list';
import { AfterSaleStatusTag } from './AfterSaleStatusTag';
import { GoodsCell } from './GoodsCell';

type OrderHit = QuickQueryResult['orders'][number];
type ParcelHit = QuickQueryResult['parcels'][number];

// Problem parcels have no page of their own yet (问题件 is the next slice): their statuses are named here until it brings them.
const PARCEL_STATUS_NAMES: Record<string, string> = {
  WAITING_PROCESS: '待处理',
  WAITING_PAYMENT: '待支付运费',
  WAITING_RETURN: '待寄回',
  RETURNED: '已退回',
  SEND_BACKED: '已寄回',
  DISCARD: '已丢弃',
  PROCESSED: '已处理',
  WAIT_CLAIM: '待认领',
  CLAIMED: '已认领',
  MATCHED: '已匹配',
};

const section = (title: string, n: number) => `${title}（${n}）`;

export function QuickQueryResults({ result }: { result: QuickQueryResult }) {
  return (
    <>
      <Card size="small" title={section('代发订单', result.orders.length)} style={{ marginTop: 12 }} data-testid="quick-orders">
        <Table<OrderHit>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={result.orders}
          locale={{ emptyText: '没有匹配的代发订单' }}
          columns={[
            { title: '代发订单号', dataIndex: 'orderNo', render: (no: string, o) => <Link to={orderDetailPath(o.id)}>{no}</Link> },
            { title: '店铺 / 店铺订单号', render: (_, o) => (o.shopName ? `${o.shopName} ${o.platformOrderId ?? ''}` : '手工订单') },
            { title: '收货人', render: (_, o) => `${o.receiverName} ${o.receiverPhone}` },
            { title: '快递单号', dataIndex: 'trackingNo', render: (t: string | null) => t ?? '—' },
            {
              title: '状态',
              dataIndex: 'combinedStatus',
              render: (s: string) => (s in COMBINED_ORDER_STATUS_NAMES ? <StatusTag status={s as CombinedStatusCode} /> : s),
            },
            { title: '下单时间', dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
          ]}
        />
      </Card>
      <Card size="small" title={section('售后单', result.afterSales.length)} style={{ marginTop: 12 }} data-testid="quick-after-sales">
        <Table<AfterSaleRow>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={result.afterSales}
          locale={{ emptyText: '没有匹配的售后单' }}
          columns={[
            { title: '售后单号', dataIndex: 'afterSaleNo', render: (no: string, r) => <Link to={afterSaleDetailPath(r.id)}>{no}</Link> },
            { title: '代发订单号', dataIndex: 'orderNo' },
            { title: '商品', render: (_, r) => <GoodsCell goods={r} size={40} /> },
            { title: '类型', dataIndex: 'type', render: (t: AfterSaleRow['type']) => AFTER_SALE_TYPE_NAMES[t] ?? t },
            { title: '状态', render: (_, r) => <AfterSaleStatusTag status={r.status} returnStatus={r.returnStatus} /> },
            { title: '退货物流', render: (_, r) => (r.returnWaybillNo ? `${r.returnCourierName} ${r.returnWaybillNo}`.trim() : '—') },
            { title: '申请时间', dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
          ]}
        />
      </Card>
      <Card size="small" title={section('问题件', result.parcels.length)} style={{ marginTop: 12 }} data-testid="quick-parcels">
        <Table<ParcelHit>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={result.parcels}
          locale={{ emptyText: '没有匹配的问题件' }}
          columns={[
            {
              title: '快递单号',
              dataIndex: 'trackingNo',
              render: (t: string | null) => <Link to={`/afterSale/problemList${t ? `?trackingNo=${encodeURIComponent(t)}` : ''}`}>{t ?? '—'}</Link>,
            },
            { title: '状态', dataIndex: 'status', render: (s: string) => PARCEL_STATUS_NAMES[s] ?? s },
            { title: '原因', dataIndex: 'reason', render: (r: string | null) => r ?? <Typography.Text type="secondary">—</Typography.Text> },
            { title: '登记时间', dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
          ]}
        />
      </Card>
    </>
  );
}
