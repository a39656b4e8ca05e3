/**
 * Problem parcels (问题件, /afterSale/problemList, /afterSale/problemSendBack) and the seller's side of
 * a claimed headless parcel (/afterSale/headlessSendBack): the list with tab counts, the goods, the
 * detail with its timeline, discard, send-back with a quoted freight paid by balance or Alipay, and
 * the warehouse shipping a paid send-back (docs/decisions/0027-problem-headless-parcels.md).
 */
import { z } from 'zod';
import { daysInOrder, optionalDay } from './dates.js';
import { ReceiverFields } from './dropship-orders.js';
import { ParcelStatus } from './enums.js';
import { optionalFilter } from './filters.js';
import { type AlipayPayMethod, AlipayPayResult, requestKeyField } from './funds.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

export const PARCEL_STATUS_NAMES: Record<z.infer<typeof ParcelStatus>, string> = {
  WAITING_PROCESS: '待处理',
  WAITING_PAYMENT: '待支付运费',
  WAITING_RETURN: '待寄回',
  RETURNED: '已退回',
  SEND_BACKED: '已寄回',
  DISCARD: '已弃件',
  PROCESSED: '已重发',
  WAIT_CLAIM: '待认领',
  CLAIMED: '已认领',
  MATCHED: '已匹配',
};

export const ParcelKind = z.enum(['PROBLEM', 'HEADLESS'], { error: '包裹类型只能是问题件或无头件（PROBLEM、HEADLESS）' }).describe('包裹类型');
export type ParcelKind = z.infer<typeof ParcelKind>;
export const PARCEL_KIND_NAMES: Record<ParcelKind, string> = { PROBLEM: '问题件', HEADLESS: '无头件' };

export const PARCEL_SOURCE_NAMES: Record<string, string> = {
  INSPECTION: '验货异常',
  STALL_REFUSE: '档口拒退',
  AFTER_SALE: '售后退回',
  REGISTRATION: '退货登记',
};

/** The seller's tabs, in order; absent = 全部. */
export const PROBLEM_TABS = ['WAITING_PROCESS', 'WAITING_PAYMENT', 'WAITING_RETURN', 'SEND_BACKED', 'DISCARD', 'PROCESSED'] as const;

const ProblemFilterShape = {
  status: optionalFilter(ParcelStatus, '状态'),
  kind: optionalFilter(ParcelKind, '包裹类型'),
  /** The waybill it came in by, or the parcel's label number. */
  trackingNo: optionalFilter(text('快递单号/问题件编号', 40), '快递单号/问题件编号'),
  createdFrom: optionalDay('登记开始日期'),
  createdTo: optionalDay('登记结束日期'),
  deadlineFrom: optionalDay('处理期限开始日期'),
  deadlineTo: optionalDay('处理期限结束日期'),
};
export const ProblemFilter = z
  .object(ProblemFilterShape)
  .refine(...daysInOrder('createdFrom', 'createdTo', '登记开始日期不能晚于结束日期'))
  .refine(...daysInOrder('deadlineFrom', 'deadlineTo', '处理期限开始日期不能晚于结束日期'));
export type ProblemFilter = z.output<typeof ProblemFilter>;
export const ProblemPageBody = pageQuery
  .extend(ProblemFilterShape)
  .refine(...daysInOrder('createdFrom', 'createdTo', '登记开始日期不能晚于结束日期'))
  .refine(...daysInOrder('deadlineFrom', 'deadlineTo', '处理期限开始日期不能晚于结束日期'));
export type ProblemPageBody = z.input<typeof ProblemPageBody>;

export const ParcelGoodSchema = z.object({
  title: z.string().optional(),
  sku: z.string().optional(),
  itemNo: z.string().optional(),
  color: z.string().optional(),
  size: z.string().optional(),
  quantity: z.number().int(),
});

