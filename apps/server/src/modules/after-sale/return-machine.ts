/**
 * The return statuses of an after-sale whose goods come back (decision 0026, "Returns"), pure. The
 * after-sale stays GOODS_RETURNING while its return status moves, and ends COMPLETE (the stall
 * refunded) or PROBLEM (a problem parcel for the seller):
 *
 *   WAIT_SIGNED ─scan─► SIGNED ─inspect 合格─► WAIT_FACTORY ─stall refunds─► FACTORY_RETURNED (COMPLETE, money)
 *                              └─次品/错发/少件─► (SIGNED, PROBLEM)          └─stall refuses─► FACTORY_REFUSE_TODEAL
 *   FACTORY_REFUSE_TODEAL ─seller 接受拒退─► FACTORY_REFUSE (PROBLEM: the goods go back to the seller)
 *                         ─seller 协商退款─► NEGOTIATE_REFUND ─purchaser confirms─► FACTORY_RETURNED_TOCONFIRM
 *                                            ─purchaser confirms─► FACTORY_RETURNED (COMPLETE, the negotiated money)
 *                         ─seller 重新退档口─► GOODS_RETURNED_FACTORY_TOCONFIRM ─purchaser confirms─► WAIT_FACTORY
 */
import type { AfterSaleStatusCode, RefuseDecision, ReturnStatusCode } from '@dropship/contract';

interface State {
  status: AfterSaleStatusCode;
  returnStatus: ReturnStatusCode | null;
}

const returning = (a: State, r: ReturnStatusCode) => a.status === 'GOODS_RETURNING' && a.returnStatus === r;

export const canSignIn = (a: State) => returning(a, 'WAIT_SIGNED');
export const canInspect = (a: State) => returning(a, 'SIGNED');
export const canDecide = (a: State) => returning(a, 'FACTORY_REFUSE_TODEAL');
export const stallAnswerExpected = (a: State) => returning(a, 'WAIT_FACTORY');

/** Where the seller's decision on a refusal leads. */
export const DECISION_TARGET: Record<RefuseDecision, ReturnStatusCode> = {
  ACCEPT_REFUSE: 'FACTORY_REFUSE',
  NEGOTIATE_REFUND: 'NEGOTIATE_REFUND',
  RETURN_FACTORY_AGAIN: 'GOODS_RETURNED_FACTORY_TOCONFIRM',
};

/** What the purchaser's confirmation does from each state waiting for it; null when nothing waits. */
export function confirmTarget(a: State): ReturnStatusCode | null {
  if (a.status !== 'GOODS_RETURNING') return null;
  if (a.returnStatus === 'NEGOTIATE_REFUND') return 'FACTORY_RETURNED_TOCONFIRM';
  if (a.returnStatus === 'FACTORY_RETURNED_TOCONFIRM') return 'FACTORY_RETURNED';
  if (a.returnStatus === 'GOODS_RETURNED_FACTORY_TOCONFIRM') return 'WAIT_FACTORY';
  return null;
}

/**
 * The goods money owed for what arrived: refund_fen in proportion to the quantity received, in fen,
 * rounded down (the seller is never credited a fraction of a fen the stall did not give back).
 */
export const owedForReceived = (refundFen: number, quantity: number, received: number) => Math.floor((refundFen * received) / quantity);
