/**
 * Declarations (报单): goods a seller asks to have picked without a marketplace order. A declaration
 * is a batch of typed / pasted / imported lines (stall, 货号, color, size, quantity, unit price, and a
 * receiver per line or one delivery mode for all), saved as a draft (我的报单), then submitted: it
 * becomes dropship orders with source DECLARATION, paid like any other order
 * (docs/decisions/0016-declarations.md).
 */
import { z } from 'zod';
import { daysInOrder, optionalDay } from './dates.js';
import { ReceiverFields } from './dropship-orders.js';
import { CombinedOrderStatus, TakingItemStatus } from './enums.js';
import { ExpressCode } from './express.js';
import { optionalFilter } from './filters.js';
import { unitPriceField } from './money.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

/** Where the goods of a declaration go. */
export const DeclarationDelivery = z.enum(['RECEIVER', 'OWN_ADDRESS', 'SELF_PICKUP'], { error: '请选择发货方式' }).describe('发货方式');
export type DeclarationDelivery = z.infer<typeof DeclarationDelivery>;
export const DECLARATION_DELIVERY_NAMES: Record<DeclarationDelivery, string> = {
  RECEIVER: '按每行收货人发货',
  OWN_ADDRESS: '发到我的收货地址',
  SELF_PICKUP: '仓库留存自提',
};

export const DeclarationStatus = z.enum(['DRAFT', 'SUBMITTED']).describe('报单状态');
export type DeclarationStatus = z.infer<typeof DeclarationStatus>;
export const DECLARATION_STATUS_NAMES: Record<DeclarationStatus, string> = { DRAFT: '草稿', SUBMITTED: '已提交' };

/** Express code of self-pickup orders: no courier, no freight; the warehouse holds the parcel. */
export const SELF_PICKUP_EXPRESS = 'SELF_PICKUP';
/** Most lines one declaration holds (a day's declaration of a busy seller). */
export const DECLARATION_MAX_LINES = 500;

const quantity = z
  .number({ error: (iss) => (iss.input === undefined ? '请输入数量' : '数量必须是数字') })
  .int('数量必须是整数')
  .min(1, '数量至少1件')
  .max(999, '数量不能超过999件')
  .describe('数量');
const unitPrice = unitPriceField('单价');

export const DeclarationLineInput = z.object({
  /** The stall as the seller writes it: its code (档口编码) or its name. */
  stall: requiredText('档口', 60),
  artNo: requiredText('货号', 60),
  color: text('颜色', 30).default(''),
  size: text('尺码', 30).default(''),
  quantity,
  unitPriceFen: unitPrice,
  /** Only with delivery RECEIVER: lines with the same receiver ship in one parcel. */
  receiver: ReceiverFields.optional(),
  remark: text('备注', 100).default(''),
});
export type DeclarationLineInput = z.input<typeof DeclarationLineInput>;

export const DeclarationSaveBody = z.object({
  /** Absent: a new draft; present: replaces that draft's lines. */
  id: id('报单').optional(),
  delivery: DeclarationDelivery,
  expressCode: ExpressCode.optional(),
  remark: text('备注', 200).default(''),
  lines: z
    .array(DeclarationLineInput, { error: '报单明细必须是数组' })
    .min(1, '请至少填写一行商品')
    .max(DECLARATION_MAX_LINES, `一次最多报${DECLARATION_MAX_LINES}行`)
    .describe('报单明细'),
});
export type DeclarationSaveBody = z.input<typeof DeclarationSaveBody>;

/** One line's verdict: the stall it resolved to, or why it cannot be declared (Chinese). */
export const DeclarationLineCheck = z.object({
  lineNo: z.number().int(),
  supplierId: z.number().nullable(),
  stallName: z.string(),
  problems: z.array(z.string()),
});
export type DeclarationLineCheck = z.infer<typeof DeclarationLineCheck>;
export const DeclarationCheckResult = z.object({ lines: z.array(DeclarationLineCheck), ok: z.boolean() });
export type DeclarationCheckResult = z.infer<typeof DeclarationCheckResult>;

export const DeclarationIdBody = z.object({ id: id('报单') });
export const DeclarationIdQuery = z.object({ id: id('报单') });

const IN_ORDER = daysInOrder('dateFrom', 'dateTo', '开始日期不能晚于结束日期');

const DeclarationFilterShape = {
  declarationNo: optionalFilter(text('报单号', 32), '报单号'),
  dateFrom: optionalDay('开始日期'),
  dateTo: optionalDay('结束日期'),
};
export const DeclarationPageBody = pageQuery.extend({ status: optionalFilter(DeclarationStatus, '报单状态'), ...DeclarationFilterShape }).refine(...IN_ORDER);
/** 我的报单 / 报单历史 export: the list's filters, without paging (the page decides the status). */
export const DeclarationFilter = z.object(DeclarationFilterShape).refine(...IN_ORDER);
export type DeclarationFilter = z.output<typeof DeclarationFilter>;
export type DeclarationPageBody = z.input<typeof DeclarationPageBody>;

