/**
 * Following dropship orders: the list (/order/daifaOrderList) with its filters and tab counts, the
 * detail (items with take statuses, timeline, money), and the purchaser's read-only take items.
 */
import { z } from 'zod';
import { daysInOrder, optionalDay } from './dates.js';
import { DropshipOrderStatus } from './dropship-orders.js';
import { AssignmentStatus, Channel, CombinedOrderStatus, TakingItemStatus } from './enums.js';
import { ExpressCode } from './express.js';
import { optionalFilter } from './filters.js';
import { DropshipPayMethod, PayLaterState } from './pay-later.js';
import { id, pageQuery, text } from './schema-helpers.js';

// ---- 列表、详情 --------------------------------------------------------------------------------

export const DropshipFilterShape = {
  /** A tab: one combined status; absent = 全部. */
  status: optionalFilter(CombinedOrderStatus, '订单状态'),
  orderNo: optionalFilter(text('代发订单号', 32), '代发订单号'),
  platformOrderId: optionalFilter(text('店铺订单号', 64), '店铺订单号'),
  phoneTail: optionalFilter(z.string({ error: '手机尾号必须是文字' }).regex(/^\d{4}$/, '手机尾号必须是4位数字'), '手机尾号'),
  expressCode: optionalFilter(ExpressCode, '快递公司'),
  trackingNo: optionalFilter(text('快递单号', 40), '快递单号'),
  shopId: optionalFilter(id('店铺'), '店铺'),
  /** 平台: the order's channel (a statistics row by platform links here). */
  channel: optionalFilter(z.enum(Channel.options, { error: '平台不正确' }), '平台'),
  createdFrom: optionalDay('下单开始日期'),
  createdTo: optionalDay('下单结束日期'),
  /** 加急: YES = urgent orders only, NO = the others. */
  speedDelivery: optionalFilter(z.enum(['YES', 'NO'], { error: '加急筛选只能是 YES 或 NO' }), '加急'),
};
const IN_ORDER = daysInOrder('createdFrom', 'createdTo', '下单开始日期不能晚于结束日期');

export const DropshipFilter = z.object(DropshipFilterShape).refine(...IN_ORDER);
export type DropshipFilter = z.output<typeof DropshipFilter>;
export const DropshipPageBody = pageQuery.extend(DropshipFilterShape).refine(...IN_ORDER);
export type DropshipPageBody = z.output<typeof DropshipPageBody>;

export const DropshipItemRow = z.object({
  id: z.number(),
  title: z.string(),
  spec: z.string().nullable(),
  picUrl: z.string().nullable(),
  stallName: z.string(),
  market: z.string(),
  stallNo: z.string(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  unitCostFen: z.number().int(),
  /** Null until the order is paid. */
  takeStatus: TakingItemStatus.nullable(),
  refundedFen: z.number().int(),
  /** OWN_STOCK: shipped from the seller's stock in the warehouse (供货备货方式), no goods money, no picker. */
  supplyMode: z.enum(['MARKET_PICKUP', 'OWN_STOCK']),
});
export type DropshipItemRow = z.infer<typeof DropshipItemRow>;

export const DropshipOrderRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  status: DropshipOrderStatus,
  combinedStatus: CombinedOrderStatus,
  /** PROBLEM_RESHIP: 问题件重发, the goods of a problem parcel shipped from the warehouse (decision 0027). */
  /** AFTER_SALE_EXCHANGE: 换货补发, the replacement of an exchange the stall took back, taken at the same stall (decision 0026). */
  source: z.enum(['SHOP_ORDER', 'MANUAL', 'DECLARATION', 'OFFLINE', 'PROBLEM_RESHIP', 'AFTER_SALE_EXCHANGE']),
  shopOrderId: z.number().nullable(),
  shopName: z.string().nullable(),
  channel: z.string().nullable(),
  platformOrderId: z.string().nullable(),
  /** Masked (maskName / maskPhone) in lists and exports. */
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverArea: z.string(),
  expressCode: z.string(),
  expressName: z.string(),
  expressFeeFen: z.number().int(),
  serviceFeeFen: z.number().int(),
  goodsFen: z.number().int(),
  discountFen: z.number().int(),
  /** 加急发货: paid priority for picking and shipping; speedFeeFen is part of totalFen (0 when not urgent). */
  speedDelivery: z.boolean(),
  speedFeeFen: z.number().int(),
  totalFen: z.number().int(),
  refundedFen: z.number().int(),
  itemCount: z.number().int(),
  remark: z.string(),
  payMethod: DropshipPayMethod.nullable(),
  /** 货到付款 orders only: DUE / CHARGED / BILLED (pay-later.ts). */
  payLaterState: PayLaterState.nullable(),
  paidAt: z.string().nullable(),
  trackingNo: z.string().nullable(),
  createdAt: z.string(),
  items: z.array(DropshipItemRow),
});
export type DropshipOrderRow = z.infer<typeof DropshipOrderRow>;