export const ProblemRow = z.object({
  id: z.number(),
  kind: ParcelKind,
  status: ParcelStatus,
  source: z.string(),
  barcodeNo: z.string().nullable(),
  trackingNo: z.string().nullable(),
  reason: z.string().nullable(),
  goods: z.array(ParcelGoodSchema),
  afterSaleId: z.number().nullable(),
  warehouseName: z.string().nullable(),
  /** The send-back receiver, masked as in every list. */
  receiverName: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  receiverAddress: z.string().nullable(),
  expressName: z.string().nullable(),
  freightFen: z.number().int().nullable(),
  sendBackWaybillNo: z.string().nullable(),
  sendBackCourierName: z.string().nullable(),
  /** 重发 (PROCESSED): the new dropship order the goods left in. */
  reshipOrderId: z.number().nullable(),
  reshipOrderNo: z.string().nullable(),
  deadlineAt: z.string(),
  createdAt: z.string(),
});
export type ProblemRow = z.infer<typeof ProblemRow>;

export const ProblemPageResult = z.object({
  total: z.number(),
  list: z.array(ProblemRow),
  counts: z.record(z.string(), z.number()),
});
export type ProblemPageResult = z.infer<typeof ProblemPageResult>;

export const ProblemIdsBody = z.object({
  ids: z.array(id('问题件'), { error: '问题件必须是数组' }).min(1, '请至少选择一个问题件').max(200, '一次最多处理200个问题件').describe('问题件'),
});
export const ProblemIdBody = z.object({ id: id('问题件') });

/** A batch action's answer: which went through and, for each that did not, why (Chinese). */
export const ProblemBatchResult = z.object({
  done: z.array(z.number()),
  failed: z.array(z.object({ id: z.number(), barcodeNo: z.string().nullable(), message: z.string() })),
});
export type ProblemBatchResult = z.infer<typeof ProblemBatchResult>;

export const ProblemGoodRow = z.object({ parcelId: z.number(), barcodeNo: z.string().nullable() }).extend(ParcelGoodSchema.shape);
export type ProblemGoodRow = z.infer<typeof ProblemGoodRow>;

