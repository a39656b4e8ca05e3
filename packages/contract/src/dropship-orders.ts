/**
 * Dropship orders (代发订单): placing from shop orders or by hand, paying (balance or Alipay),
 * changing (cancel, receiving info, stop an item), following (tabs by the combined order status of
 * SPEC.md section 4, detail with take statuses, timeline and money). Money is integer fen.
 */
import { z } from 'zod';
import type { AssignmentStatus, CombinedOrderStatus, TakingItemStatus } from './enums.js';
import { ExpressCode } from './express.js';
import { AlipayPayResult, requestKeyField } from './funds.js';
import { fenField, MAX_FEN } from './money.js';
import { DropshipPayMethod } from './pay-later.js';
import { id, requiredText, text } from './schema-helpers.js';

/** The statuses an order itself moves through; the combined status refines WAITING_DELIVERING by its items. */
export const DropshipOrderStatus = z.enum(['WAITING_PAYMENT', 'WAITING_DELIVERING', 'DELIVERED', 'FINISHED', 'CANCELED']);
export type DropshipOrderStatus = z.infer<typeof DropshipOrderStatus>;
export type CombinedStatusCode = z.infer<typeof CombinedOrderStatus>;
export type TakingStatusCode = z.infer<typeof TakingItemStatus>;
export type AssignmentStatusCode = z.infer<typeof AssignmentStatus>;

export {
  ASSIGNMENT_STATUS_NAMES,
  COMBINED_ORDER_STATUS_NAMES,
  DROPSHIP_TABS,
  type DropshipTab,
  TAKING_ITEM_STATUS_NAMES,
} from './dropship-order-names.js';

/** Most orders one create, pay or cancel call takes (a seller's day in one batch). */
export const DROPSHIP_BATCH_MAX = 1_000;
/** Past this many rows an export is refused: narrow the filters instead. */
export const DROPSHIP_EXPORT_MAX_ROWS = 100_000;

const ids = (label: string, max: number) =>
  z
    .array(id(label), { error: `${label}必须是数组` })
    .min(1, `请选择${label}`)
    .max(max, `一次最多处理${max}个${label}`)
    .refine((l) => new Set(l).size === l.length, `${label}不能重复`)
    .describe(label);

// ---- 收货信息 ----------------------------------------------------------------------------------

