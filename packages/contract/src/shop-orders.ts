/**
 * Shop orders (店铺订单, /order/orderList and /order/thirdOrderDetail): orders as they stand in the
 * seller's shops, synced or imported. Lists and exports mask the receiver (SPEC.md section 5).
 */
import { z } from 'zod';
import { Channel } from './enums.js';
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

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isRealDay = (s: string) => {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/** A filter field that a form may send empty: '' and null mean "not set". */
const optional = <T extends z.ZodType>(schema: T, label: string) =>
  z.preprocess((v) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional()).describe(label);

/** A calendar day at +8 (the business runs on Beijing time), 'YYYY-MM-DD'. */
const day = (label: string) =>
  z
    .string({ error: `${label}必须是日期文字` })
    .regex(DAY, `${label}格式应为 YYYY-MM-DD`)
    .refine(isRealDay, `${label}不是有效日期`)
    .describe(label);

export const ShopOrdersFilterShape = {
  shopId: optional(id('店铺'), '店铺'),
  channel: optional(Channel, '平台'),
  status: optional(ShopOrderStatus, '订单状态'),
  dropshipStatus: optional(DropshipStatus, '代发状态'),
  refundState: optional(ShopRefundState, '售后状态'),
  paidFrom: optional(day('付款开始日期'), '付款开始日期'),
  paidTo: optional(day('付款结束日期'), '付款结束日期'),
  platformOrderId: optional(text('订单编号', 64), '订单编号'),
  buyerNick: optional(text('买家昵称', 64), '买家昵称'),
  phoneTail: optional(z.string({ error: '手机尾号必须是文字' }).regex(/^\d{4}$/, '手机尾号必须是4位数字'), '手机尾号'),
  /** A SKU id, goods id or outer code (商家编码), matched exactly, case-insensitively. */
  sku: optional(text('商品编码', 64), '商品编码'),
  remark: optional(RemarkFilter, '备注'),
  sellerFlag: optional(z.coerce.number().int('旗帜必须是1到5').min(1, '旗帜必须是1到5').max(5, '旗帜必须是1到5'), '旗帜'),
};

const paidInOrder = (v: { paidFrom?: string | undefined; paidTo?: string | undefined }) => !v.paidFrom || !v.paidTo || v.paidFrom <= v.paidTo;
const PAID_ORDER = { message: '付款开始日期不能晚于结束日期', path: ['paidFrom'] };

export const ShopOrdersFilter = z.object(ShopOrdersFilterShape).refine(paidInOrder, PAID_ORDER);
export type ShopOrdersFilter = z.output<typeof ShopOrdersFilter>;
export const ShopOrdersPageBody = pageQuery.extend(ShopOrdersFilterShape).refine(paidInOrder, PAID_ORDER);
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

/** The list counts matching orders up to this many. */
export const SHOP_ORDERS_COUNT_CAP = 10_000;

/** Past this many rows an export is refused: narrow the filters instead. */
export const SHOP_ORDERS_EXPORT_MAX_ROWS = 100_000;
