/**
 * What every transition writes besides the order row: its timeline event, the tab counters and the
 * link to its ledger entries. Always inside the transition's own transaction.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { addToCounters, COUNTERS, deltasOf, moves } from '../../db/counters.js';
import { ledgerEntries } from '../funds/index.js';
import { dropshipOrderEntries, dropshipOrderEvents } from './dropship-orders.table.js';

export interface NewEvent {
  orderId: number;
  fromStatus: string | null;
  toStatus: string;
  operation: string;
  note?: string;
}

export async function insertEvents(db: Db, orgId: number, actor: { userId: number | null; orgId: number }, events: NewEvent[]) {
  if (events.length === 0) return;
  await db.insert(dropshipOrderEvents).values(
    events.map((e) => ({
      orgId,
      orderId: e.orderId,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      operation: e.operation,
      actorUserId: actor.userId,
      actorOrgId: actor.orgId,
      note: e.note ?? '',
    })),
  );
}

/** Adds the deltas (by combined status, as `moves` makes them) to the organisation's tab counters. */
export async function bumpCounts(db: Db, orgId: number, deltas: Map<string, number>) {
  await addToCounters(db, COUNTERS.dropshipOrders, deltasOf(orgId, deltas));
}

export { moves };

export async function linkEntries(db: Db, links: { orderId: number; entryId: number }[]) {
  if (links.length === 0) return;
  await db.insert(dropshipOrderEntries).values(links).onConflictDoNothing();
}

/** The order's ledger entries, through the link table (primary-key reads, however long the tenant's ledger). */
export async function entriesOf(db: Db, orgId: number, orderId: number) {
  const ids = (await db.select({ id: dropshipOrderEntries.entryId }).from(dropshipOrderEntries).where(eq(dropshipOrderEntries.orderId, orderId))).map(
    (r) => r.id,
  );
  if (ids.length === 0) return [];
  const rows = await db.select().from(ledgerEntries).where(inArray(ledgerEntries.id, ids)).orderBy(asc(ledgerEntries.id));
  return rows.filter((e) => e.orgId === orgId);
}
