/** SQL of the withdrawal account and withdrawals; the seller's reads take orgId, the operator's are explicit. */
import type { WithdrawStatus } from '@dropship/contract';
import { and, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { organisations } from '../../auth/index.js';
import { withdrawAccounts, withdrawals } from './withdrawals.table.js';

export type WithdrawalRecord = typeof withdrawals.$inferSelect;
export type WithdrawAccountRecord = typeof withdrawAccounts.$inferSelect;

export async function findAccount(db: Db, orgId: number): Promise<WithdrawAccountRecord | undefined> {
  const rows = await db.select().from(withdrawAccounts).where(eq(withdrawAccounts.orgId, orgId)).limit(1);
  return rows[0];
}

export async function upsertAccount(db: Db, orgId: number, userId: number, alipayAccount: string, realName: string) {
  const [row] = await db
    .insert(withdrawAccounts)
    .values({ orgId, alipayAccount, realName, updatedBy: userId })
    .onConflictDoUpdate({ target: withdrawAccounts.orgId, set: { alipayAccount, realName, updatedBy: userId, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('withdraw account not written');
  return row;
}

export async function findByRequestKey(db: Db, orgId: number, requestKey: string): Promise<WithdrawalRecord | undefined> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.orgId, orgId), eq(withdrawals.requestKey, requestKey)))
    .limit(1);
  return rows[0];
}

export async function insertWithdrawal(db: Db, row: typeof withdrawals.$inferInsert): Promise<WithdrawalRecord> {
  const [r] = await db.insert(withdrawals).values(row).returning();
  if (!r) throw new Error('withdrawal not written');
  return r;
}

/** Locks one withdrawal for a review step (the operator acts across tenants, so no orgId here). */
export async function lockWithdrawal(db: Db, id: number): Promise<WithdrawalRecord | undefined> {
  const rows = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return rows[0];
}

export async function updateWithdrawal(db: Db, id: number, set: Partial<typeof withdrawals.$inferInsert>): Promise<WithdrawalRecord> {
  const [r] = await db.update(withdrawals).set(set).where(eq(withdrawals.id, id)).returning();
  if (!r) throw new Error('withdrawal vanished');
  return r;
}

export async function pageWithdrawals(db: Db, q: { orgId?: number; status?: WithdrawStatus | undefined; pageNo: number; pageSize: number }) {
  const conds: SQL[] = [];
  if (q.orgId !== undefined) conds.push(eq(withdrawals.orgId, q.orgId));
  if (q.status) conds.push(eq(withdrawals.status, q.status));
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await db
    .select({ w: withdrawals, orgName: organisations.name })
    .from(withdrawals)
    .innerJoin(organisations, eq(organisations.id, withdrawals.orgId))
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { total: Number(total?.n ?? 0), rows };
}

/** A tenant's withdrawals with ids below `beforeId`, newest first: the export's chunks. */
export async function withdrawalsBefore(db: Db, orgId: number, status: WithdrawStatus | undefined, beforeId: number | undefined, limit: number) {
  const conds: SQL[] = [eq(withdrawals.orgId, orgId)];
  if (status) conds.push(eq(withdrawals.status, status));
  if (beforeId !== undefined) conds.push(lt(withdrawals.id, beforeId));
  return db
    .select()
    .from(withdrawals)
    .where(and(...conds))
    .orderBy(desc(withdrawals.id))
    .limit(limit);
}
