/**
 * Payment methods' and pay-later states' names as lists and exports show them. Apart from the
 * schemas (enums.ts, pay-later.ts: zod) so the first list page can label an order's payment
 * without loading zod (decision 0040); enums.ts and pay-later.ts re-export them.
 */
import type { z } from 'zod';
import type { PaymentMethod } from './enums.js';
import type { DropshipPayMethod, PayLaterState } from './pay-later.js';

/**
 * Not one of SPEC.md section 4's payment methods (those say how money moved): a dropship order
 * paid this way moved no money yet. Accepted by the order payment call and stored on the order.
 */
export const PAY_LATER = 'PAY_LATER' as const;

/** Payment methods all read 支付宝 except the balance (SPEC.md section 4). */
export const PAYMENT_METHOD_NAMES: Record<z.infer<typeof PaymentMethod>, string> = {
  ALIPAY_WEB: '支付宝',
  ALIPAY_APP: '支付宝',
  ALIPAY_WAP: '支付宝',
  BALANCE: '余额',
};

export const DROPSHIP_PAY_METHOD_NAMES: Record<DropshipPayMethod, string> = { ...PAYMENT_METHOD_NAMES, PAY_LATER: '货到付款' };

export const PAY_LATER_STATE_NAMES: Record<PayLaterState, string> = { DUE: '待扣款', CHARGED: '已扣款', BILLED: '待补款' };

/** How an order was paid, as lists and exports show it: 余额, 支付宝, or 货到付款（待扣款）. */
export function payMethodLabel(payMethod: string | null, payLaterState: string | null): string {
  if (!payMethod) return '';
  const name = DROPSHIP_PAY_METHOD_NAMES[payMethod as DropshipPayMethod] ?? payMethod;
  const state = payLaterState ? PAY_LATER_STATE_NAMES[payLaterState as PayLaterState] : undefined;
  return state ? `${name}（${state}）` : name;
}
