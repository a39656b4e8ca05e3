/**
 * Columns of /afterSale/afterSaleList: receiver masked by the server, money in yuan, dates at +8.
 * As on 代发订单, the time sits under the number and the quantity beside the goods, so that status
 * and money stay in view at 1280 px.
 */
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
      title: '售后单号 / 申请时间',
      dataIndex: 'afterSaleNo',
      width: 170,
      render: (no: string, r) => (
        <div>
          <Link to={afterSaleDetailPath(r.id)}>{no}</Link>
          <div>
            <Typography.Text type="secondary">{formatDateTime(r.createdAt, 'YYYY-MM-DD HH:mm')}</Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: '订单号 / 店铺订单号',
      width: 170,
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
    { title: '商品 × 数量', width: 230, render: (_, r) => <GoodsCell goods={r} quantity={r.quantity} size={40} /> },
    {
      title: '类型 / 状态',
      width: 130,
      render: (_, r) => (
        <div>
          <div>
            {AFTER_SALE_TYPE_NAMES[r.type] ?? r.type}{' '}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {AFTER_SALE_SOURCE_NAMES[r.source]}
            </Typography.Text>
          </div>
          <AfterSaleStatusTag status={r.status} returnStatus={r.returnStatus} />
        </div>
      ),
    },
    {
      title: '退款（元）',
      align: 'right',
      width: 100,
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
      width: 120,
      render: (_, r) =>
        r.returnWaybillNo ? (
          <div>
            {r.returnCourierName && <div>{r.returnCourierName}</div>}
            <Typography.Text copyable>{r.returnWaybillNo}</Typography.Text>
          </div>
        ) : r.returnStatus ? (
          <Tag>未填写</Tag>
        ) : (
          '—'
        ),
    },
    { title: '操作', key: 'actions', fixed: 'right', width: 110, render: (_, r) => actions(r) },
  ]);
}
