/** SQL of the split-ledger authorization (分账授权) and split records; every query takes the orgId. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { royaltyRelations, royaltySettlements } from './ali-ledger.table.js';

export type RoyaltyRelationRecord = typeof royaltyRelations.$inferSelect;

export async function listRelations(db: Db, orgId: number, limit = 20) {
  return db.select().from(royaltyRelations).where(eq(royaltyRelations.orgId, orgId)).orderBy(desc(royaltyRelations.id)).limit(limit);
}

export async function findBound(db: Db, orgId: number) {
  const rows = await db
    .select()
    .from(royaltyRelations)
    .where(and(eq(royaltyRelations.orgId, orgId), eq(royaltyRelations.status, 'BOUND')))
    .limit(1);
  return rows[0];
}

/** Null when another binding of the organisation won the race (one BOUND per organisation). */
export async function insertBound(db: Db, v: { orgId: number; account: string; accountName: string; bindRequestNo: string }) {
  const rows = await db
    .insert(royaltyRelations)
    .values({ ...v, status: 'BOUND' })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/** BOUND → UNBOUND; false when it was no longer bound. */
export async function markUnbound(db: Db, orgId: number, id: number, unbindRequestNo: string) {
  const rows = await db
    .update(royaltyRelations)
    .set({ status: 'UNBOUND', unboundAt: sql`now()`, unbindRequestNo })
    .where(and(eq(royaltyRelations.orgId, orgId), eq(royaltyRelations.id, id), eq(royaltyRelations.status, 'BOUND')))
    .returning({ id: royaltyRelations.id });
  return rows.length > 0;
}

export async function pageSettlements(db: Db, orgId: number, limit: number, offset: number) {
  const where = eq(royaltySettlements.orgId, orgId);
  const [total] = await db.select({ n: count() }).from(royaltySettlements).where(where);
  const rows = await db
    .select({
      id: royaltySettlements.id,
      businessId: royaltySettlements.businessId,
      amountFen: royaltySettlements.amountFen,
      status: royaltySettlements.status,
      account: royaltyRelations.account,
      createdAt: royaltySettlements.createdAt,
      settledAt: royaltySettlements.settledAt,
    })
    .from(royaltySettlements)
    .innerJoin(royaltyRelations, eq(royaltyRelations.id, royaltySettlements.relationId))
    .where(where)
    .orderBy(desc(royaltySettlements.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}
