/**
 * Funds records: recharge and replenish records, coupons, pick-up settlements,
 * monthly statements, the Alipay split-ledger (分账) authorization and the legacy balance.
 * Money is integer fen everywhere; yuan only on screen.
 */
import { z } from 'zod';
import { dayField, daysInOrder, monthField, optionalDay } from './dates.js';
import { ReplenishStatus, TransactionType } from './enums.js';
import { optionalFilter } from './filters.js';
import { PaymentStatus } from './funds.js';
import { fenField } from './money.js';
import { id, pageQuery, requiredText } from './schema-helpers.js';

const dateRange = { dateFrom: dayField('开始日期').optional(), dateTo: dayField('结束日期').optional() };
const RANGE_ORDER = daysInOrder('dateFrom', 'dateTo', '开始日期不能晚于结束日期');

export const REPLENISH_STATUS_NAMES: Record<z.infer<typeof ReplenishStatus>, string> = {
  WAITING_PAYMENT: '待付款',
  PAID: '已付款',
  CANCELED: '已取消',
};

// ---- 充值记录 / 待付款补款 ----------------------------------------------------------------------

export const RECHARGE_STATUS_NAMES: Record<z.infer<typeof PaymentStatus>, string> = { WAITING_PAYMENT: '待支付', PAID: '已支付', CLOSED: '已关闭' };

export const RechargePageBody = pageQuery.extend({ status: PaymentStatus.optional().describe('状态'), ...dateRange }).refine(...RANGE_ORDER);
/** The export takes the page's filters without paging. */
export const RechargeExportBody = z.object({ status: PaymentStatus.optional().describe('状态'), ...dateRange }).refine(...RANGE_ORDER);
export const RechargeRecordRow = z.object({
  id: z.number(),
  createdAt: z.string(),
  outTradeNo: z.string(),
  amountFen: z.number().int(),
  method: z.string(),
  status: z.string(),
  paidAt: z.string().nullable(),
});
export type RechargeRecordRow = z.infer<typeof RechargeRecordRow>;

export const ReplenishPageBody = pageQuery.extend({ status: ReplenishStatus.optional().describe('状态'), ...dateRange }).refine(...RANGE_ORDER);
export const ReplenishExportBody = z.object({ status: ReplenishStatus.optional().describe('状态'), ...dateRange }).refine(...RANGE_ORDER);
export const ReplenishRecordRow = z.object({
  id: z.number(),
  amountFen: z.number().int(),
  reason: z.string().nullable(),
  /** The dropship order or take item the price rise belongs to, when known. */
  orderNo: z.string().nullable(),
  purpose: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type ReplenishRecordRow = z.infer<typeof ReplenishRecordRow>;

export const pageResultOf = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), list: z.array(row) });

/** GET /api/home/goods/pay/later/statistics: 先拿货后付款 requests awaiting payment. */
export const PayLaterStatistics = z.object({ count: z.number().int(), amountFen: z.number().int() });

// ---- 优惠券 ------------------------------------------------------------------------------------

/** UNUSED and USED are stored; EXPIRED is read from the expiry time, so no job has to flip it. */
export const CouponStatus = z.enum(['UNUSED', 'USED', 'EXPIRED']).describe('优惠券状态');
export type CouponStatus = z.infer<typeof CouponStatus>;
export const COUPON_STATUS_NAMES: Record<CouponStatus, string> = { UNUSED: '未使用', USED: '已使用', EXPIRED: '已过期' };
export const COUPON_SOURCE_NAMES: Record<string, string> = { OPERATOR: '平台发放' };

export const CouponPageBody = pageQuery.extend({ status: CouponStatus.default('UNUSED').describe('优惠券状态') });
export const CouponRow = z.object({
  id: z.number(),
  name: z.string(),
  amountFen: z.number().int(),
  /** 0 = no threshold (无门槛). */
  thresholdFen: z.number().int(),
  validFrom: z.string(),
  validTo: z.string(),
  source: z.string(),
  status: CouponStatus,
  usedAt: z.string().nullable(),
  businessId: z.string().nullable(),
});
export type CouponRow = z.infer<typeof CouponRow>;
export const CouponPageResult = pageResultOf(CouponRow).extend({ counts: z.record(CouponStatus, z.number().int()) });