export const ProblemEvent = z.object({
  operation: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export const ProblemDetail = ProblemRow.extend({
  note: z.string().nullable(),
  returnCourierName: z.string().nullable(),
  receiverProvince: z.string().nullable(),
  receiverCity: z.string().nullable(),
  receiverDistrict: z.string().nullable(),
  sendBackedAt: z.string().nullable(),
  /** Served by GET /api/b2/parcels/photo/{id}. */
  photoIds: z.array(z.number()),
  events: z.array(ProblemEvent),
});
export type ProblemDetail = z.infer<typeof ProblemDetail>;

/** 申请寄回: where to and by which courier; the freight is quoted from the express rules. */
export const ProblemSendBackBody = z.object({
  id: id('问题件'),
  receiver: ReceiverFields,
  expressCode: requiredText('快递公司', 30),
});
export type ProblemSendBackBody = z.input<typeof ProblemSendBackBody>;

/** The freight of a send-back before asking: the same quote the send-back will use. */
export const ProblemFreightBody = z.object({ id: id('问题件'), province: requiredText('收货省份', 20) });
export const ProblemFreightRow = z.object({ code: z.string(), name: z.string(), feeFen: z.number().int() });

export const ProblemPayBody = z
  .object({
    id: id('问题件'),
    payMethod: z
      .enum(['BALANCE', 'ALIPAY_WEB', 'ALIPAY_WAP', 'ALIPAY_APP'], { error: '支付方式只能是余额或支付宝（BALANCE、ALIPAY_WEB、ALIPAY_WAP、ALIPAY_APP）' })
      .describe('支付方式'),
    payPassword: z
      .string({ error: '支付密码必须是文字' })
      .regex(/^\d{6}$/, '支付密码必须是6位数字')
      .optional()
      .describe('支付密码'),
    requestKey: requestKeyField,
  })
  .refine((b) => b.payMethod !== 'BALANCE' || b.payPassword !== undefined, { message: '余额支付请输入支付密码', path: ['payPassword'] });
export type ProblemPayBody = z.input<typeof ProblemPayBody>;
export type ProblemAlipayMethod = z.infer<typeof AlipayPayMethod>;

export const ProblemPayResult = z.object({
  id: z.number(),
  status: ParcelStatus,
  amountFen: z.number().int(),
  /** True when the balance paid it now (or this request key already had). */
  paid: z.boolean(),
  alipay: AlipayPayResult.nullable(),
});
export type ProblemPayResult = z.infer<typeof ProblemPayResult>;

/** An Alipay freight trade as the page polls it (the server asks Alipay while it is unpaid). */
export const ProblemFreightPaymentQuery = z.object({ outTradeNo: requiredText('支付单号', 40).regex(/^PF\d{24}$/, '支付单号格式不正确') });
export const ProblemFreightPayment = z.object({
  outTradeNo: z.string(),
  amountFen: z.number().int(),
  status: z.enum(['WAITING_PAYMENT', 'PAID', 'CLOSED']),
  parcelId: z.number(),
  parcelStatus: ParcelStatus,
});
export type ProblemFreightPayment = z.infer<typeof ProblemFreightPayment>;

export const ProblemStatusResult = z.object({ id: z.number(), status: ParcelStatus });
export type ProblemStatusResult = z.infer<typeof ProblemStatusResult>;

/** The seller's saved address to offer on the send-back page (null: type one). */
export const ProblemSendBackOptions = z.object({ savedAddress: ReceiverFields.nullable() });

// ---- 仓库：寄回发货 ---------------------------------------------------------------------------------

/** The warehouse's send-backs to ship (WAITING_RETURN), or the one its scanned label number names. */
export const PurchaserSendBackPageBody = pageQuery.extend({ code: optionalFilter(text('问题件编号/快递单号', 40), '问题件编号/快递单号') });
export const PurchaserSendBackRow = z.object({
  id: z.number(),
  kind: ParcelKind,
  barcodeNo: z.string().nullable(),
  trackingNo: z.string().nullable(),
  sellerName: z.string(),
  goods: z.array(ParcelGoodSchema),
  expressName: z.string().nullable(),
  /** Masked: the plain receiver is printed on the waybill the courier brings, never listed. */
  receiverName: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  receiverAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type PurchaserSendBackRow = z.infer<typeof PurchaserSendBackRow>;
export const PurchaserSendBackPage = z.object({ total: z.number(), list: z.array(PurchaserSendBackRow) });

export const PurchaserShipSendBackBody = z.object({
  id: id('问题件'),
  waybillNo: requiredText('寄回快递单号', 40).regex(/^[A-Za-z0-9-]+$/, '寄回快递单号只能是字母、数字和横线'),
  courierName: requiredText('寄回快递公司', 30),
});
export type PurchaserShipSendBackBody = z.input<typeof PurchaserShipSendBackBody>;

// ---- 重发：问题件的商品作为新的代发订单发出 ----------------------------------------------------------

/** What a re-ship costs per courier: the goods are already paid, so express and the service fee only. */
export const ProblemReshipQuoteBody = z.object({ id: id('问题件'), province: requiredText('收货省份', 20) });
export const ProblemReshipQuoteRow = z.object({
  code: z.string(),
  name: z.string(),
  expressFeeFen: z.number().int(),
  serviceFeeFen: z.number().int(),
  totalFen: z.number().int(),
});
export type ProblemReshipQuoteRow = z.infer<typeof ProblemReshipQuoteRow>;

/** 重发: the new order's receiver and courier, paid from the balance at once (pay password, request key). */
export const ProblemReshipBody = z.object({
  id: id('问题件'),
  receiver: ReceiverFields,
  expressCode: requiredText('快递公司', 30),
  payPassword: z
    .string({ error: (iss) => (iss.input === undefined ? '请输入支付密码' : '支付密码必须是文字') })
    .regex(/^\d{6}$/, '支付密码必须是6位数字')
    .describe('支付密码'),
  requestKey: requestKeyField,
});
export type ProblemReshipBody = z.input<typeof ProblemReshipBody>;

export const ProblemReshipResult = z.object({
  id: z.number(),
  status: ParcelStatus,
  orderId: z.number(),
  orderNo: z.string(),
  totalFen: z.number().int(),
});
export type ProblemReshipResult = z.infer<typeof ProblemReshipResult>;
