/**
 * The Kuaishou emulator's refund methods (see ./refund.ts for the client and its ⚠): the detail with
 * refundVersion (the refund's modified time in ms), approve and returngoods.approve checking the type,
 * the amount and the status the caller read, and open.refund.reject checking the reason code and version.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { KS_RESULT, ksErrorBody } from './errors.ts';
import { KS_REFUND_TYPE_RETURN } from './refund.ts';
import { ksViewRefund } from './view.ts';
import { ksRefundToWire } from './wire.ts';

type Body = Record<string, unknown>;

export const KS_REFUND_METHODS = [
  'open.seller.order.refund.detail',
  'open.seller.order.refund.approve',
  'open.seller.order.refund.returngoods.approve',
  'open.refund.reject',
];

export function ksRefundApi(method: string, biz: Body, shopId: string, core: ChannelCore, ok: (data: unknown) => Body): Body {
  const r = core.refundOf(shopId, String(biz.refundId ?? ''));
  // ⚠ Kuaishou's code for an unknown refund is not in our sources: the order's "not found" code.
  if (!r) return ksErrorBody(KS_RESULT.ORDER_NOT_FOUND, `退款单不存在：${String(biz.refundId ?? '')}`);
  const wire = { ...ksRefundToWire(ksViewRefund(r)), refundVersion: r.modifiedAt.getTime() };
  const bad = (why: string, sub = 'REFUND_PARAM_INVALID') => ksErrorBody(KS_RESULT.INVALID_PARAM, why, sub);
  if (method === 'open.seller.order.refund.detail') return ok(wire);
  const goods = wire.refundType === KS_REFUND_TYPE_RETURN;
  const refuse = method === 'open.refund.reject';
  if (refuse) {
    if (!biz.reasonCode) return bad('reasonCode 不能为空');
    if (biz.refundVersion !== undefined && Number(biz.refundVersion) !== wire.refundVersion) return bad('退款单已更新，请刷新后重试', 'REFUND_VERSION_EXPIRED');
  } else {
    if (goods !== (method === 'open.seller.order.refund.returngoods.approve')) return bad(goods ? '退货退款请使用同意退货接口' : '仅退款请使用同意退款接口');
    if (Number(biz.refundAmount) !== wire.refundFee) return bad(`退款金额须为申请金额 ${wire.refundFee} 分`);
    if (biz.status !== undefined && Number(biz.status) !== wire.status) return bad('退款单状态已变化，请刷新后重试', 'REFUND_STATUS_CHANGED');
  }
  const done = core.answerRefund(shopId, r.platformRefundId, !refuse, goods);
  return done.ok ? ok({}) : bad('退款单当前状态不允许此操作，商家已处理过', 'REFUND_STATUS_NOT_ALLOW');
}