export const DeclarationRow = z.object({
  id: z.number(),
  declarationNo: z.string(),
  status: DeclarationStatus,
  delivery: DeclarationDelivery,
  expressCode: z.string().nullable(),
  remark: z.string(),
  lineCount: z.number().int(),
  quantity: z.number().int(),
  goodsFen: z.number().int(),
  /** Submitted: the orders it became, with their combined statuses. */
  orders: z.array(z.object({ id: z.number(), orderNo: z.string(), combinedStatus: CombinedOrderStatus, totalFen: z.number().int() })),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type DeclarationRow = z.infer<typeof DeclarationRow>;
export const DeclarationPageResult = z.object({ total: z.number().int(), list: z.array(DeclarationRow) });
export type DeclarationPageResult = z.infer<typeof DeclarationPageResult>;

export const DeclarationLineRow = z.object({
  id: z.number(),
  lineNo: z.number().int(),
  stall: z.string(),
  supplierId: z.number().nullable(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  unitPriceFen: z.number().int(),
  receiver: ReceiverFields.nullable(),
  remark: z.string(),
  orderNo: z.string().nullable(),
  takeStatus: TakingItemStatus.nullable(),
});
export type DeclarationLineRow = z.infer<typeof DeclarationLineRow>;
export const DeclarationDetail = DeclarationRow.extend({ lines: z.array(DeclarationLineRow) });
export type DeclarationDetail = z.infer<typeof DeclarationDetail>;

export const DeclarationSubmitResult = z.object({
  id: z.number(),
  declarationNo: z.string(),
  orders: z.array(z.object({ id: z.number(), orderNo: z.string(), totalFen: z.number().int() })),
  totalFen: z.number().int(),
});
export type DeclarationSubmitResult = z.infer<typeof DeclarationSubmitResult>;

// ---- 报单记录（逐行）与报单拿货（按档口） ------------------------------------------------------------

export const DeclarationRecordFilterShape = {
  declarationNo: optionalFilter(text('报单号', 32), '报单号'),
  stall: optionalFilter(text('档口', 60), '档口'),
  artNo: optionalFilter(text('货号', 60), '货号'),
  takeStatus: optionalFilter(TakingItemStatus, '拿货状态'),
  dateFrom: optionalDay('开始日期'),
  dateTo: optionalDay('结束日期'),
};
export const DeclarationRecordFilter = z.object(DeclarationRecordFilterShape).refine(...IN_ORDER);
export type DeclarationRecordFilter = z.output<typeof DeclarationRecordFilter>;
export const DeclarationRecordPageBody = pageQuery.extend(DeclarationRecordFilterShape).refine(...IN_ORDER);
export type DeclarationRecordPageBody = z.input<typeof DeclarationRecordPageBody>;

export const DeclarationRecordRow = z.object({
  id: z.number(),
  declarationId: z.number(),
  declarationNo: z.string(),
  status: DeclarationStatus,
  lineNo: z.number().int(),
  stall: z.string(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  unitPriceFen: z.number().int(),
  /** Masked (maskName / maskPhone); '' for own-address and self-pickup lines. */
  receiverName: z.string(),
  receiverPhone: z.string(),
  orderNo: z.string().nullable(),
  takeStatus: TakingItemStatus.nullable(),
  createdAt: z.string(),
});
export type DeclarationRecordRow = z.infer<typeof DeclarationRecordRow>;
export const DeclarationRecordPageResult = z.object({ total: z.number().int(), list: z.array(DeclarationRecordRow) });
export type DeclarationRecordPageResult = z.infer<typeof DeclarationRecordPageResult>;

export const DeclarationGoodsBody = z
  .object({ dateFrom: DeclarationRecordFilterShape.dateFrom, dateTo: DeclarationRecordFilterShape.dateTo, stall: DeclarationRecordFilterShape.stall })
  .refine(...IN_ORDER);
export type DeclarationGoodsBody = z.input<typeof DeclarationGoodsBody>;

/** 报单拿货: the submitted declared goods of one stall and how far their pick-up has come. */
export const DeclarationStallGoods = z.object({
  stall: z.string(),
  supplierId: z.number().nullable(),
  market: z.string(),
  stallNo: z.string(),
  lines: z.number().int(),
  quantity: z.number().int(),
  goodsFen: z.number().int(),
  /** Quantity by take status; 'UNPAID' for lines whose order is not paid yet. */
  byStatus: z.record(z.string(), z.number().int()),
  items: z.array(
    z.object({
      declarationNo: z.string(),
      orderNo: z.string().nullable(),
      artNo: z.string(),
      color: z.string(),
      size: z.string(),
      quantity: z.number().int(),
      takeStatus: TakingItemStatus.nullable(),
    }),
  ),
});
export type DeclarationStallGoods = z.infer<typeof DeclarationStallGoods>;
export const DeclarationGoodsResult = z.object({ stalls: z.array(DeclarationStallGoods) });
export type DeclarationGoodsResult = z.infer<typeof DeclarationGoodsResult>;
