/**
 * 货到付款 (pay after delivery, docs/decisions/0018-pay-later.md): the seller pays an order on credit
 * within the platform's limit; its money is taken from the balance when the order ships, or asked
 * for with a replenish request (补款, purpose GOODS_PAY_LATER) when the balance is short.
 */
import { z } from 'zod';
import { PaymentMethod } from './enums.js';
import { PAY_LATER } from './pay-method-names.js';

export { DROPSHIP_PAY_METHOD_NAMES, PAY_LATER, PAY_LATER_STATE_NAMES, payMethodLabel } from './pay-method-names.js';

export const DropshipPayMethod = z.enum([...PaymentMethod.options, PAY_LATER], {
  error: '支付方式只能是余额（BALANCE）、支付宝（ALIPAY_WEB、ALIPAY_WAP、ALIPAY_APP）或货到付款（PAY_LATER）',
});
export type DropshipPayMethod = z.infer<typeof DropshipPayMethod>;

/** DUE: on credit, nothing taken yet; CHARGED: settled (taken at delivery, or its 补款 paid); BILLED: a 补款 waits. */
export const PayLaterState = z.enum(['DUE', 'CHARGED', 'BILLED']);
export type PayLaterState = z.infer<typeof PayLaterState>;

/** GET /api/b2/post/orders/payLater/credit: the seller's credit (all fen). usedFen counts DUE orders and unpaid 货到付款 补款. */
export const PayLaterCredit = z.object({
  enabled: z.boolean(),
  limitFen: z.number().int(),
  usedFen: z.number().int(),
  leftFen: z.number().int(),
});
export type PayLaterCredit = z.infer<typeof PayLaterCredit>;
