/** SQL of member plans, memberships and purchases; a seller's rows are always read by its orgId. */
import { and, asc, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memberPlans, memberPurchases, memberships } from './membership.table.js';

export type PlanRecord = typeof memberPlans.$inferSelect;
export type MembershipRecord = typeof memberships.$inferSelect;
export type PurchaseRecord = typeof memberPurchases.$inferSelect;

export const allPlans = (db: Db) => db.select().from(memberPlans).orderBy(desc(memberPlans.id)).limit(200);

export const publishedPlans = (db: Db) =>
  db.select().from(memberPlans).where(eq(memberPlans.status, 'PUBLISHED')).orderBy(asc(memberPlans.priceFen), asc(memberPlans.id)).limit(50);

export async function findPlan(db: Db, id: number) {
  const [p] = await db.select().from(memberPlans).where(eq(memberPlans.id, id));
  return p;
}

export async function lockPlan(db: Db, id: number) {
  const [p] = await db.select().from(memberPlans).where(eq(memberPlans.id, id)).for('update');
  return p;
}

/** A buyer's read of the plan: shares the row with other buyers, waits for the operator's withdraw. */
export async function planForSale(db: Db, id: number) {
  const [p] = await db.select().from(memberPlans).where(eq(memberPlans.id, id)).for('share');
  return p;
}

export async function insertPlan(db: Db, row: typeof memberPlans.$inferInsert) {
  const [p] = await db.insert(memberPlans).values(row).returning();
  return p as PlanRecord;
}

export async function updatePlan(db: Db, id: number, set: Partial<typeof memberPlans.$inferInsert>) {
  const [p] = await db
    .update(memberPlans)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(memberPlans.id, id))
    .returning();
  return p as PlanRecord;
}

export async function findMembership(db: Db, orgId: number) {
  const [m] = await db.select().from(memberships).where(eq(memberships.orgId, orgId));
  return m;
}

/** The organisation's membership row, created empty when missing, locked: every purchase of one seller queues here. */
export async function lockMembership(db: Db, orgId: number) {
  await db.insert(memberships).values({ orgId }).onConflictDoNothing();
  const [m] = await db.select().from(memberships).where(eq(memberships.orgId, orgId)).for('update');
  return m as MembershipRecord;
}

export async function setMembership(db: Db, orgId: number, set: Partial<typeof memberships.$inferInsert>) {
  await db
    .update(memberships)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(memberships.orgId, orgId));
}

export async function findPurchaseByKey(db: Db, orgId: number, requestKey: string) {
  const [p] = await db
    .select()
    .from(memberPurchases)
    .where(and(eq(memberPurchases.orgId, orgId), eq(memberPurchases.requestKey, requestKey)));
  return p;
}

export async function insertPurchase(db: Db, row: typeof memberPurchases.$inferInsert) {
  const [p] = await db.insert(memberPurchases).values(row).returning();
  return p as PurchaseRecord;
}

export async function lockPurchaseByTradeNo(db: Db, outTradeNo: string) {
  const [p] = await db.select().from(memberPurchases).where(eq(memberPurchases.outTradeNo, outTradeNo)).for('update');
  return p ? { ...p, outTradeNo } : undefined;
}

export async function findPurchaseByTradeNo(db: Db, orgId: number, outTradeNo: string) {
  const [p] = await db
    .select()
    .from(memberPurchases)
    .where(and(eq(memberPurchases.orgId, orgId), eq(memberPurchases.outTradeNo, outTradeNo)));
  return p;
}

export async function markPurchasePaid(db: Db, id: number, set: { tradeNo?: string | null; expiresAt?: Date | null }) {
  await db
    .update(memberPurchases)
    .set({ status: 'PAID', paidAt: sql`now()`, tradeNo: set.tradeNo ?? null, ...(set.expiresAt ? { expiresAt: set.expiresAt } : {}) })
    .where(eq(memberPurchases.id, id));
}

export async function setPurchaseEnd(db: Db, id: number, expiresAt: Date) {
  await db.update(memberPurchases).set({ expiresAt }).where(eq(memberPurchases.id, id));
}

export async function markPurchaseClosed(db: Db, id: number) {
  const r = await db
    .update(memberPurchases)
    .set({ status: 'CLOSED' })
    .where(and(eq(memberPurchases.id, id), eq(memberPurchases.status, 'WAITING_PAYMENT')))
    .returning({ id: memberPurchases.id });
  return r.length > 0;
}

/** Memberships ending within the window (the reminder job), bounded per run. */
export const endingBetween = (db: Db, from: Date, to: Date) =>
  db
    .select()
    .from(memberships)
    .where(and(isNotNull(memberships.expiresAt), gte(memberships.expiresAt, from), lte(memberships.expiresAt, to)))
    .orderBy(asc(memberships.expiresAt))
    .limit(5000);
