/**
 * The Taobao gateway's refund answers (see ./refund.ts for the client side and the ⚠ on result
 * fields): taobao.refund.get with refund_phase (onsale before the trade finished, aftersale after ⚠)
 * and refund_version (the refund's modified time in ms), then rp.refunds.agree, rp.returngoods.agree
 * and refund.refuse, each checking the shop, the version and that the refund waits for the seller.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import type { RefundAnswerDenial } from '../marketplace/emulator-refunds.ts';
import type { EmulatorAnswer } from '../marketplace/emulator-types.ts';
import { fenToYuan } from '../marketplace/money.ts';
import type { NormalizedRefund } from '../marketplace/types.ts';
import { refundToWire } from './wire.ts';

type Ok = (node: unknown) => EmulatorAnswer;
type Err = (code: number, msg: string, sub_code?: string, sub_msg?: string) => EmulatorAnswer;
type Denial = { sub: string; msg: string };

export const TAOBAO_REFUND_METHODS = ['taobao.refund.get', 'taobao.rp.refunds.agree', 'taobao.rp.returngoods.agree', 'taobao.refund.refuse'];

const versionOf = (r: NormalizedRefund) => String(r.modifiedAt.getTime());
const phaseOf = (r: NormalizedRefund, core: ChannelCore) => (core.orders.get(r.platformOrderId)?.order.status === 'FINISHED' ? 'aftersale' : 'onsale');

export function taobaoRefundCall(method: string, p: Record<string, string>, shopId: string, core: ChannelCore, ok: Ok, err: Err): EmulatorAnswer {
  const notFound: Denial = { sub: 'isv.refund-not-exist', msg: '退款单不存在' };
  const fail = (d: Denial) => err(15, 'Remote service error', d.sub, d.msg);
  /** The refund the call names, when it is the shop's and the caller read its current version and phase. */
  const checked = (id: string, version: string | undefined, phase: string | undefined): NormalizedRefund | Denial => {
    const r = core.refundOf(shopId, id);
    if (!r) return notFound;
    if (!version || !phase) return { sub: 'isv.missing-parameter:refund_version', msg: '缺少 refund_version 或 refund_phase' };
    if (version !== versionOf(r) || phase !== phaseOf(r, core)) return { sub: 'isv.refund-version-expired', msg: '退款版本已变化，请重新获取退款信息' };
    return r;
  };
  const denial = (why: RefundAnswerDenial): Denial =>
    why === 'NOT_FOUND' ? notFound : { sub: 'isv.refund-status-not-support', msg: '退款单当前状态不允许此操作，卖家已处理过该退款' };

  switch (method) {
    case 'taobao.refund.get': {
      const r = core.refundOf(shopId, p.refund_id ?? '');
      if (!r) return fail(notFound);
      const view = core.handler.viewRefund(r, core);
      return ok({ refund: { ...refundToWire(view), refund_phase: phaseOf(r, core), refund_version: versionOf(r) } });
    }
    case 'taobao.rp.refunds.agree': {
      const infos = (p.refund_infos ?? '').split(',').filter(Boolean);
      if (infos.length === 0 || infos.length > 20) return err(41, 'Invalid Arguments', 'isv.invalid-parameter:refund_infos', 'refund_infos 须为 1-20 条');
      const results = infos.map((info) => {
        const [id = '', fen, version, phase] = info.split('|');
        const no = (code: string, message: string) => ({ refund_id: id, succ: false, code, message });
        const r = checked(id, version, phase);
        if ('sub' in r) return no(r.sub, r.msg);
        if (r.hasGoodReturn && r.platformStatus === 'WAIT_SELLER_AGREE')
          return no('isv.need-return-goods', '退货退款请先同意退货（taobao.rp.returngoods.agree）');
        if (String(r.refundFen) !== fen) return no('isv.amount-not-match', `退款金额与申请金额（${fenToYuan(r.refundFen)} 元）不一致`);
        const done = core.answerRefund(shopId, id, true, false);
        if (!done.ok) return no(denial(done.why).sub, denial(done.why).msg);
        return { refund_id: id, succ: true, code: '', message: '' };
      });
      return ok({ succ: results.every((x) => x.succ), msg: '', results: { refund_mapping_result: results } });
    }
    case 'taobao.rp.returngoods.agree':
    case 'taobao.refund.refuse': {
      const refuse = method === 'taobao.refund.refuse';
      const r = checked(p.refund_id ?? '', p.refund_version, p.refund_phase);
      if ('sub' in r) return fail(r);
      if (refuse) {
        const message = (p.refuse_message ?? '').trim();
        if (message.length < 2 || message.length > 200) return err(41, 'Invalid Arguments', 'isv.invalid-parameter:refuse_message', '拒绝理由须为 2-200 个字');
      } else if (!r.hasGoodReturn) return err(15, 'Remote service error', 'isv.refund-not-return-goods', '该退款不需要退货，请使用同意退款');
      const done = core.answerRefund(shopId, r.platformRefundId, !refuse, true);
      if (!done.ok) return fail(denial(done.why));
      return ok(refuse ? { is_success: true, refund: { refund_id: r.platformRefundId, status: done.refund.platformStatus } } : { is_success: true });
    }
    default:
      return err(22, 'Invalid Method');
  }
}
