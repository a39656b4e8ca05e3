/**
 * Xiaohongshu refund answers, client side (waybills-aftersales.md §5): afterSale.getAfterSaleInfo for
 * the returnType, then afterSale.auditReturns with action 1 同意直接退款 (money only), 2 同意寄回 (a
 * return) or 3 拒绝 with a reason code (afterSale.rejectReasons) and the description; field names as
 * the public SDKs' AuditReturns request.
 * ⚠ The detail is taken as the list row's fields; the reject reason code is 1 (or the shop's
 * extra.rejectReasonCode); receiverInfo (the return address) is left to the shop's default.
 */
import type { ClientContext } from '../marketplace/client-options.ts';
import { type Json, num } from '../marketplace/http.ts';
import { answerRefundWith } from '../marketplace/refund-answer.ts';
import type { RefundAnswerOutcome, RefundAnswerRequest } from '../marketplace/types.ts';

export const XHS_AUDIT = { AGREE_REFUND: 1, AGREE_RETURN: 2, REFUSE: 3 } as const;
/** returnType 1 退货 and 2 换货 send goods back; 4 / 5 仅退款 do not. */
export const xhsReturnsGoods = (returnType: number) => returnType === 1 || returnType === 2;

type XhsCall = (method: string, token: string | undefined, biz: Json) => Promise<Json>;

export function xhsAnswerRefund(ctx: ClientContext, call: XhsCall) {
  return (p: RefundAnswerRequest): Promise<RefundAnswerOutcome> =>
    answerRefundWith('小红书', p, async () => {
      const returnsId = p.platformRefundId;
      const info = await call('afterSale.getAfterSaleInfo', p.token, { returnsId });
      const action = !p.agree ? XHS_AUDIT.REFUSE : xhsReturnsGoods(num(info.returnType)) ? XHS_AUDIT.AGREE_RETURN : XHS_AUDIT.AGREE_REFUND;
      const refusal = p.agree ? {} : { reason: Number(ctx.endpoint.extra?.rejectReasonCode ?? 1), description: p.reason };
      await call('afterSale.auditReturns', p.token, { returnsId, action, ...refusal });
    });
}
