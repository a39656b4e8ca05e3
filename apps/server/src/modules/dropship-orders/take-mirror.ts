/**
 * The seller's side of a purchaser's change (take-assignment's takeItemsChanged hook, wired in
 * src/hooks.ts): order lines (dropship_order_items.take_status) mirror their take item's
 * takingStatus, and each touched order's combined status is recomputed with combinedStatusOf, its
 * tab counters moved and a timeline event written when it changed. Set-based, so assigning 10,000
 * items is a handful of statements. Runs inside the change's transaction, after take-assignment's
 * `lockOrdersOf` (orders before items: the seller-side operations lock in that order too).
 */
import type { Db } from '../../db/client.js';
import type { TakeItemsChanged } from '../take-assignment/index.js';
import { combinedStatusOf } from './status-machine.js';
import { mirrorLineTakeStatus, ordersWithLineStatuses, setCombinedStatuses } from './take-mirror.repository.js';
import { bumpCounts, insertEvents, moves } from './timeline.repository.js';

export async function mirrorTakeItems(tx: Db, { takeItemIds, orderIds, event }: TakeItemsChanged) {
  if (takeItemIds.length === 0) return;
  await mirrorLineTakeStatus(tx, takeItemIds);
  if (orderIds.length === 0) return;
  const orders = await ordersWithLineStatuses(tx, orderIds);
  const changed: { id: number; orgId: number; from: string; to: string }[] = [];
  for (const o of orders) {
    const to = combinedStatusOf(o.status, o.lines, o.after_sale_status);
    if (to !== o.combined_status) changed.push({ id: Number(o.id), orgId: o.org_id, from: o.combined_status, to });
  }
  if (changed.length === 0) return;
  await setCombinedStatuses(tx, changed);
  const byOrg = new Map<number, typeof changed>();
  for (const c of changed) byOrg.set(c.orgId, [...(byOrg.get(c.orgId) ?? []), c]);
  for (const [orgId, list] of [...byOrg.entries()].sort(([a], [b]) => a - b)) {
    await bumpCounts(tx, orgId, moves(list.map((c) => [c.from, c.to])));
    await insertEvents(
      tx,
      orgId,
      event.actor,
      list.map((c) => ({ orderId: c.id, fromStatus: c.from, toStatus: c.to, operation: event.operation, note: event.note })),
    );
  }
}
