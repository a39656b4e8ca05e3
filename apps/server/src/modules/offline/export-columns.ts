/** Excel columns of the offline lists (one definition per list, so page and export agree). */
import {
  COMBINED_ORDER_STATUS_NAMES,
  maskName,
  maskPhone,
  OFFLINE_RETURN_ORDER_STATUS_NAMES,
  type OfflineReturnLineRow,
  RETURN_TO_FACTORY_STATUS_NAMES,
} from '@dropship/contract';
import { moneyColumn, timeColumn, type XlsxColumn } from '../../lib/excel/index.js';
import type { PickupRecord } from './pickup.repository.js';
import type { ParcelRecord } from './register.service.js';

const statusName = (s: OfflineReturnLineRow['status']) => (s ? RETURN_TO_FACTORY_STATUS_NAMES[s] : '未签收');

const LINE_BASE: XlsxColumn<OfflineReturnLineRow>[] = [
  { header: '退货单号', width: 20, value: (r) => r.returnNo },
  { header: '退货码', width: 14, value: (r) => r.returnCode },
  { header: '快递单号', width: 20, value: (r) => r.waybillNo },
  { header: '档口', width: 24, value: (r) => r.stallText },
  { header: '货号', width: 14, value: (r) => r.artNo },
  { header: '颜色', value: (r) => r.color },
  { header: '尺码', value: (r) => r.size },
  { header: '数量', value: (r) => r.quantity },
  moneyColumn('单价(元)', (r) => r.unitPriceFen),
  { header: '退货状态', value: (r) => statusName(r.status) },
  { header: '拿货员', value: (r) => r.pickerName ?? '' },
  moneyColumn('档口退款(元)', (r) => r.refundFen),
  moneyColumn('服务费(元)', (r) => r.serviceFeeFen),
  { header: '备注', width: 24, value: (r) => r.note },
  timeColumn('签收时间', (r) => r.registeredAt),
  timeColumn('完成时间', (r) => r.finishedAt),
];

/** 退货入库分配: the purchaser's export, with the seller's name masked as lists show it. */
export const RETURN_LINE_COLUMNS: XlsxColumn<OfflineReturnLineRow>[] = [{ header: '卖家', value: (r) => maskName(r.sellerName) }, ...LINE_BASE];

type SellerLine = OfflineReturnLineRow & { order: { status: keyof typeof OFFLINE_RETURN_ORDER_STATUS_NAMES; courierName: string; createdAt: string } };
export const SELLER_RETURN_COLUMNS: XlsxColumn<SellerLine>[] = [
  ...LINE_BASE.slice(0, 3),
  { header: '快递公司', value: (r) => r.order.courierName || '自行送到仓库' },
  { header: '签收状态', value: (r) => OFFLINE_RETURN_ORDER_STATUS_NAMES[r.order.status] },
  timeColumn('创建时间', (r) => r.order.createdAt),
  ...LINE_BASE.slice(3),
];

export const PICKUP_COLUMNS: XlsxColumn<PickupRecord>[] = [
  { header: '订单号', width: 20, value: (r) => r.orderNo },
  { header: '订单状态', value: (r) => COMBINED_ORDER_STATUS_NAMES[r.combinedStatus as keyof typeof COMBINED_ORDER_STATUS_NAMES] ?? r.combinedStatus },
  { header: '提货人', value: (r) => maskName(r.contactName) },
  { header: '提货人手机', width: 14, value: (r) => maskPhone(r.contactPhone) },
  { header: '商品', width: 50, value: (r) => r.summary },
  { header: '件数', value: (r) => r.itemCount },
  moneyColumn('商品金额(元)', (r) => r.goodsFen),
  moneyColumn('服务费(元)', (r) => r.serviceFeeFen),
  moneyColumn('合计(元)', (r) => r.totalFen),
  { header: '备注', width: 24, value: (r) => r.remark },
  timeColumn('创建时间', (r) => r.createdAt),
  timeColumn('支付时间', (r) => r.paidAt),
  timeColumn('交付时间', (r) => r.deliveredAt),
];

export const PARCEL_COLUMNS: XlsxColumn<ParcelRecord>[] = [
  { header: '快递单号', width: 22, value: (r) => r.waybillNo },
  { header: '退货单', width: 30, value: (r) => (r.matched ? r.returnNos : '无主件') },
  { header: '备注', width: 30, value: (r) => r.note },
  { header: '登记人', value: (r) => r.registeredBy },
  timeColumn('登记时间', (r) => r.createdAt),
];
