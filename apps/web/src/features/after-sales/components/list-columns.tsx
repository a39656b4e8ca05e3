/** Columns of /afterSale/afterSaleList: receiver masked by the server, money in yuan, dates at +8. */
import { AFTER_SALE_SOURCE_NAMES, AFTER_SALE_TYPE_NAMES, type AfterSaleRow, CHANNEL_NAMES, type Channel, fenToYuan } from '@dropship/contract';
import { type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { detailPath as orderDetailPath } from '../../dropship-orders/components/list-columns';
import { afterSaleDetailPath } from '../after-sale-list';
import { AfterSaleStatusTag } from './AfterSaleStatusTag';
import { GoodsCell } from './GoodsCell';

export function afterSaleColumns(actions: (r: AfterSaleRow) => ReactNode): TableColumnsType<AfterSaleRow> {
  return withColumnMinWidth<TableColumnsType<AfterSaleRow>[number]>([
    {
      title: '售后单号',
      dataIndex: 'afterSaleNo',
      width: 180,
      render: (no: string, r) => (
        <div>
          <Link to={afterSaleDetailPath(r.id)}>{no}</Link>
          <div>
            <Tag color={r.source === 'PLATFORM' ? 'purple' : 'default'}>{AFTER_SALE_SOURCE_NAMES[r.source]}</Tag>
          </div>
        </div>
      ),
    },
    {
      title: '订单号 / 店铺订单号',
      width: 200,
      render: (_, r) => (
        <div>
          <Link to={orderDetailPath(r.orderId)}>{r.orderNo}</Link>
          {r.platformOrderId ? (
            <div>
              <Typography.Text copyable>{r.platformOrderId}</Typography.Text>
            </div>
          ) : null}
          <Typography.Text type="secondary">
            {r.shopName ? `${r.shopName} ${CHANNEL_NAMES[r.channel as Channel] ?? r.channel ?? ''}` : '手工订单'}
          </Typography.Text>
        </div>
      ),
    },
    { title: '商品', width: 300, render: (_, r) => <GoodsCell goods={r} /> },
    { title: '数量', dataIndex: 'quantity', align: 'right', width: 60 },
    { title: '类型', dataIndex: 'type', render: (t: AfterSaleRow['type']) => AFTER_SALE_TYPE_NAMES[t] ?? t },
    { title: '状态', render: (_, r) => <AfterSaleStatusTag status={r.status} returnStatus={r.returnStatus} /> },
    {
      title: '退款金额（元）',
      align: 'right',
      render: (_, r) => (
        <div>
          <Typography.Text strong>{fenToYuan(r.refundFen)}</Typography.Text>
          {r.refundedFen > 0 && <div style={{ color: '#52c41a' }}>已退 {fenToYuan(r.refundedFen)}</div>}
          {r.platformRefundFen > 0 && <div style={{ color: '#999' }}>买家申请 {fenToYuan(r.platformRefundFen)}</div>}
        </div>
      ),
    },
    {
      title: '退货物流',
      render: (_, r) => (r.returnWaybillNo ? `${r.returnCourierName} ${r.returnWaybillNo}`.trim() : '—'),
    },
    { title: '申请时间', dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTime(d) },
    { title: '操作', key: 'actions', fixed: 'right', width: 150, render: (_, r) => actions(r) },
  ]);
}