/** Coupons are at most ten thousand yuan and valid for at most a year. */
export const MAX_COUPON_FEN = 1_000_000;
export const CouponIssueBody = z
  .object({
    orgIds: z.array(id('卖家编号')).min(1, '请选择至少一个卖家').max(1000, '一次最多向1000个卖家发放').optional().describe('卖家编号'),
    all: z.boolean().optional().describe('全部卖家'),
    amountFen: fenField('优惠金额', 1, MAX_COUPON_FEN, { min: '优惠金额至少1分' }),
    thresholdFen: fenField('使用门槛', 0),
    validDays: z
      .number({ error: (iss) => (iss.input === undefined || iss.input === null ? '请输入有效天数' : '有效天数必须是数字') })
      .int('有效天数必须是整数')
      .min(1, '有效天数至少1天')
      .max(365, '有效天数不能超过365天')
      .describe('有效天数'),
    name: requiredText('优惠券名称', 30),
  })
  .refine((v) => (v.all === true) !== (v.orgIds !== undefined), { message: '请选择发放对象：指定卖家或全部卖家（二选一）', path: ['orgIds'] })
  .refine((v) => v.thresholdFen === 0 || v.thresholdFen > v.amountFen, { message: '使用门槛须为0（无门槛）或大于优惠金额', path: ['thresholdFen'] });
export const CouponIssueResult = z.object({ issued: z.number().int(), batchNo: z.string() });

/** What quoteCoupon answers the order payment. */
export type CouponQuote = { usable: true; discountFen: number; payFen: number } | { usable: false; reason: string };

// ---- 拿货结算 / 拿货员结算 ----------------------------------------------------------------------

export const SettlementPeriod = z.enum(['day', 'week', 'month']).describe('结算周期');
export const SETTLEMENT_PERIOD_NAMES: Record<z.infer<typeof SettlementPeriod>, string> = { day: '按日', week: '按周', month: '按月' };
export const SettlementKind = z.enum(['TAKE', 'RETURN']).describe('结算类型');
export const SETTLEMENT_KIND_NAMES: Record<z.infer<typeof SettlementKind>, string> = { TAKE: '拿货', RETURN: '退货回档口' };

/** Settlements are read over at most one year at a time: a bounded, indexed scan. */
export const MAX_SETTLEMENT_DAYS = 366;
const settlementRange = { dateFrom: dayField('开始日期'), dateTo: dayField('结束日期') };
const spanOk = (v: { dateFrom: string; dateTo: string }) => (Date.parse(v.dateTo) - Date.parse(v.dateFrom)) / 86_400_000 < MAX_SETTLEMENT_DAYS;
const SPAN = { message: `查询范围不能超过${MAX_SETTLEMENT_DAYS}天`, path: ['dateTo'] };

export const SettlementSummaryBody = pageQuery
  .extend({
    period: SettlementPeriod.default('day').describe('结算周期'),
    supplierName: z.string().trim().max(60, '档口名称不能超过60个字符').optional().describe('档口'),
    ...settlementRange,
  })
  .refine(...RANGE_ORDER)
  .refine(spanOk, SPAN);
export const SettlementTotals = z.object({ lines: z.number().int(), goodsFen: z.number().int(), commissionFen: z.number().int() });
export const SettlementSummaryRow = SettlementTotals.extend({ periodStart: z.string(), supplierName: z.string() });
export const SettlementSummaryResult = pageResultOf(SettlementSummaryRow).extend({ totals: SettlementTotals });

export const SettlementPickersBody = pageQuery
  .extend(settlementRange)
  .refine(...RANGE_ORDER)
  .refine(spanOk, SPAN);
export const SettlementPickerRow = SettlementTotals.extend({ pickerUserId: z.number().nullable(), pickerName: z.string() });
export const SettlementPickersResult = pageResultOf(SettlementPickerRow).extend({ totals: SettlementTotals });

export const SettlementLinesBody = pageQuery
  .extend({ pickerUserId: id('拿货员'), ...settlementRange })
  .refine(...RANGE_ORDER)
  .refine(spanOk, SPAN);
export const SettlementLineRow = z.object({
  id: z.number(),
  kind: SettlementKind,
  supplierName: z.string(),
  businessId: z.string(),
  goodsFen: z.number().int(),
  commissionFen: z.number().int(),
  occurredAt: z.string(),
});
export const SettlementLinesResult = pageResultOf(SettlementLineRow).extend({ pickerName: z.string(), totals: SettlementTotals });

// ---- 对账单 ------------------------------------------------------------------------------------

export const StatementQuery = z.object({ month: monthField() });
export const StatementGroup = z.object({
  transactionType: TransactionType,
  count: z.number().int(),
  /** Money into the available balance. */
  incomeFen: z.number().int(),
  /** Money out of the available balance, as a positive number. */
  expenseFen: z.number().int(),
  /** Net change of the frozen balance (withdrawals under review). */
  frozenChangeFen: z.number().int(),
});
export const StatementBalances = z.object({ availableFen: z.number().int(), frozenFen: z.number().int() });
export const StatementResult = z.object({
  month: z.string(),
  opening: StatementBalances,
  closing: StatementBalances,
  groups: z.array(StatementGroup),
  totals: z.object({ incomeFen: z.number().int(), expenseFen: z.number().int(), frozenChangeFen: z.number().int(), count: z.number().int() }),
});
export type StatementResult = z.infer<typeof StatementResult>;
export const StatementOverviewRow = z.object({
  month: z.string(),
  openingFen: z.number().int(),
  incomeFen: z.number().int(),
  expenseFen: z.number().int(),
  closingFen: z.number().int(),
  count: z.number().int(),
});
export const StatementOverview = z.array(StatementOverviewRow);

