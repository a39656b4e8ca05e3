/**
 * Kuaishou refund answers, client side (waybills-aftersales.md §4): open.seller.order.refund.detail for
 * the refund's type, amount, status and version, then open.seller.order.refund.approve (money only:
 * refundId, desc, refundAmount in fen, status), open.seller.order.refund.returngoods.approve (a return:
 * refundId, refundAmount, addressId) or open.refund.reject (refundId, reasonCode, rejectDesc,
 * refundVersion). Names and fields from the public SDKs' request classes.
 * ⚠ The detail's fields are taken as the list row's plus refundVersion; reasonCode must come from
 * open.refund.reject.reason, we send 1 (or the shop's extra.rejectReasonCode); addressId is the shop's
 * extra.returnAddressId when set, else 0 (the default return address, assumed).
 */
import type { ClientContext } from '../marketplace/client-options.ts';
import { type Json, num, obj } from '../marketplace/http.ts';
import { answerRefundWith } from '../marketplace/refund-answer.ts';
import type { RefundAnswerOutcome, RefundAnswerRequest } from '../marketplace/types.ts';

/** refundType 1 退货退款 sends goods back; 2 仅退款 does not (⚠ as in ./wire.ts). */
export const KS_REFUND_TYPE_RETURN = 1;

type KsCall = (method: string, token: string, biz: Json) => Promise<unknown>;

export function ksAnswerRefund(ctx: ClientContext, call: KsCall) {
  return (p: RefundAnswerRequest): Promise<RefundAnswerOutcome> =>
    answerRefundWith('快手', p, async () => {
      const refundId = Number(p.platformRefundId);
      const detail = obj(await call('open.seller.order.refund.detail', p.token, { refundId }));
      const refundAmount = num(detail.refundFee);
      if (!p.agree) {
        const reasonCode = Number(ctx.endpoint.extra?.rejectReasonCode ?? 1);
        await call('open.refund.reject', p.token, { refundId, reasonCode, rejectDesc: p.reason, refundVersion: num(detail.refundVersion) });
      } else if (num(detail.refundType) === KS_REFUND_TYPE_RETURN) {
        const addressId = Number(ctx.endpoint.extra?.returnAddressId ?? 0);
        await call('open.seller.order.refund.returngoods.approve', p.token, { refundId, refundAmount, addressId });
      } else {
        await call('open.seller.order.refund.approve', p.token, { refundId, desc: p.reason ?? '同意退款', refundAmount, status: num(detail.status) });
      }
    });
}
