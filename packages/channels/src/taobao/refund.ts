/**
 * Taobao refund answers, client side (waybills-aftersales.md §1): the refund is read first with
 * taobao.refund.get for has_good_return and the refund_phase / refund_version every answer must echo
 * (TOP refuses a stale version); then a money-only refund is agreed with taobao.rp.refunds.agree
 * (refund_infos "refund_id|amount_fen|version|phase"), a return with taobao.rp.returngoods.agree,
 * and a refusal is taobao.refund.refuse with refuse_message (2–200 characters).
 * ⚠ The answers' result fields (succ / results.refund_mapping_result / is_success) are our reading of
 * the SDK's response classes; seller_address_id, documented as required for returngoods.agree, is sent
 * only when the shop's endpoint names one (extra.returnAddressId): without it TOP may refuse, and the
 * refusal comes back as the outcome's message.
 */
import type { ClientContext } from '../marketplace/client-options.ts';
import { arr, type Json, obj, str } from '../marketplace/http.ts';
import { parseYuan } from '../marketplace/money.ts';
import { answerRefundWith, refusedBy } from '../marketplace/refund-answer.ts';
import { ChannelError, type RefundAnswerOutcome, type RefundAnswerRequest } from '../marketplace/types.ts';

export const TAOBAO_REFUND_DETAIL_FIELDS = 'refund_id,tid,oid,status,refund_fee,has_good_return,refund_phase,refund_version';

type TopCall = (method: string, params: Record<string, string | undefined>, session?: string) => Promise<Json>;

export function taobaoAnswerRefund(ctx: ClientContext, call: TopCall) {
  return (p: RefundAnswerRequest): Promise<RefundAnswerOutcome> =>
    answerRefundWith('淘宝', p, async () => {
      const id = p.platformRefundId;
      const refund = obj((await call('taobao.refund.get', { refund_id: id, fields: TAOBAO_REFUND_DETAIL_FIELDS }, p.token)).refund);
      if (str(refund.refund_id) !== id) throw new ChannelError('NOT_FOUND', 'isv.refund-not-exist', `淘宝：退款单不存在（${id}）`);
      const version = str(refund.refund_version);
      const phase = str(refund.refund_phase);
      if (!p.agree) {
        const node = await call(
          'taobao.refund.refuse',
          { refund_id: id, refuse_message: (p.reason ?? '').trim().slice(0, 200), refund_phase: phase, refund_version: version },
          p.token,
        );
        if (node.is_success !== true) throw refusedBy('淘宝', 'refuse_failed', '拒绝退款没有成功');
        return;
      }
      if (refund.has_good_return === true || refund.has_good_return === 'true') {
        const node = await call(
          'taobao.rp.returngoods.agree',
          { refund_id: id, refund_phase: phase, refund_version: version, seller_address_id: ctx.endpoint.extra?.returnAddressId },
          p.token,
        );
        if (node.is_success !== true) throw refusedBy('淘宝', 'agree_failed', '同意退货没有成功');
        return;
      }
      const fen = parseYuan(refund.refund_fee, 'refund_fee');
      const node = await call('taobao.rp.refunds.agree', { refund_infos: `${id}|${fen}|${version}|${phase}` }, p.token);
      const mine = arr(obj(node.results).refund_mapping_result)
        .map(obj)
        .find((r) => str(r.refund_id) === id);
      if (mine?.succ !== true) throw refusedBy('淘宝', str(mine?.code) || 'agree_failed', str(mine?.message) || str(node.message) || '同意退款没有成功');
    });
}
