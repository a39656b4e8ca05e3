/**
 * Automatic after-sale (自动售后, /basicSet/automaticAfterSale and its log
 * /basicSet/automaticAfterSale/AutomaticLog): per-shop rules the seller sets, applied by a job to every
 * platform after-sale the shop sync opens, each decision logged with the rule that made it; and the
 * seller's own 同意退款 / 拒绝退款 answers to a platform after-sale (decision 0026).
 */
import { z } from 'zod';
import { daysInOrder, optionalDay } from './dates.js';
import { optionalFilter } from './filters.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

// ---- 同意 / 拒绝退款 --------------------------------------------------------------------------------

/** 拒绝退款: the reason is shown to the buyer on the platform. */
export const AfterSaleRefuseBody = z.object({ id: id('售后单'), reason: requiredText('拒绝原因', 200) });
export type AfterSaleRefuseBody = z.input<typeof AfterSaleRefuseBody>;

/**
 * Channels whose platform takes the seller's answer through the API (their clients' refundAnswerable;
 * Weidian and the ERPs answer on their own back office). The list's row actions read this; the detail
 * asks the shop's client itself. Kept equal to the clients' own declarations by
 * apps/server/src/modules/after-sale/refund-answer-channels.test.ts.
 */
export const REFUND_ANSWER_CHANNELS: readonly string[] = ['TAOBAO', 'JD', 'PDD', 'TIKTOK', 'KUAISHOU', 'REDBOOK'];

// ---- 规则 ------------------------------------------------------------------------------------------

/** The rules a decision names in the log. */
export const AutoAfterSaleRuleCode = z.enum(['UNSHIPPED_REFUND_AGREE', 'SHIPPED_RETURN_CREATE']).describe('自动售后规则');
export type AutoAfterSaleRuleCode = z.infer<typeof AutoAfterSaleRuleCode>;
export const AUTO_AFTER_SALE_RULE_NAMES: Record<AutoAfterSaleRuleCode, string> = {
  UNSHIPPED_REFUND_AGREE: '未拿货仅退款自动拦截并同意',
  SHIPPED_RETURN_CREATE: '已发货退货退款自动同意并创建退货售后',
};

/** Most yuan a limit may name, in fen (one million yuan). */
const MAX_LIMIT_FEN = 100_000_000;

/** A shop's rules. A limit applies to every rule: the refund's amount at most maxRefundFen, its reason containing one of `reasons`. */
export const AutoAfterSaleRule = z.object({
  unshippedRefundAgree: z.boolean({ error: '请选择是否开启未拿货仅退款自动拦截并同意' }).describe('未拿货仅退款自动拦截并同意'),
  shippedReturnCreate: z.boolean({ error: '请选择是否开启已发货退货退款自动创建退货售后' }).describe('已发货退货退款自动创建退货售后'),
  /** null: no amount limit. */
  maxRefundFen: z
    .number({ error: '金额上限必须是数字' })
    .int('金额上限必须精确到分')
    .min(1, '金额上限至少0.01元')
    .max(MAX_LIMIT_FEN, '金额上限不能超过100万元')
    .nullable()
    .default(null)
    .describe('退款金额上限（分）'),
  /** Empty: any reason. A refund whose reason contains one of these passes. */
  reasons: z.array(requiredText('退款原因', 30), { error: '退款原因必须是数组' }).max(20, '最多20个退款原因').default([]).describe('退款原因'),
});
export type AutoAfterSaleRule = z.output<typeof AutoAfterSaleRule>;

/** Saves the same rules on every shop chosen. */
export const AutoAfterSaleSaveBody = AutoAfterSaleRule.extend({
  shopIds: z.array(id('店铺'), { error: '店铺必须是数组' }).min(1, '请至少选择一个店铺').max(200, '一次最多200个店铺').describe('店铺'),
});
export type AutoAfterSaleSaveBody = z.input<typeof AutoAfterSaleSaveBody>;

export const AutoAfterSaleShop = z.object({
  shopId: z.number(),
  shopName: z.string(),
  channel: z.string(),
  /** Whether the platform takes the seller's answer through the API (else the rules only act here). */
  refundAnswerable: z.boolean(),
  rule: AutoAfterSaleRule,
  /** Any rule on. */
  active: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AutoAfterSaleShop = z.infer<typeof AutoAfterSaleShop>;
export const AutoAfterSaleSettings = z.object({ shops: z.array(AutoAfterSaleShop) });
export type AutoAfterSaleSettings = z.infer<typeof AutoAfterSaleSettings>;

/** activeAutoSaleTag: whether any shop has a rule on (the page header shows a tag). */
export const ActiveAutoSaleTag = z.object({ active: z.boolean(), shops: z.number().int() });
export type ActiveAutoSaleTag = z.infer<typeof ActiveAutoSaleTag>;

// ---- 日志 ------------------------------------------------------------------------------------------

export const AutoAfterSaleResult = z.enum(['APPLIED', 'SKIPPED', 'FAILED']).describe('处理结果');
export type AutoAfterSaleResult = z.infer<typeof AutoAfterSaleResult>;
export const AUTO_AFTER_SALE_RESULT_NAMES: Record<AutoAfterSaleResult, string> = { APPLIED: '已执行', SKIPPED: '未执行', FAILED: '失败' };

export const AutoAfterSaleLogFilterShape = {
  shopId: optionalFilter(id('店铺'), '店铺'),
  result: optionalFilter(AutoAfterSaleResult, '处理结果'),
  /** After-sale number, order number or the platform's refund number. */
  keyword: optionalFilter(text('单号', 64), '单号'),
  createdFrom: optionalDay('开始日期'),
  createdTo: optionalDay('结束日期'),
};
const IN_ORDER = daysInOrder('createdFrom', 'createdTo', '开始日期不能晚于结束日期');
export const AutoAfterSaleLogFilter = z.object(AutoAfterSaleLogFilterShape).refine(...IN_ORDER);
export type AutoAfterSaleLogFilter = z.output<typeof AutoAfterSaleLogFilter>;
export const AutoAfterSaleLogPageBody = pageQuery.extend(AutoAfterSaleLogFilterShape).refine(...IN_ORDER);
export type AutoAfterSaleLogPageBody = z.input<typeof AutoAfterSaleLogPageBody>;

export const AutoAfterSaleLogRow = z.object({
  id: z.number(),
  createdAt: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  afterSaleId: z.number(),
  afterSaleNo: z.string(),
  orderNo: z.string(),
  platformRefundId: z.string(),
  /** null: no rule matched (skipped before any rule). */
  rule: AutoAfterSaleRuleCode.nullable(),
  result: AutoAfterSaleResult,
  message: z.string(),
});
export type AutoAfterSaleLogRow = z.infer<typeof AutoAfterSaleLogRow>;
export const AutoAfterSaleLogPage = z.object({ total: z.number().int(), list: z.array(AutoAfterSaleLogRow) });
export type AutoAfterSaleLogPage = z.infer<typeof AutoAfterSaleLogPage>;

/** Most rows one log export writes. */
export const AUTO_AFTER_SALE_LOG_EXPORT_MAX_ROWS = 100_000;
