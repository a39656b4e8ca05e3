/** The columns of the dropship order export (masked receiver, money in yuan, Beijing times). */
import { CHANNEL_NAMES, type Channel, COMBINED_ORDER_STATUS_NAMES, type DropshipOrderRow, payMethodLabel, TAKING_ITEM_STATUS_NAMES } from '@dropship/contract';
import { moneyColumn, timeColumn, type XlsxColumn } from '../../../lib/excel/index.js';

const goods = (r: DropshipOrderRow) =>
  r.items
    .map((i) => {
      const take = i.takeStatus ? `【${TAKING_ITEM_STATUS_NAMES[i.takeStatus]}】` : '';
      return `${i.stallName} ${i.artNo} ${i.color} ${i.size} ×${i.quantity}${take}`.replace(/\s+/g, ' ').trim();
    })
    .join('；');

export const EXPORT_COLUMNS: XlsxColumn<DropshipOrderRow>[] = [
  { header: '代发订单号', width: 22, value: (r) => r.orderNo },
  { header: '订单状态', value: (r) => COMBINED_ORDER_STATUS_NAMES[r.combinedStatus] },
  { header: '店铺', width: 20, value: (r) => r.shopName ?? '手工订单' },
  { header: '平台', value: (r) => (r.channel ? (CHANNEL_NAMES[r.channel as Channel] ?? r.channel) : '') },
  { header: '店铺订单号', width: 24, value: (r) => r.platformOrderId ?? '' },
  { header: '收货人', value: (r) => r.receiverName },
  { header: '手机号', width: 16, value: (r) => r.receiverPhone },
  { header: '收货地区', width: 24, value: (r) => r.receiverArea },
  { header: '商品（档口 货号 颜色 尺码 ×数量）', width: 60, value: goods },
  { header: '件数', value: (r) => r.itemCount },
  moneyColumn('货款(元)', (r) => r.goodsFen),
  { header: '加急', value: (r) => (r.speedDelivery ? '加急' : '') },
  { header: '快递', value: (r) => r.expressName },
  moneyColumn('运费(元)', (r) => r.expressFeeFen),
  moneyColumn('服务费(元)', (r) => r.serviceFeeFen),
  moneyColumn('加急费(元)', (r) => r.speedFeeFen),
  moneyColumn('优惠(元)', (r) => r.discountFen),
  moneyColumn('实付(元)', (r) => r.totalFen),
  moneyColumn('已退(元)', (r) => r.refundedFen),
  { header: '支付方式', value: (r) => payMethodLabel(r.payMethod, r.payLaterState) },
  { header: '快递单号', width: 20, value: (r) => r.trackingNo ?? '' },
  { header: '备注', width: 30, value: (r) => r.remark },
  timeColumn('下单时间', (r) => r.createdAt),
  timeColumn('付款时间', (r) => r.paidAt),
];
