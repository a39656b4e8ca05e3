/**
 * Douyin (抖店) refund answers, client side (waybills-aftersales.md §3): afterSale.Detail for the
 * after-sale's type and update_time, then afterSale.operate with one item (the call is all-or-nothing
 * over ≤ 20, so one at a time), update_time as the optimistic version check.
 * ⚠ Operate types: 201 同意仅退款 and 202 拒绝仅退款 are seen in SDK constants; 101 同意退货 and 102
 * 拒绝退货 are our reading of the same table (op.jinritemai.com question-docs 93/2752, not read).
 * ⚠ reject_reason_code must come from afterSale.rejectReasonCodeList; we send its "other" code 1 (or the
 * shop's extra.rejectReasonCode). ⚠ The detail's shape (the list row's aftersale_info) is assumed.
 */
import type { ClientContext } from '../marketplace/client-options.ts';
import { arr, type Json, num, obj, str } from '../marketplace/http.ts';
import { answerRefundWith, refusedBy } from '../marketplace/refund-answer.ts';
import type { RefundAnswerOutcome, RefundAnswerRequest } from '../marketplace/types.ts';

/** afterSale.operate type by (agree, goods come back). */
export const DOUDIAN_OPERATE = { AGREE_REFUND: 201, REFUSE_REFUND: 202, AGREE_RETURN: 101, REFUSE_RETURN: 102 } as const;
/** aftersale_type 0 退货退款 and 3 换货 send goods back. */
export const doudianReturnsGoods = (type: number) => type === 0 || type === 3;

type DoudianCall = (method: string, params: Record<string, unknown>, token?: string) => Promise<Json>;

export function doudianAnswerRefund(ctx: ClientContext, call: DoudianCall) {
  return (p: RefundAnswerRequest): Promise<RefundAnswerOutcome> =>
    answerRefundWith('抖店', p, async () => {
      const detail = obj((await call('afterSale.Detail', { after_sale_id: p.platformRefundId }, p.token)).aftersale_info);
      const goods = doudianReturnsGoods(num(detail.aftersale_type));
      const type = p.agree
        ? goods
          ? DOUDIAN_OPERATE.AGREE_RETURN
          : DOUDIAN_OPERATE.AGREE_REFUND
        : goods
          ? DOUDIAN_OPERATE.REFUSE_RETURN
          : DOUDIAN_OPERATE.REFUSE_REFUND;
      const returnAddress = ctx.endpoint.extra?.returnAddressId;
      const item: Json = {
        aftersale_id: p.platformRefundId,
        reason: p.reason ?? '',
        remark: p.reason ?? '',
        update_time: num(detail.update_time),
        ...(p.agree ? {} : { reject_reason_code: Number(ctx.endpoint.extra?.rejectReasonCode ?? 1) }),
        ...(p.agree && goods && returnAddress ? { logistics: { receiver_address_id: Number(returnAddress) } } : {}),
      };
      const d = await call('afterSale.operate', { type, items: [item] }, p.token);
      const mine = arr(d.items)
        .map(obj)
        .find((x) => str(x.aftersale_id) === p.platformRefundId);
      if (mine && num(mine.status_code) !== 0) throw refusedBy('抖店', String(mine.status_code), str(mine.status_msg));
    });
}
