/**
 * Funds: the balance, the ledger check, and money in and out (pay password, SMS codes, Alipay
 * recharge, withdrawal, replenish payment, ledger entries). Money is integer fen everywhere; the
 * page converts yuan on screen (DOMAIN.md "Money", docs/decisions/0003-funds-payments.md).
 */
import { z } from 'zod';
import { PaymentMethod, type PaymentPurpose, TransactionType } from './enums.js';
import { payPassword } from './funds-pay-password.js';
import { fenField, MAX_FEN } from './money.js';
import { id, text } from './schema-helpers.js';

export const BalanceResult = z.object({
  /** Spendable, in fen. */
  available: z.number().int(),
  /** Held for withdrawals under review and similar, in fen. */
  frozen: z.number().int(),
});

export const LedgerCheckResult = z.object({
  accounts: z.number().int(),
  entries: z.number().int(),
  /** Accounts whose balances differ from the sum of their entries, or whose entries' running balances break. */
  mismatches: z.array(z.object({ orgId: z.number(), reason: z.string() })),
});

/** The largest single movement the ledger takes: ten million yuan (docs/decisions/0002-ledger.md). */
export const MAX_AMOUNT_FEN = MAX_FEN;
/** Alipay's smallest transfer is 0.10 yuan, so a withdrawal below it could never be paid out. */
export const MIN_WITHDRAW_FEN = 10;

const isMissing = (v: unknown) => v === undefined || v === null;

/** A ledger amount in fen: a JSON integer, 1..MAX_AMOUNT_FEN. Strings, fractions, negatives and huge numbers are refused. */
export const fenAmount = (label: string) =>
  fenField(label, 1, MAX_AMOUNT_FEN, { integer: `${label}必须是整数（单位：分），不能有小数`, max: `${label}单笔不能超过1000万元` });

/** The caller's idempotency key (the page's requestKey: 36 characters, a colon and a timestamp). */
export const requestKeyField = z
  .string({ error: (iss) => (isMissing(iss.input) ? '请求编号缺失，请刷新页面后重试' : '请求编号必须是文字') })
  .trim()
  .min(8, '请求编号无效，请刷新页面后重试')
  .max(64, '请求编号无效，请刷新页面后重试')
  .regex(/^[A-Za-z0-9:_-]+$/, '请求编号无效，请刷新页面后重试')
  .describe('请求编号');

export const AlipayPayMethod = z
  .enum(['ALIPAY_WEB', 'ALIPAY_WAP', 'ALIPAY_APP'], { error: '支付方式只能是支付宝网页、手机网页或App（ALIPAY_WEB、ALIPAY_WAP、ALIPAY_APP）' })
  .describe('支付方式');
export type AlipayPayMethod = z.infer<typeof AlipayPayMethod>;

