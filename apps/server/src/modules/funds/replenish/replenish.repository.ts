/** SQL of replenish requests (补款), always scoped to the organisation. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { replenishRequests } from './replenish.table.js';

export type ReplenishRecord = typeof replenishRequests.$inferSelect;

/** Pending requests shown on the cashier, oldest first; bounded like every list. */
export async function listWaiting(db: Db, orgId: number, limit = 200): Promise<ReplenishRecord[]> {
  return db
    .select()
    .from(replenishRequests)
    .where(and(eq(replenishRequests.orgId, orgId), eq(replenishRequests.status, 'WAITING_PAYMENT')))
    .orderBy(asc(replenishRequests.id))
    .limit(limit);
}

export async function findByIds(db: Db, orgId: number, ids: number[]): Promise<ReplenishRecord[]> {
  return db
    .select()
    .from(replenishRequests)
    .where(and(eq(replenishRequests.orgId, orgId), inArray(replenishRequests.id, ids)))
    .orderBy(asc(replenishRequests.id));
}

/** Locks the rows in id order (every payer locks in the same order, so two payers cannot deadlock). */
export async function lockByIds(db: Db, orgId: number, ids: number[]): Promise<ReplenishRecord[]> {
  return db
    .select()
    .from(replenishRequests)
    .where(and(eq(replenishRequests.orgId, orgId), inArray(replenishRequests.id, ids)))
    .orderBy(asc(replenishRequests.id))
    .for('update');
}

/** The named transition WAITING_PAYMENT → PAID; false when the request was no longer waiting. */
export async function markPaid(db: Db, orgId: number, id: number, payMethod: string) {
  const rows = await db
    .update(replenishRequests)
    .set({ status: 'PAID', payMethod, paidAt: sql`now()` })
    .where(and(eq(replenishRequests.orgId, orgId), eq(replenishRequests.id, id), eq(replenishRequests.status, 'WAITING_PAYMENT')))
    .returning({ id: replenishRequests.id });
  return rows.length > 0;
}

/** WAITING_PAYMENT → CANCELED for a replenish request the seller has not paid; false when it was paid meanwhile. */
export async function cancelWaitingReplenish(db: Db, sellerOrgId: number, id: number) {
  const rows = await db
    .update(replenishRequests)
    .set({ status: 'CANCELED' })
    .where(and(eq(replenishRequests.orgId, sellerOrgId), eq(replenishRequests.id, id), eq(replenishRequests.status, 'WAITING_PAYMENT')))
    .returning({ id: replenishRequests.id });
  return rows.length > 0;
}
