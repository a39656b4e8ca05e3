/**
 * The one rule for giving back part of an order's payment, and for taking such a refund back
 * (docs/decisions/0018-pay-later.md). Every path that refunds (cancel, stopping a line, a picker's
 * out-of-stock or part-taken report, auto-intercept through those) calls refundOrderMoney; every
 * undo (revoking a stop, undoing a mark) calls takeBackRefund. Both run inside the caller's
 * transaction, on an order whose row the caller has locked.
 *
 * A 货到付款 order still DUE paid nothing yet: its refunds only raise refunded_fen, so the amount
 * charged at delivery (total − refunded) drops, and no balance moves. Any other order (paid,
 * or pay-later CHARGED / BILLED) gets the money on its balance as a REFUND entry.
 */
import { fenToYuan } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { moveMoney } from '../../funds/index.js';
import * as repo from '../orders.repository.js';
import * as timeline from '../timeline.repository.js';

export type RefundTarget = Pick<repo.OrderRecord, 'id' | 'orgId' | 'orderNo' | 'payLaterState'>;

export interface MoneyBack {
  fen: number;
  /** The ledger entry, when money moved on the balance. */
  entryId: number | null;
  toBalance: boolean;
  /** For the timeline and the per-order answer: 退回余额 ¥x, or 货到付款订单，应付金额减少 ¥x. */
  note: string;
}

const NONE: MoneyBack = { fen: 0, entryId: null, toBalance: false, note: '' };
const isDue = (o: RefundTarget) => o.payLaterState === 'DUE';

/**
 * Gives back `fen` (> 0; the caller caps it by what is left of the order's payment). `label` names
 * the money in the note (退回余额, 退回货款). The request key makes a replay move nothing.
 */
export async function refundOrderMoney(t: Db, o: RefundTarget, fen: number, requestKey: string, remark: string, label = '退回余额'): Promise<MoneyBack> {
  if (fen <= 0) return NONE;
  if (isDue(o)) {
    await repo.addRefund(t, o.orgId, o.id, fen);
    return { fen, entryId: null, toBalance: false, note: `货到付款订单，应付金额减少 ¥${fenToYuan(fen)}` };
  }
  const { entry } = await moveMoney(t, {
    orgId: o.orgId,
    transactionType: 'REFUND',
    purpose: 'ORDER',
    availableDeltaFen: fen,
    businessId: o.orderNo,
    requestKey,
    remark,
  });
  await repo.addRefund(t, o.orgId, o.id, fen);
  await timeline.linkEntries(t, [{ orderId: o.id, entryId: entry.id }]);
  return { fen, entryId: entry.id, toBalance: true, note: `${label} ¥${fenToYuan(fen)}` };
}

/**
 * Takes back a refund given earlier (the undo of a stop or a picker's mark): from the balance
 * (ORDER, INSUFFICIENT_BALANCE when it is not there), or for a DUE order by lowering refunded_fen,
 * so the amount due rises again.
 */
export async function takeBackRefund(t: Db, o: RefundTarget, fen: number, requestKey: string, remark: string, label = '重新支付货款'): Promise<MoneyBack> {
  if (fen <= 0) return NONE;
  if (isDue(o)) {
    await repo.addRefund(t, o.orgId, o.id, -fen);
    return { fen, entryId: null, toBalance: false, note: `货到付款订单，应付金额增加 ¥${fenToYuan(fen)}` };
  }
  const { entry } = await moveMoney(t, {
    orgId: o.orgId,
    transactionType: 'ORDER',
    purpose: 'ORDER',
    availableDeltaFen: -fen,
    businessId: o.orderNo,
    requestKey,
    remark,
  });
  await repo.addRefund(t, o.orgId, o.id, -fen);
  await timeline.linkEntries(t, [{ orderId: o.id, entryId: entry.id }]);
  return { fen, entryId: entry.id, toBalance: true, note: `${label} ¥${fenToYuan(fen)}` };
}
