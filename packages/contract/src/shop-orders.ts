/**
 * Shop orders (店铺订单, /order/orderList and /order/thirdOrderDetail): orders as they stand in the
 * seller's shops, synced or imported. Lists and exports mask the receiver (SPEC.md section 5).
 */
import { z } from 'zod';
import { LIST_COUNT_CAP } from './constants.js';
import { daysInOrder, optionalDay } from './dates.js';
import { Channel } from './enums.js';
import { optionalFilter } from './filters.js';
import { id, pageQuery, text } from './schema-helpers.js';

/** Our normalized status of a shop order (the platform's own code is platformStatus). */
export const ShopOrderStatus = z.enum(['WAIT_BUYER_PAY', 'WAIT_SELLER_SEND', 'SELLER_CONSIGNED_PART', 'WAIT_BUYER_CONFIRM', 'FINISHED', 'CLOSED']);
export type ShopOrderStatus = z.infer<typeof ShopOrderStatus>;
export const SHOP_ORDER_STATUS_NAMES: Record<ShopOrderStatus, string> = {
  WAIT_BUYER_PAY: '待付款',
  WAIT_SELLER_SEND: '待发货',
  SELLER_CONSIGNED_PART: '部分发货',
  WAIT_BUYER_CONFIRM: '已发货',
  FINISHED: '已完成',
  CLOSED: '已关闭',
};

export const ShopRefundState = z.enum(['NONE', 'REFUNDING', 'REFUNDED', 'CLOSED']);
export type ShopRefundState = z.infer<typeof ShopRefundState>;
export const SHOP_REFUND_STATE_NAMES: Record<ShopRefundState, string> = { NONE: '无售后', REFUNDING: '退款中', REFUNDED: '退款成功', CLOSED: '售后关闭' };

/** Whether a dropship order was placed for the shop order (dropship-orders sets PLACED when it places one). */
export const DropshipStatus = z.enum(['UNPLACED', 'PLACED']);
export type DropshipStatus = z.infer<typeof DropshipStatus>;
export const DROPSHIP_STATUS_NAMES: Record<DropshipStatus, string> = { UNPLACED: '未代发', PLACED: '已代发' };

/** 备注 filter: any remark, the buyer's message, the seller's note, or none at all. */
export const RemarkFilter = z.enum(['ANY', 'BUYER', 'SELLER', 'NONE']);
export const REMARK_FILTER_NAMES: Record<z.infer<typeof RemarkFilter>, string> = { ANY: '有备注', BUYER: '有买家留言', SELLER: '有卖家备注', NONE: '无备注' };
/** Taobao's seller_flag colours 1–5 (PDD remark_tag uses the same five). */
export const SELLER_FLAG_NAMES: Record<number, string> = { 1: '红旗', 2: '黄旗', 3: '绿旗', 4: '蓝旗', 5: '紫旗' };
export const SELLER_FLAG_COLORS: Record<number, string> = { 1: '#f5222d', 2: '#fadb14', 3: '#52c41a', 4: '#1677ff', 5: '#722ed1' };

export const ShopOrdersFilterShape = {
  shopId: optionalFilter(id('店铺'), '店铺'),
  channel: optionalFilter(Channel, '平台'),
  status: optionalFilter(ShopOrderStatus, '订单状态'),
  dropshipStatus: optionalFilter(DropshipStatus, '代发状态'),
  refundState: optionalFilter(ShopRefundState, '售后状态'),
  paidFrom: optionalDay('付款开始日期'),
  paidTo: optionalDay('付款结束日期'),
  platformOrderId: optionalFilter(text('订单编号', 64), '订单编号'),
  buyerNick: optionalFilter(text('买家昵称', 64), '买家昵称'),
  phoneTail: optionalFilter(z.string({ error: '手机尾号必须是文字' }).regex(/^\d{4}$/, '手机尾号必须是4位数字'), '手机尾号'),
  /** A SKU id, goods id or outer code (商家编码), matched exactly, case-insensitively. */
  sku: optionalFilter(text('商品编码', 64), '商品编码'),
  remark: optionalFilter(RemarkFilter, '备注'),
  sellerFlag: optionalFilter(z.coerce.number().int('旗帜必须是1到5').min(1, '旗帜必须是1到5').max(5, '旗帜必须是1到5'), '旗帜'),
};

