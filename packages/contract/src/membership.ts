/**
 * Membership (会员, decision 0033): plans the operator defines and publishes, bought by a seller on
 * /member/pay with the balance (pay password) or Alipay (payCallback=member). What a plan unlocks is
 * what the server enforces: a lower dropship service fee (a share of the fee and / or fen off per item).
 */
import { z } from 'zod';
import { type AlipayPayMethod, AlipayPayResult, PaymentStatus, requestKeyField } from './funds.js';
import { fenField } from './money.js';
import { id, requiredText } from './schema-helpers.js';

export const MemberPlanStatus = z.enum(['DRAFT', 'PUBLISHED', 'WITHDRAWN']);
export type MemberPlanStatus = z.infer<typeof MemberPlanStatus>;
export const MEMBER_PLAN_STATUS_NAMES: Record<MemberPlanStatus, string> = { DRAFT: '未发布', PUBLISHED: '已发布', WITHDRAWN: '已下架' };

const intIn = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于${min}`)
    .max(max, `${label}不能大于${max}`)
    .describe(label);

/** The operator's plan as saved: without id a new plan (未发布), with id an edit of an unpublished or withdrawn one. */
export const MemberPlanSaveBody = z.object({
  id: id('套餐').optional(),
  name: requiredText('套餐名称', 30),
  termDays: intIn('有效天数', 1, 3660),
  priceFen: fenField('价格', 1, 100_000_00),
  /** The share of the dropship service fee a member pays, in percent (100 = no rate discount). */
  serviceFeePercent: intIn('服务费折扣（百分比）', 0, 100),
  /** Fen off the service fee per item, after the rate; the fee never goes below 0. */
  serviceFeeOffPerItemFen: fenField('每件服务费减免', 0, 100_00),
});
export type MemberPlanSaveBody = z.input<typeof MemberPlanSaveBody>;

export const MemberPlanIdParams = z.object({ id: id('套餐') });

export const MemberPlanRow = z.object({
  id: z.number(),
  name: z.string(),
  termDays: z.number(),
  priceFen: z.number(),
  serviceFeePercent: z.number(),
  serviceFeeOffPerItemFen: z.number(),
  status: MemberPlanStatus,
  updatedAt: z.string(),
});
export type MemberPlanRow = z.infer<typeof MemberPlanRow>;

/** What a seller sees of the published plans. */
export const MemberPlanOffer = MemberPlanRow.omit({ status: true, updatedAt: true });
export type MemberPlanOffer = z.infer<typeof MemberPlanOffer>;

/** The seller's membership now: level (the plan's name) and expiry, null when none is running. */
export const MemberStatus = z.object({
  active: z.boolean(),
  planName: z.string().nullable(),
  expiresAt: z.string().nullable(),
  serviceFeePercent: z.number(),
  serviceFeeOffPerItemFen: z.number(),
});
export type MemberStatus = z.infer<typeof MemberStatus>;

export const MemberBuyBody = z
  .object({
    planId: id('套餐'),
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
export type MemberBuyBody = z.input<typeof MemberBuyBody>;

export const MemberBuyResult = z.object({
  purchaseId: z.number(),
  status: PaymentStatus,
  amountFen: z.number(),
  paid: z.boolean(),
  /** The membership's end after this purchase (null while an Alipay trade waits). */
  expiresAt: z.string().nullable(),
  alipay: AlipayPayResult.nullable(),
});
export type MemberBuyResult = z.infer<typeof MemberBuyResult>;

export const MemberPaymentQuery = z.object({
  outTradeNo: z
    .string()
    .regex(/^MB\d{8,40}$/, '商户订单号格式不正确')
    .describe('商户订单号'),
});
export const MemberPayment = z.object({ outTradeNo: z.string(), amountFen: z.number(), status: PaymentStatus, expiresAt: z.string().nullable() });
export type MemberPayment = z.infer<typeof MemberPayment>;

export type MemberAlipayMethod = z.infer<typeof AlipayPayMethod>;
