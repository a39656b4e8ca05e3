/**
 * Pinduoduo refund answers, client side (waybills-aftersales.md §2): pdd.refund.information.get for
 * the after-sale's type (the detail's enumeration: 1 仅退款, 2 退货退款, 3 换货, one off the list's),
 * then pdd.refund.agree for money only or pdd.refund.returngoods.agree for a return, both answering
 * result{succ, message}. Every call names the order (order_sn) beside the after-sale id. PDD offers no
 * refusal through its API (none in the SDK or the scope lists): a refusal is answered without a call.
 * ⚠ return_address_id (pdd.refund.address.list.get) is sent only when the shop's endpoint names one
 * (extra.returnAddressId); the detail's field names are the list row's plus after_sales_type.
 */
import type { ClientContext } from '../marketplace/client-options.ts';
import { type Json, num, obj, str } from '../marketplace/http.ts';
import { answerRefundWith, refusedBy } from '../marketplace/refund-answer.ts';
import { ChannelError, type RefundAnswerOutcome, type RefundAnswerRequest } from '../marketplace/types.ts';

/** Detail after_sales_type values that send goods back: 2 退货退款, 3 换货. */
export const pddDetailReturnsGoods = (type: number) => type === 2 || type === 3;

type PddCall = (type: string, biz: Record<string, string | number>, token?: string) => Promise<Json>;

export function pddAnswerRefund(ctx: ClientContext, call: PddCall) {
  return (p: RefundAnswerRequest): Promise<RefundAnswerOutcome> =>
    answerRefundWith('拼多多', p, async () => {
      if (!p.agree) throw new ChannelError('BAD_REQUEST', 'refuse_unsupported', '拼多多：开放平台不提供拒绝售后的接口，请到拼多多商家后台驳回');
      if (!p.platformOrderId) throw new ChannelError('BAD_REQUEST', 'missing_order_sn', '拼多多：处理售后需要订单号');
      const ids = { order_sn: p.platformOrderId, after_sales_id: p.platformRefundId };
      const info = await call('pdd.refund.information.get', ids, p.token);
      const returnAddress = ctx.endpoint.extra?.returnAddressId;
      const node = pddDetailReturnsGoods(num(info.after_sales_type))
        ? await call(
            'pdd.refund.returngoods.agree',
            { ...ids, operate_desc: p.reason ?? '同意退货', ...(returnAddress ? { return_address_id: returnAddress } : {}) },
            p.token,
          )
        : await call('pdd.refund.agree', { ...ids, operate_desc: p.reason ?? '同意退款' }, p.token);
      const result = obj(node.result);
      if (result.succ !== true) throw refusedBy('拼多多', 'agree_failed', str(result.message));
    });
}