export const DropshipPageResult = z.object({
  total: z.number().int(),
  list: z.array(DropshipOrderRow),
  /** Orders per tab (combined status, and ALL), over all the seller's orders. */
  counts: z.record(z.string(), z.number().int()),
});
export type DropshipPageResult = z.infer<typeof DropshipPageResult>;

export const DropshipIdParams = z.object({ id: id('订单') });

export const DropshipEvent = z.object({
  id: z.number(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  operation: z.string(),
  operationName: z.string(),
  actor: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type DropshipEvent = z.infer<typeof DropshipEvent>;

export const DropshipMoneyEntry = z.object({
  id: z.number(),
  transactionType: z.string(),
  purpose: z.string(),
  amountFen: z.number().int(),
  availableAfterFen: z.number().int(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type DropshipMoneyEntry = z.infer<typeof DropshipMoneyEntry>;

export const DropshipDetailItem = DropshipItemRow.extend({
  takeCode: z.string().nullable(),
  assignmentStatus: AssignmentStatus.nullable(),
  building: z.string(),
  floor: z.string(),
  costSource: z.enum(['LINK', 'CUSTOM_GOODS']),
});
export type DropshipDetailItem = z.infer<typeof DropshipDetailItem>;

export const DropshipDetail = DropshipOrderRow.omit({ items: true }).extend({
  receiverProvince: z.string(),
  receiverCity: z.string(),
  receiverDistrict: z.string(),
  receiverAddress: z.string(),
  /** The receiver is the platform's encrypted one: the fields above are its masks (decision 0024). */
  receiverEncrypted: z.boolean(),
  buyerRemark: z.string().nullable(),
  sellerRemark: z.string().nullable(),
  canceledAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  courierName: z.string().nullable(),
  items: z.array(DropshipDetailItem),
  events: z.array(DropshipEvent),
  entries: z.array(DropshipMoneyEntry),
  /** Which changes the order allows now (the page shows only those buttons). */
  allowed: z.object({ pay: z.boolean(), cancel: z.boolean(), updateReceiver: z.boolean() }),
});
export type DropshipDetail = z.infer<typeof DropshipDetail>;

/** Names of the operations in the timeline. */
export const DROPSHIP_OPERATION_NAMES: Record<string, string> = {
  CREATE: '提交订单',
  PAY: '支付订单',
  CANCEL: '取消订单',
  UPDATE_RECEIVER: '修改收货信息',
  STOP_ITEM: '停止拿货',
  REVOKE_STOP_ITEM: '撤销停止拿货',
  DELIVER: '发货',
  FINISH: '签收完成',
  TAKE_ASSIGN: '分配拿货员',
  TAKE_UNASSIGN: '取消分配',
  PICK_MARK: '拿货标记',
  PICK_CANCEL_TOOK: '撤销拿货标记',
  SHIP_TAKEN: '有货先发',
  PAY_LATER: '货到付款',
  AFTER_SALE: '售后',
  VOID_WAYBILL: '作废面单',
};

// ---- 采购商拿货项（只读） ------------------------------------------------------------------------

export const TakeItemsPageBody = pageQuery.extend({
  assignmentStatus: optionalFilter(AssignmentStatus, '分配状态'),
  takeCode: optionalFilter(z.string().regex(/^\d{12}$/, '拿货码必须是12位数字'), '拿货码'),
  marketArea: optionalFilter(text('拿货区域', 40), '拿货区域'),
});
export type TakeItemsPageBody = z.output<typeof TakeItemsPageBody>;

export const TakeItemRow = z.object({
  id: z.number(),
  takeCode: z.string(),
  orderNo: z.string(),
  sellerName: z.string(),
  stallName: z.string(),
  market: z.string(),
  building: z.string(),
  floor: z.string(),
  stallNo: z.string(),
  marketArea: z.string(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  assignmentStatus: AssignmentStatus,
  takingStatus: TakingItemStatus,
  expressName: z.string(),
  createdAt: z.string(),
});
export type TakeItemRow = z.infer<typeof TakeItemRow>;
export const TakeItemsPageResult = z.object({ total: z.number().int(), list: z.array(TakeItemRow) });

/** Operator: which purchaser organisation takes a seller's dropship orders from now on. */
export const ServingPurchaserBody = z.object({ sellerOrgId: id('卖家组织'), purchaserOrgId: id('采购商组织') });
export const ServingPurchaserResult = z.object({ sellerOrgId: z.number(), purchaserOrgId: z.number() });