/** Recharges and Alipay payments: waiting, paid, or closed (Alipay closed the trade). */
export const PaymentStatus = z.enum(['WAITING_PAYMENT', 'PAID', 'CLOSED']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** Withdrawal statuses (docs/decisions/0003-funds-payments.md): each change is a named operation. */
export const WithdrawStatus = z.enum(['REVIEWING', 'TRANSFERRING', 'SUCCESS', 'REJECTED', 'FAILED']);
export type WithdrawStatus = z.infer<typeof WithdrawStatus>;
export const WITHDRAW_STATUS_NAMES: Record<WithdrawStatus, string> = {
  REVIEWING: '审核中',
  TRANSFERRING: '打款中',
  SUCCESS: '提现成功',
  REJECTED: '已驳回',
  FAILED: '打款失败',
};

export const TRANSACTION_TYPE_NAMES: Record<z.infer<typeof TransactionType>, string> = {
  ORDER: '代发订单',
  RECHARGE: '充值',
  TRANSFER: '转账',
  WITHDRAWAL: '提现',
  REPLENISH: '补款',
  REFUND: '退款',
  APPEAL: '申诉',
  OTHER: '其他',
  PROXY_RETURN_GOODS: '代退货',
  BALANCE_MIGRATE: '余额迁移',
  POST_ORDER: '寄回订单',
  ALI_REFUND: '支付宝退款',
  PICKUP: '线下拿货',
  FOR_FACTORY_SHIPMENT: '退回档口运费',
  OFFLINE_REFUND: '线下退款',
  PUR_PLATFORM_TAKE_RETURN: '平台拿退货',
};

export const PAYMENT_PURPOSE_NAMES: Record<z.infer<typeof PaymentPurpose>, string> = {
  ORDER: '货款',
  FREIGHT: '运费',
  UPDATE_PRICE: '改价补款',
  GOODS_PAY_LATER: '先发后付',
  OTHER: '其他',
};

// ---- Recharge and Alipay payments ----

export const RechargeBody = z.object({ amount: fenAmount('充值金额'), payMethod: AlipayPayMethod.default('ALIPAY_WEB').describe('支付方式') });

/** payUrl: the cashier to open (web and wap); orderString: what the Alipay app SDK takes (app). */
export const AlipayPayResult = z.object({
  outTradeNo: z.string(),
  payMethod: AlipayPayMethod,
  amount: z.number().int(),
  payUrl: z.string().nullable(),
  orderString: z.string().nullable(),
});
export type AlipayPayResult = z.infer<typeof AlipayPayResult>;

export const OutTradeNoParams = z.object({
  outTradeNo: z
    .string()
    .regex(/^[A-Z]{2}\d{8,40}$/, '商户订单号格式不正确')
    .describe('商户订单号'),
});

export const RechargeRow = z.object({
  outTradeNo: z.string(),
  amount: z.number().int(),
  payMethod: AlipayPayMethod,
  status: PaymentStatus,
  tradeNo: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RechargeRow = z.infer<typeof RechargeRow>;

// ---- Withdrawal ----

export const WithdrawAccountBody = z.object({
  alipayAccount: text('支付宝账号', 100)
    .min(1, '请输入支付宝账号')
    .regex(/^(1\d{10}|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})$/, '支付宝账号必须是手机号或邮箱'),
  realName: text('真实姓名', 30)
    .min(2, '真实姓名至少2个字')
    .regex(/^[\u4e00-\u9fa5·A-Za-z ]+$/, '真实姓名只能包含汉字、字母和间隔号'),
  payPassword: payPassword(),
});

export const WithdrawAccount = z.object({
  bound: z.boolean(),
  alipayAccount: z.string().nullable(),
  realName: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type WithdrawAccount = z.infer<typeof WithdrawAccount>;

export const WithdrawBody = z.object({ amount: fenAmount('提现金额'), payPassword: payPassword(), requestKey: requestKeyField });

export const WithdrawalRow = z.object({
  id: z.number(),
  withdrawNo: z.string(),
  amount: z.number().int(),
  /** Masked in lists: the account's middle and the real name's middle characters. */
  alipayAccount: z.string(),
  realName: z.string(),
  status: WithdrawStatus,
  rejectReason: z.string().nullable(),
  failReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type WithdrawalRow = z.infer<typeof WithdrawalRow>;

export const OperatorWithdrawalRow = WithdrawalRow.extend({ orgId: z.number(), orgName: z.string() });
export type OperatorWithdrawalRow = z.infer<typeof OperatorWithdrawalRow>;

const pageFields = {
  pageNo: z.coerce.number().int('页码必须是整数').min(1, '页码至少为1').max(100_000, '页码超出范围').default(1).describe('页码'),
  pageSize: z.coerce.number().int('每页条数必须是整数').min(1, '每页条数至少为1').max(100, '每页最多100条').default(20).describe('每页条数'),
};

export const WithdrawalPageQuery = z.object({ ...pageFields, status: WithdrawStatus.optional().describe('提现状态') });
export const WithdrawalExportQuery = z.object({ status: WithdrawStatus.optional().describe('提现状态') });
export const WithdrawalPage = z.object({ total: z.number(), list: z.array(WithdrawalRow) });
export const OperatorWithdrawalPage = z.object({ total: z.number(), list: z.array(OperatorWithdrawalRow) });
export const WithdrawalIdParams = z.object({ id: id('提现单编号') });
export const WithdrawRejectBody = z.object({ reason: text('驳回原因', 200).min(2, '请填写驳回原因（至少2个字）') });

// ---- Replenish payment (补款) ----

export const ReplenishRow = z.object({
  id: z.number(),
  amount: z.number().int(),
  status: z.string(),
  reason: z.string().nullable(),
  payMethod: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReplenishRow = z.infer<typeof ReplenishRow>;

const replenishId = z
  .number({ error: (iss) => (isMissing(iss.input) ? '请选择要支付的补款单' : '补款单编号必须是数字') })
  .int('补款单编号必须是整数')
  .positive('补款单编号必须大于0')
  .max(2_147_483_647, '补款单编号超出范围');
const ids = (item: z.ZodType<number>) =>
  z
    .array(item, { error: '补款单编号必须是数组' })
    .min(1, '请选择要支付的补款单')
    .max(50, '一次最多支付50个补款单')
    .refine((list) => new Set(list).size === list.length, '补款单编号不能重复');
/** In a query string: `ids=1,2`. */
const idListQuery = z
  .preprocess((v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v), ids(id('补款单编号')))
  .describe('补款单编号');
/** In a JSON body: an array of numbers, nothing coerced. */
const idListBody = ids(replenishId).describe('补款单编号');

/** GET /api/b2/funds/replenish/list?ids=1,2: the named requests (the cashier), or every pending one without ids. */
export const ReplenishListQuery = z.object({ ids: idListQuery.optional() });

export const ReplenishPayBody = z
  .object({
    ids: idListBody,
    payMethod: PaymentMethod.describe('支付方式'),
    payPassword: payPassword().optional(),
    requestKey: requestKeyField,
  })
  .refine((b) => b.payMethod !== 'BALANCE' || b.payPassword !== undefined, { message: '余额支付请输入支付密码', path: ['payPassword'] });

export const ReplenishPayResult = z.object({
  payMethod: PaymentMethod,
  amount: z.number().int(),
  /** True when the balance paid them now (or this request key already had). */
  paid: z.boolean(),
  alipay: AlipayPayResult.nullable(),
});
export type ReplenishPayResult = z.infer<typeof ReplenishPayResult>;

/** An Alipay payment of replenish requests, as the cashier shows it after the return. */
export const ReplenishPaymentRow = z.object({
  outTradeNo: z.string(),
  amount: z.number().int(),
  payMethod: z.string(),
  status: PaymentStatus,
  ids: z.array(z.number()),
  tradeNo: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReplenishPaymentRow = z.infer<typeof ReplenishPaymentRow>;

// ---- Ledger entries (余额明细) ----

export const EntryQuery = z
  .object({
    ...pageFields,
    transactionType: TransactionType.optional().describe('交易类型'),
    startTime: z.iso.datetime({ offset: true, error: '开始时间格式不正确' }).optional().describe('开始时间'),
    endTime: z.iso.datetime({ offset: true, error: '结束时间格式不正确' }).optional().describe('结束时间'),
  })
  .refine((q) => !q.startTime || !q.endTime || Date.parse(q.startTime) <= Date.parse(q.endTime), {
    message: '开始时间不能晚于结束时间',
    path: ['startTime'],
  });
export type EntryQuery = z.infer<typeof EntryQuery>;

export const EntryRow = z.object({
  id: z.number(),
  transactionType: z.string(),
  purpose: z.string(),
  /** Signed fen added to (or taken from) the available balance. */
  amount: z.number().int(),
  frozenAmount: z.number().int(),
  availableAfter: z.number().int(),
  frozenAfter: z.number().int(),
  businessId: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type EntryRow = z.infer<typeof EntryRow>;
/** total is counted up to LIST_COUNT_CAP; totalCapped says there are more. */
export const EntryPage = z.object({ total: z.number(), totalCapped: z.boolean(), list: z.array(EntryRow) });