// ---- 支付宝分账授权 -----------------------------------------------------------------------------

export const RoyaltyStatus = z.enum(['BOUND', 'UNBOUND']);
export const ROYALTY_STATUS_NAMES: Record<z.infer<typeof RoyaltyStatus>, string> = { BOUND: '已授权', UNBOUND: '已解除' };
export const RoyaltyBindBody = z.object({
  account: z
    .string({ error: (iss) => (iss.input === undefined ? '请输入支付宝账号' : '支付宝账号必须是文字') })
    .trim()
    .min(1, '请输入支付宝账号')
    .max(100, '支付宝账号不能超过100个字符')
    .regex(/^(1\d{10}|[^\s@]+@[^\s@]+\.[^\s@]+)$/, '支付宝账号应为手机号或邮箱')
    .describe('支付宝账号'),
  name: requiredText('真实姓名或企业名称', 60),
});
export const RoyaltyRelationRow = z.object({
  id: z.number(),
  /** Masked: a logon id is personal data. */
  account: z.string(),
  name: z.string(),
  status: RoyaltyStatus,
  boundAt: z.string(),
  unboundAt: z.string().nullable(),
});
export const RoyaltyAuthState = z.object({ current: RoyaltyRelationRow.nullable(), history: z.array(RoyaltyRelationRow) });
export const RoyaltyVerifyResult = z.object({ bound: z.boolean(), onAlipay: z.boolean(), checkedAt: z.string() });
/** A split's status: 处理中 until Alipay confirms, 成功, 失败 (with the reason), 已退回 once a refund took it back. */
export const RoyaltySettlementStatus = z.enum(['PROCESSING', 'SUCCESS', 'FAIL', 'REVERSED']);
export type RoyaltySettlementStatus = z.infer<typeof RoyaltySettlementStatus>;
export const ROYALTY_SETTLEMENT_STATUS_NAMES: Record<RoyaltySettlementStatus, string> = {
  PROCESSING: '处理中',
  SUCCESS: '成功',
  FAIL: '失败',
  REVERSED: '已退回',
};
export const RoyaltyReceiverPart = z.object({ account: z.string(), amountFen: z.number().int() });
export const RoyaltySettlementRow = z.object({
  id: z.number(),
  /** Our out_trade_no of the Alipay trade (DP…). */
  businessId: z.string(),
  /** Alipay's trade_no. */
  tradeNo: z.string(),
  /** The orders whose service fee the split carries. */
  orderNos: z.array(z.string()),
  amountFen: z.number().int(),
  /** Per receiver, the account masked. */
  receivers: z.array(RoyaltyReceiverPart),
  status: RoyaltySettlementStatus,
  /** Why it failed or is still waiting (Alipay's own words when it said why). */
  reason: z.string().nullable(),
  account: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
});
export const RoyaltySettlementFilterShape = {
  status: optionalFilter(RoyaltySettlementStatus, '分账状态'),
  /** Our trade number (DP…), Alipay's trade number or an order number. */
  tradeNo: optionalFilter(z.string().trim().max(64, '交易号不能超过64个字符').describe('交易号'), '交易号'),
  createdFrom: optionalDay('开始日期'),
  createdTo: optionalDay('结束日期'),
};
const ROYALTY_DAYS = daysInOrder('createdFrom', 'createdTo', '开始日期不能晚于结束日期');
export const RoyaltySettlementFilter = z.object(RoyaltySettlementFilterShape).refine(...ROYALTY_DAYS);
export type RoyaltySettlementFilter = z.output<typeof RoyaltySettlementFilter>;
export const RoyaltySettlementPageBody = pageQuery.extend(RoyaltySettlementFilterShape).refine(...ROYALTY_DAYS);
export type RoyaltySettlementPageBody = z.input<typeof RoyaltySettlementPageBody>;
/** The page plus the sums of the filtered rows by status, in fen. */
export const RoyaltySettlementPage = z.object({
  total: z.number().int(),
  list: z.array(RoyaltySettlementRow),
  totals: z.object({ successFen: z.number().int(), processingFen: z.number().int(), failFen: z.number().int(), reversedFen: z.number().int() }),
});
/** The check beside the ledger check: every split agrees with the trade money the ledger took in. */
export const RoyaltyCheckResult = z.object({
  settlements: z.number().int(),
  mismatches: z.array(z.object({ orgId: z.number(), settlementId: z.number(), reason: z.string() })),
});

// ---- 旧余额 ------------------------------------------------------------------------------------

export const OldBalance = z.object({ amountFen: z.number().int(), migrated: z.boolean(), migratedAt: z.string().nullable() });
export const OldBalanceMigrateResult = z.object({ movedFen: z.number().int(), alreadyMigrated: z.boolean() });
