/**
 * 货到付款 (pay after delivery, docs/decisions/0018-pay-later.md): the seller pays an order on credit
 * within the platform's limit; its money is taken from the balance when the order ships, or asked
 * for with a replenish request (补款, purpose GOODS_PAY_LATER) when the balance is short.
 */
import { z } from 'zod';
import { PAYMENT_METHOD_NAMES, PaymentMethod } from './enums.js';

/**
 * Not one of SPEC.md section 4's payment methods (those say how money moved): a dropship order
 * paid this way moved no money yet. Accepted by the order payment call and stored on the order.
 */
export const PAY_LATER = 'PAY_LATER' as const;
export const DropshipPayMethod = z.enum([...PaymentMethod.options, PAY_LATER], {
  error: '支付方式只能是余额（BALANCE）、支付宝（ALIPAY_WEB、ALIPAY_WAP、ALIPAY_APP）或货到付款（PAY_LATER）',
});
export type DropshipPayMethod = z.infer<typeof DropshipPayMethod>;
export const DROPSHIP_PAY_METHOD_NAMES: Record<DropshipPayMethod, string> = { ...PAYMENT_METHOD_NAMES, PAY_LATER: '货到付款' };

/** DUE: on credit, nothing taken yet; CHARGED: settled (taken at delivery, or its 补款 paid); BILLED: a 补款 waits. */
export const PayLaterState = z.enum(['DUE', 'CHARGED', 'BILLED']);
export type PayLaterState = z.infer<typeof PayLaterState>;
export const PAY_LATER_STATE_NAMES: Record<PayLaterState, string> = { DUE: '待扣款', CHARGED: '已扣款', BILLED: '待补款' };

/** How an order was paid, as lists and exports show it: 余额, 支付宝, or 货到付款（待扣款）. */
export function payMethodLabel(payMethod: string | null, payLaterState: string | null): string {
  if (!payMethod) return '';
  const name = DROPSHIP_PAY_METHOD_NAMES[payMethod as DropshipPayMethod] ?? payMethod;
  const state = payLaterState ? PAY_LATER_STATE_NAMES[payLaterState as PayLaterState] : undefined;
  return state ? `${name}（${state}）` : name;
}

/** GET /api/b2/post/orders/payLater/credit: the seller's credit (all fen). usedFen counts DUE orders and unpaid 货到付款 补款. */
export const PayLaterCredit = z.object({
  enabled: z.boolean(),
  limitFen: z.number().int(),
  usedFen: z.number().int(),
  leftFen: z.number().int(),
});
export type PayLaterCredit = z.infer<typeof PayLaterCredit>;
