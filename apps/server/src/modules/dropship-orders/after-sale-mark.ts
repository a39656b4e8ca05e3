/**
 * What after-sales need of the dropship order, kept here so the order's own rules stay in one module
 * (decision 0026): the open after-sale's code shown as the order's combined status, and what a stop
 * refunded for a line. Both run in the caller's transaction, with the order's row locked by the caller.
 */
import type { CombinedStatusCode } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { findEntryByRequestKey } from '../funds/index.js';
import * as repo from './orders.repository.js';
import { combinedStatusOf } from './status-machine.js';
import * as timeline from './timeline.repository.js';

/**
 * Sets the order's open after-sale code (null: none open) and moves its combined status and the tab
 * counters with it; the order's timeline says so when the combined status changed.
 */
export async function markAfterSale(
  t: Db,
  orgId: number,
  orderId: number,
  code: CombinedStatusCode | null,
  actor: { userId: number | null; orgId: number },
  note: string,
) {
  const [o] = await repo.lockOrders(t, orgId, [orderId]);
  if (!o || o.afterSaleStatus === code) return;
  const lines = await repo.itemsOf(t, orgId, [o.id]);
  const next = combinedStatusOf(
    o.status,
    lines.map((l) => l.takeStatus),
    code,
  );
  await repo.setAfterSaleStatus(t, orgId, o.id, code, next);
  if (next === o.combinedStatus) return;
  await timeline.bumpCounts(t, orgId, timeline.moves([[o.combinedStatus, next]]));
  await timeline.insertEvents(t, orgId, actor, [{ orderId: o.id, fromStatus: o.combinedStatus, toStatus: next, operation: 'AFTER_SALE', note }]);
}

/**
 * What stopping the line gave back (its refunded_fen) and the ledger entry of that refund, when it went
 * to the balance: how an after-sale completed by a stop it did not make itself (auto-intercept) reads its
 * money without refunding again. Null when the line is not stopped.
 */
export async function stopRefundOf(t: Db, orgId: number, itemId: number) {
  const [line] = await repo.findItems(t, orgId, [itemId]);
  if (line?.takeStatus !== 'E_STOP_TAKING') return null;
  const [o] = await repo.findOrders(t, orgId, [line.orderId]);
  if (!o) return null;
  const entry = await findEntryByRequestKey(t, orgId, `stop:${o.orderNo}:${line.id}:${line.stopCount}`);
  return { refundedFen: line.refundedFen, entryId: entry?.id ?? null };
}
