/** The columns of the after-sale export (masked receiver, money in yuan, Beijing times). */
import {
  AFTER_SALE_SOURCE_NAMES,
  AFTER_SALE_STATUS_NAMES,
  AFTER_SALE_TYPE_NAMES,
  type AfterSaleRow,
  CHANNEL_NAMES,
  type Channel,
  RETURN_STATUS_NAMES,
} from '@dropship/contract';
import { moneyColumn, timeColumn, type XlsxColumn } from '../../lib/excel/index.js';

export const EXPORT_COLUMNS: XlsxColumn<AfterSaleRow>[] = [
  { header: '售后单号', width: 22, value: (r) => r.afterSaleNo },
  { header: '售后状态', value: (r) => AFTER_SALE_STATUS_NAMES[r.status] },
  { header: '售后类型', value: (r) => AFTER_SALE_TYPE_NAMES[r.type] },
  { header: '售后来源', value: (r) => AFTER_SALE_SOURCE_NAMES[r.source] },
  { header: '退货状态', value: (r) => (r.returnStatus ? RETURN_STATUS_NAMES[r.returnStatus] : '') },
  { header: '代发订单号', width: 22, value: (r) => r.orderNo },
  { header: '店铺', width: 20, value: (r) => r.shopName ?? '手工订单' },
  { header: '平台', value: (r) => (r.channel ? (CHANNEL_NAMES[r.channel as Channel] ?? r.channel) : '') },
  { header: '店铺订单号', width: 24, value: (r) => r.platformOrderId ?? '' },
  { header: '平台退款单号', width: 20, value: (r) => r.platformRefundId ?? '' },
  { header: '收货人', value: (r) => r.receiverName },
  { header: '手机号', width: 16, value: (r) => r.receiverPhone },
  { header: '商品', width: 40, value: (r) => `${r.stallName} ${r.artNo || r.title} ${r.color} ${r.size}`.replace(/\s+/g, ' ').trim() },
  { header: '数量', value: (r) => r.quantity },
  moneyColumn('平台退款(元)', (r) => r.platformRefundFen),
  moneyColumn('应退货款(元)', (r) => r.refundFen),
  moneyColumn('已退(元)', (r) => r.refundedFen),
  { header: '售后原因', width: 24, value: (r) => r.reason },
  { header: '退货快递', value: (r) => r.returnCourierName },
  { header: '退货单号', width: 20, value: (r) => r.returnWaybillNo },
  { header: '发货单号', width: 20, value: (r) => r.trackingNo ?? '' },
  timeColumn('申请时间', (r) => r.createdAt),
  timeColumn('完成时间', (r) => r.finishedAt),
];