/** Mobile (an optional extension for marketplaces' virtual numbers) or a landline. */
const PHONE = /^(1\d{10}(-\d{1,6})?|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;

export const ReceiverFields = z.object({
  name: requiredText('收货人', 30),
  phone: requiredText('收货人手机号', 20).regex(PHONE, '收货人手机号格式不正确（手机号11位，座机如 0571-88888888）'),
  province: requiredText('省份', 20),
  city: requiredText('城市', 30),
  district: text('区县', 30).default(''),
  address: requiredText('详细地址', 200),
});
export type ReceiverFields = z.output<typeof ReceiverFields>;

/**
 * A receiver as shown, never typed: a synced order's receiver as the platform gave it, whose name,
 * phone and address may be the platform's masks (冯**, *******9668, 文三路***). `encrypted`: the
 * platform holds the real receiver and decrypts it (or prints it on its own e-waybill) when the
 * order ships, so the seller does not type it (docs/decisions/0024-encrypted-receivers-placing.md).
 */
export const DisplayReceiver = z.object({
  name: z.string().max(200),
  phone: z.string().max(200),
  province: z.string().max(50),
  city: z.string().max(50),
  district: z.string().max(50),
  address: z.string().max(500),
  encrypted: z.boolean(),
});
export type DisplayReceiver = z.output<typeof DisplayReceiver>;

/**
 * A draft keeps the platform's encrypted receiver (`encrypted: true`: the server takes the shop order's
 * own receiver and decrypt handle, whatever else is sent) or carries a receiver the seller typed,
 * validated strictly (without `encrypted`, or with `encrypted: false`).
 */
export const PlatformReceiver = DisplayReceiver.extend({ encrypted: z.literal(true) });
export const DraftReceiver = z.discriminatedUnion('encrypted', [PlatformReceiver, ReceiverFields.extend({ encrypted: z.literal(false).optional() })], {
  error: '收货人的 encrypted 只能是 true（保留平台加密的收货人）或 false（填写的收货人）',
});
export type DraftReceiver = z.input<typeof DraftReceiver>;

const quantity = z
  .number({ error: (iss) => (iss.input === undefined ? '请输入数量' : '数量必须是数字') })
  .int('数量必须是整数')
  .min(1, '数量至少1件')
  .max(999, '数量不能超过999件')
  .describe('数量');

/** A by-hand line: one custom goods (/goods/customGoods) and how many. */
export const ManualLine = z.object({ customGoodsId: id('自定义商品'), quantity });

const exactlyOneSource = (o: { shopOrderId?: number | undefined; items?: unknown[] | undefined }) => (o.shopOrderId === undefined) !== (o.items === undefined);
const SOURCE_MESSAGE = { message: '每个订单要么来自店铺订单（shopOrderId），要么手工填写商品（items），二选一' };

export const DropshipDraft = z
  .object({
    shopOrderId: id('店铺订单').optional(),
    items: z.array(ManualLine, { error: '商品必须是数组' }).min(1, '请至少添加一件商品').max(50, '一单最多50种商品').optional().describe('商品'),
    receiver: DraftReceiver,
    expressCode: ExpressCode,
    couponId: id('优惠券').optional(),
    /** 加急发货: absent = the seller's default (下单默认加急) when the service is enabled; true without the service is refused. */
    speedDelivery: z.boolean({ error: '加急发货必须是 true 或 false' }).optional().describe('加急发货'),
    remark: text('备注', 200).default(''),
  })
  .refine(exactlyOneSource, SOURCE_MESSAGE);
export type DropshipDraft = z.input<typeof DropshipDraft>;

export const DropshipCreateBody = z.object({
  orders: z
    .array(DropshipDraft, { error: '订单必须是数组' })
    .min(1, '请至少提交一个订单')
    .max(DROPSHIP_BATCH_MAX, `一次最多提交${DROPSHIP_BATCH_MAX}个订单`)
    .describe('订单'),
  /** The seller saw the "already placed" warning and wants a second dropship order anyway. */
  confirmDuplicate: z.boolean({ error: '确认重复下单必须是 true 或 false' }).default(false).describe('确认重复下单'),
});
export type DropshipCreateBody = z.input<typeof DropshipCreateBody>;

export const DropshipCreateResult = z.object({
  orders: z.array(z.object({ id: z.number(), orderNo: z.string(), totalFen: z.number().int(), shopOrderId: z.number().nullable() })),
  totalFen: z.number().int(),
});
export type DropshipCreateResult = z.infer<typeof DropshipCreateResult>;

// ---- 下单页：预览与计价 -------------------------------------------------------------------------

export const PlacePreviewBody = z.object({ shopOrderIds: ids('店铺订单', 200) });

export const PlaceLine = z.object({
  shopOrderItemId: z.number(),
  title: z.string(),
  spec: z.string().nullable(),
  picUrl: z.string().nullable(),
  quantity: z.number().int(),
  refundState: z.string(),
  /** NO_LINK, LINK_NO_COST, SUPPLIER_DISABLED, REFUNDING (AbnormalReason codes); null = placeable; REFUNDED lines are left out of the order. */
  reason: z.string().nullable(),
  stallName: z.string(),
  stallNo: z.string(),
  market: z.string(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  unitCostFen: z.number().int().nullable(),
  /** OWN_STOCK: shipped from the seller's stock in the warehouse (供货备货方式), no goods money, no picker. */
  supplyMode: z.enum(['MARKET_PICKUP', 'OWN_STOCK']),
});
export type PlaceLine = z.infer<typeof PlaceLine>;

export const PlacePreviewOrder = z.object({
  shopOrderId: z.number(),
  shopName: z.string(),
  channel: z.string(),
  platformOrderId: z.string(),
  status: z.string(),
  /** Order numbers of earlier dropship orders of this shop order that are not cancelled. */
  placedOrderNos: z.array(z.string()),
  /** As the shop gave it: masked where the platform encrypted it (`encrypted`), never the plain receiver of an encrypted order. */
  receiver: DisplayReceiver,
  buyerRemark: z.string().nullable(),
  sellerRemark: z.string().nullable(),
  lines: z.array(PlaceLine),
  /** Why the whole order cannot be placed (its status, nothing left to ship), in Chinese; empty = placeable when its lines are. */
  blockers: z.array(z.string()),
  /**
   * False when the shop order's address is incomplete or unknown to the area tree, or its receiver is encrypted
   * with nothing the platform can decrypt: the seller corrects it (types the receiver) here.
   */
  addressComplete: z.boolean(),
});
export type PlacePreviewOrder = z.infer<typeof PlacePreviewOrder>;
export const PlacePreviewResult = z.object({ orders: z.array(PlacePreviewOrder) });

/** POST /api/b2/post/orders/calculate/express/cost: the money of draft orders, as create would charge it. */
export const CostDraft = z
  .object({
    shopOrderId: id('店铺订单').optional(),
    items: z.array(ManualLine).min(1, '请至少添加一件商品').max(50, '一单最多50种商品').optional().describe('商品'),
    province: requiredText('收货省份', 20),
    expressCode: ExpressCode,
    couponId: id('优惠券').optional(),
    /** 加急发货: absent = the seller's default (下单默认加急) when the service is enabled; true without the service is refused. */
    speedDelivery: z.boolean({ error: '加急发货必须是 true 或 false' }).optional().describe('加急发货'),
  })
  .refine(exactlyOneSource, SOURCE_MESSAGE);
export const CostBody = z.object({ orders: z.array(CostDraft).min(1, '请至少提交一个订单').max(200, '一次最多计算200个订单').describe('订单') });

export const OrderCost = z.object({
  itemCount: z.number().int(),
  goodsFen: z.number().int(),
  expressFeeFen: z.number().int(),
  serviceFeeFen: z.number().int(),
  /** What the seller's membership took off the service fee (serviceFeeFen is after it; 0 without membership). */
  memberFeeOffFen: z.number().int(),
  /** 加急费: the operator's price when the order is urgent, else 0; never discounted by a coupon. */
  speedFeeFen: z.number().int(),
  discountFen: z.number().int(),
  totalFen: z.number().int(),
});
export type OrderCost = z.infer<typeof OrderCost>;
/** cost null with the reason when the draft cannot be priced (unlinked goods, unknown express…). */
export const CostResult = z.object({
  orders: z.array(z.object({ cost: OrderCost.nullable(), error: z.string().nullable(), couponError: z.string().nullable() })),
});
export type CostResult = z.infer<typeof CostResult>;

export const UsableCouponsBody = z.object({
  amountFen: fenField('订单金额', 1, MAX_FEN, { integer: '订单金额必须是整数分' }),
});
export const UsableCoupon = z.object({
  id: z.number(),
  name: z.string(),
  amountFen: z.number().int(),
  thresholdFen: z.number().int(),
  validTo: z.string(),
  usable: z.boolean(),
  reason: z.string().nullable(),
});
export type UsableCoupon = z.infer<typeof UsableCoupon>;

// ---- 支付 --------------------------------------------------------------------------------------

export const DropshipPayBody = z
  .object({
    orderIds: ids('订单', DROPSHIP_BATCH_MAX),
    payMethod: DropshipPayMethod.describe('支付方式'),
    payPassword: z
      .string({ error: '支付密码必须是文字' })
      .regex(/^\d{6}$/, '支付密码必须是6位数字')
      .optional()
      .describe('支付密码'),
    requestKey: requestKeyField,
  })
  .refine((b) => b.payMethod !== 'BALANCE' || b.payPassword !== undefined, { message: '余额支付请输入支付密码', path: ['payPassword'] })
  .refine((b) => b.payMethod !== 'PAY_LATER' || b.payPassword !== undefined, { message: '货到付款请输入支付密码', path: ['payPassword'] });
export type DropshipPayBody = z.input<typeof DropshipPayBody>;

export const DropshipPayResult = z.object({
  payMethod: DropshipPayMethod,
  amountFen: z.number().int(),
  /** True when the balance paid them now (or this request key already had). */
  paid: z.boolean(),
  orders: z.array(z.object({ id: z.number(), orderNo: z.string(), status: DropshipOrderStatus })),
  alipay: AlipayPayResult.nullable(),
});
export type DropshipPayResult = z.infer<typeof DropshipPayResult>;

export const DropshipAlipayPayment = z.object({
  outTradeNo: z.string(),
  amountFen: z.number().int(),
  status: z.enum(['WAITING_PAYMENT', 'PAID', 'CLOSED']),
  orderIds: z.array(z.number()),
  paidAt: z.string().nullable(),
});
export type DropshipAlipayPayment = z.infer<typeof DropshipAlipayPayment>;

// ---- 修改 --------------------------------------------------------------------------------------

export const DropshipCancelBody = z.object({ orderIds: ids('订单', 200), reason: text('取消原因', 100).default('') });
export const DropshipItemsBody = z.object({ itemIds: ids('订单商品', 200) });
export const OperationResult = z.object({
  results: z.array(z.object({ id: z.number(), orderNo: z.string(), ok: z.boolean(), message: z.string(), refundFen: z.number().int() })),
});
export type OperationResult = z.infer<typeof OperationResult>;

export const UpdateReceivingBody = z.object({ id: id('订单'), receiver: ReceiverFields });
export const UpdateReceivingResult = z.object({
  id: z.number(),
  orderNo: z.string(),
  status: DropshipOrderStatus,
  expressFeeFen: z.number().int(),
  totalFen: z.number().int(),
});
export const CancelSendBackBody = z.object({ id: id('问题件') });
export const CancelSendBackResult = z.object({ id: z.number(), status: z.string() });
