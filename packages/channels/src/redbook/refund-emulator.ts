/**
 * The Xiaohongshu emulator's after-sale answers (see ./refund.ts for the client and its ⚠):
 * afterSale.getAfterSaleInfo and afterSale.auditReturns, which checks the action against the type and
 * a refusal's reason code, and takes the answer only while the after-sale waits for review.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { XHS_ERROR, xhsErrorBody } from './errors.ts';
import { XHS_AUDIT, xhsReturnsGoods } from './refund.ts';
import { xhsReturnWire } from './view.ts';

type Body = Record<string, unknown>;

export const XHS_REFUND_METHODS = ['afterSale.getAfterSaleInfo', 'afterSale.auditReturns'];

export function xhsRefundApi(method: string, p: Body, shopId: string, core: ChannelCore, ok: (data: unknown) => Body): Body {
  const r = core.refundOf(shopId, String(p.returnsId ?? ''));
  // ⚠ Ark's code for an unknown after-sale is not in our sources: the order's "not found" code.
  if (!r) return xhsErrorBody(XHS_ERROR.ORDER_NOT_FOUND, `售后单不存在：${String(p.returnsId ?? '')}`);
  const wire = xhsReturnWire(r, core);
  if (method === 'afterSale.getAfterSaleInfo') return ok(wire);
  const action = Number(p.action);
  if (!(Object.values(XHS_AUDIT) as number[]).includes(action)) return xhsErrorBody(XHS_ERROR.PARAM_INVALID, 'action 只能是 1、2、3');
  const goods = xhsReturnsGoods(wire.returnType);
  if (action === XHS_AUDIT.REFUSE && !p.reason) return xhsErrorBody(XHS_ERROR.PARAM_INVALID, '拒绝时 reason 必填（afterSale.rejectReasons）');
  if (action === XHS_AUDIT.AGREE_REFUND && goods) return xhsErrorBody(XHS_ERROR.PARAM_INVALID, '退货/换货售后不能同意直接退款');
  if (action === XHS_AUDIT.AGREE_RETURN && !goods) return xhsErrorBody(XHS_ERROR.PARAM_INVALID, '仅退款售后不能同意寄回');
  const done = core.answerRefund(shopId, r.platformRefundId, action !== XHS_AUDIT.REFUSE, goods);
  return done.ok ? ok('审核成功') : xhsErrorBody(XHS_ERROR.ORDER_STATUS, '售后单不是待审核状态，商家已处理过');
}