const PAID_ORDER = daysInOrder('paidFrom', 'paidTo', '付款开始日期不能晚于结束日期');

export const ShopOrdersFilter = z.object(ShopOrdersFilterShape).refine(...PAID_ORDER);
export type ShopOrdersFilter = z.output<typeof ShopOrdersFilter>;
export const ShopOrdersPageBody = pageQuery.extend(ShopOrdersFilterShape).refine(...PAID_ORDER);
export type ShopOrdersPageBody = z.output<typeof ShopOrdersPageBody>;

export const ShopOrderItemRow = z.object({
  id: z.number(),
  platformItemId: z.string(),
  itemId: z.string(),
  skuId: z.string().nullable(),
  title: z.string(),
  spec: z.string().nullable(),
  outerItemCode: z.string().nullable(),
  outerSkuCode: z.string().nullable(),
  picUrl: z.string().nullable(),
  quantity: z.number().int(),
  priceFen: z.number().int(),
  paymentFen: z.number().int(),
  refundState: ShopRefundState,
});
export type ShopOrderItemRow = z.infer<typeof ShopOrderItemRow>;

export const ShopOrderRow = z.object({
  id: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  channel: Channel,
  platformOrderId: z.string(),
  status: ShopOrderStatus,
  platformStatus: z.string(),
  refundState: ShopRefundState,
  dropshipStatus: DropshipStatus,
  buyerNick: z.string(),
  /** Masked (maskName / maskPhone) in lists and exports. */
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverProvince: z.string(),
  receiverCity: z.string(),
  receiverDistrict: z.string(),
  buyerRemark: z.string().nullable(),
  sellerRemark: z.string().nullable(),
  sellerFlag: z.number().int().nullable(),
  totalFen: z.number().int(),
  postFeeFen: z.number().int(),
  paymentFen: z.number().int(),
  platformCreatedAt: z.string(),
  paidAt: z.string().nullable(),
  platformModifiedAt: z.string(),
  source: z.enum(['SYNC', 'IMPORT']),
  items: z.array(ShopOrderItemRow),
});
export type ShopOrderRow = z.infer<typeof ShopOrderRow>;

/** total is counted up to SHOP_ORDERS_COUNT_CAP; totalCapped says there are more (the page shows 10000+). */
export const ShopOrdersPageResult = z.object({ total: z.number().int(), totalCapped: z.boolean(), list: z.array(ShopOrderRow) });

export const ShopRefundRow = z.object({
  id: z.number(),
  platformRefundId: z.string(),
  platformItemId: z.string().nullable(),
  platformStatus: z.string(),
  state: ShopRefundState,
  refundFen: z.number().int(),
  reason: z.string(),
  hasGoodReturn: z.boolean(),
  platformCreatedAt: z.string(),
  platformModifiedAt: z.string(),
});
export type ShopRefundRow = z.infer<typeof ShopRefundRow>;

/** The detail keeps the receiver as the platform gave it (already masked where the platform masks). */
export const ShopOrderDetail = ShopOrderRow.extend({
  receiverTown: z.string().nullable(),
  receiverAddress: z.string(),
  receiverEncrypted: z.boolean(),
  refunds: z.array(ShopRefundRow),
});
export type ShopOrderDetail = z.infer<typeof ShopOrderDetail>;

export const ShopOrderIdParams = z.object({ id: id('订单编号') });

/** The shops the list's 店铺 filter offers (readable with the list's permission, not only the shops page's). */
export const ShopOption = z.object({ id: z.number(), name: z.string(), channel: Channel });
export type ShopOption = z.infer<typeof ShopOption>;

/**
 * 店铺订单's status tabs: for each order status, how many orders match the other filters (the
 * body's status is ignored), each counted like the list's total: up to SHOP_ORDERS_COUNT_CAP, capped
 * saying there are more.
 */
export const ShopOrderStatusCount = z.object({ status: ShopOrderStatus, count: z.number().int(), capped: z.boolean() });
export type ShopOrderStatusCount = z.infer<typeof ShopOrderStatusCount>;
export const ShopOrderStatusCountsResult = z.array(ShopOrderStatusCount);

/** The list counts matching orders up to this many. */
export const SHOP_ORDERS_COUNT_CAP = LIST_COUNT_CAP;

/** Past this many rows an export is refused: narrow the filters instead. */
export const SHOP_ORDERS_EXPORT_MAX_ROWS = 100_000;
