/**
 * The Pinduoduo gateway's after-sale answers (see ./refund.ts for the client and its ⚠):
 * pdd.refund.information.get, pdd.refund.agree (money only) and pdd.refund.returngoods.agree (a
 * return). The after-sale must be the shop's and of the named order (else 52101); a refusal of the
 * state or the wrong call for the type comes back as result{succ:false, message}.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import type { EmulatorAnswer } from '../marketplace/emulator-types.ts';
import { refundToWire } from './wire.ts';

type Ok = (node: unknown) => EmulatorAnswer;
type Err = (code: number, msg: string, sub?: string) => EmulatorAnswer;

export const PDD_REFUND_TYPES = ['pdd.refund.information.get', 'pdd.refund.agree', 'pdd.refund.returngoods.agree'];

export function pddRefundCall(type: string, p: Record<string, string>, shopId: string, core: ChannelCore, ok: Ok, err: Err): EmulatorAnswer {
  const r = core.refundOf(shopId, p.after_sales_id ?? '');
  if (!r || r.platformOrderId !== p.order_sn) return err(52101, '售后单不存在', `订单 ${p.order_sn ?? ''} 没有售后单 ${p.after_sales_id ?? ''}`);
  const view = core.handler.viewRefund(r, core);
  if (type === 'pdd.refund.information.get')
    return ok({ ...refundToWire(view, core.orders.get(r.platformOrderId)?.order), after_sales_type: view.hasGoodReturn ? 2 : 1 });
  const returnCall = type === 'pdd.refund.returngoods.agree';
  if (returnCall !== view.hasGoodReturn) return ok({ result: { succ: false, message: returnCall ? '仅退款售后请使用同意退款' : '退货退款售后请先同意退货' } });
  const done = core.answerRefund(shopId, r.platformRefundId, true, returnCall);
  return ok({ result: done.ok ? { succ: true, message: '' } : { succ: false, message: '售后单当前状态不允许同意，商家已处理过' } });
}
