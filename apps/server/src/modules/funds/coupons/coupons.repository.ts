/** SQL of coupons. The state EXPIRED is computed here from expire_at, in one place. */

import type { CouponStatus } from '@dropship/contract';
import { and, asc, count, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/rows.js';
import { organisations } from '../../auth/index.js';
import { coupons } from './coupons.table.js';

export type CouponRecord = typeof coupons.$inferSelect;

function stateWhere(status: CouponStatus): SQL | undefined {
  if (status === 'USED') return eq(coupons.status, 'USED');
  if (status === 'EXPIRED') return and(eq(coupons.status, 'UNUSED'), lte(coupons.expireAt, sql`now()`));
  return and(eq(coupons.status, 'UNUSED'), gt(coupons.expireAt, sql`now()`));
}

export async function pageCoupons(db: Db, orgId: number, status: CouponStatus, limit: number, offset: number) {
  const where = and(eq(coupons.orgId, orgId), stateWhere(status));
  // Unused ones soonest to expire first; the others newest first.
  const order = status === 'UNUSED' ? [asc(coupons.expireAt), asc(coupons.id)] : [desc(coupons.id)];
  const [total] = await db.select({ n: count() }).from(coupons).where(where);
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}

export async function countByState(db: Db, orgId: number): Promise<Record<CouponStatus, number>> {
  const [r] = await queryRows<{ unused: number; used: number; expired: number }>(
    db,
    sql`select count(*) filter (where status = 'UNUSED' and expire_at > now())::int as unused,
               count(*) filter (where status = 'USED')::int as used,
               count(*) filter (where status = 'UNUSED' and expire_at <= now())::int as expired
        from coupons where org_id = ${orgId}`,
  );
  return { UNUSED: Number(r?.unused ?? 0), USED: Number(r?.used ?? 0), EXPIRED: Number(r?.expired ?? 0) };
}

export async function findCoupon(db: Db, orgId: number, id: number): Promise<CouponRecord | undefined> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.orgId, orgId), eq(coupons.id, id)))
    .limit(1);
  return rows[0];
}

/** The coupon a payment already used, if any. */
export async function findUsedBy(db: Db, orgId: number, businessId: string): Promise<CouponRecord | undefined> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.orgId, orgId), eq(coupons.status, 'USED'), eq(coupons.businessId, businessId)))
    .limit(1);
  return rows[0];
}

/**
 * UNUSED → USED only when it is valid now (and the order reaches its threshold): the condition sits
 * in the UPDATE itself, so of two concurrent payments exactly one changes the row.
 */
export async function markUsed(db: Db, orgId: number, id: number, businessId: string, orderAmountFen: number | undefined) {
  const rows = await db
    .update(coupons)
    .set({ status: 'USED', businessId, usedAt: sql`now()` })
    .where(
      and(
        eq(coupons.orgId, orgId),
        eq(coupons.id, id),
        eq(coupons.status, 'UNUSED'),
        lte(coupons.validFrom, sql`now()`),
        gt(coupons.expireAt, sql`now()`),
        orderAmountFen === undefined ? undefined : sql`(${coupons.thresholdFen} = 0 or ${coupons.thresholdFen} <= ${orderAmountFen})`,
      ),
    )
    .returning();
  return rows[0];
}

/** USED → UNUSED for the payment that used it (an order cancelled before it was paid for good). */
export async function markUnused(db: Db, orgId: number, id: number, businessId: string) {
  const rows = await db
    .update(coupons)
    .set({ status: 'UNUSED', businessId: null, usedAt: null })
    .where(and(eq(coupons.orgId, orgId), eq(coupons.id, id), eq(coupons.status, 'USED'), eq(coupons.businessId, businessId)))
    .returning({ id: coupons.id });
  return rows.length > 0;
}

/** Seller organisations among the ids (the rest do not exist or are not sellers). */
export async function sellerOrgIds(db: Db, ids?: number[]) {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.type, 'seller'), ids ? inArray(organisations.id, ids) : undefined));
  return rows.map((r) => r.id);
}

export async function insertCoupons(db: Db, rows: (typeof coupons.$inferInsert)[]) {
  // Chunks keep each statement's parameter count well below PostgreSQL's limit of 65,535.
  for (let i = 0; i < rows.length; i += 1000) await db.insert(coupons).values(rows.slice(i, i + 1000));
}
