/** SQL of onboarding: invite codes, bindings, the operator's organisation list, the audit log. */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { afterSales } from '../after-sale/index.js';
import { organisations, users } from '../auth/index.js';
import { dropshipOrders } from '../dropship-orders/index.js';
import { sellerPurchasers } from '../take-assignment/index.js';
import { auditLogs, inviteCodes } from './onboarding.table.js';

// ---- Invite codes ----

export async function insertInvite(db: Db, row: typeof inviteCodes.$inferInsert) {
  const [r] = await db.insert(inviteCodes).values(row).returning();
  if (!r) throw new Error('invite code not written');
  return r;
}

export async function listInvites(db: Db, purchaserOrgId: number) {
  return db.select().from(inviteCodes).where(eq(inviteCodes.purchaserOrgId, purchaserOrgId)).orderBy(desc(inviteCodes.id)).limit(100);
}

export async function revokeInvite(db: Db, purchaserOrgId: number, id: number) {
  const rows = await db
    .update(inviteCodes)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(inviteCodes.id, id), eq(inviteCodes.purchaserOrgId, purchaserOrgId), sql`${inviteCodes.revokedAt} is null`))
    .returning();
  return rows[0];
}

export async function findInvite(db: Db, purchaserOrgId: number, id: number) {
  const [r] = await db
    .select()
    .from(inviteCodes)
    .where(and(eq(inviteCodes.id, id), eq(inviteCodes.purchaserOrgId, purchaserOrgId)));
  return r;
}

/**
 * Takes one use of a live code in one statement (unrevoked, unexpired, uses left, its purchaser
 * enabled): racing binds cannot use a code more often than it allows.
 */
export async function useInvite(db: Db, codeHash: string) {
  const rows = await db
    .update(inviteCodes)
    .set({ usedCount: sql`${inviteCodes.usedCount} + 1` })
    .where(
      and(
        eq(inviteCodes.codeHash, codeHash),
        sql`${inviteCodes.revokedAt} is null`,
        sql`${inviteCodes.expiresAt} > now()`,
        sql`${inviteCodes.usedCount} < ${inviteCodes.maxUses}`,
        sql`exists (select 1 from ${organisations} o where o.id = ${inviteCodes.purchaserOrgId} and o.state = 'ENABLED')`,
      ),
    )
    .returning({ id: inviteCodes.id, purchaserOrgId: inviteCodes.purchaserOrgId });
  return rows[0];
}

// ---- Bindings (seller_purchasers: one row, one active purchaser per seller) ----

function bindingQuery(db: Db, sellerOrgId: number) {
  return db
    .select({ purchaserOrgId: sellerPurchasers.purchaserOrgId, updatedAt: sellerPurchasers.updatedAt, purchaserName: organisations.name })
    .from(sellerPurchasers)
    .innerJoin(organisations, eq(organisations.id, sellerPurchasers.purchaserOrgId))
    .where(eq(sellerPurchasers.sellerOrgId, sellerOrgId));
}

export async function findBinding(db: Db, sellerOrgId: number) {
  const [r] = await bindingQuery(db, sellerOrgId);
  return r;
}

/** Locks the seller's binding row, if any: bind and unbind of one seller run one after the other. */
export async function lockBinding(db: Db, sellerOrgId: number) {
  const [r] = await bindingQuery(db, sellerOrgId).for('update', { of: sellerPurchasers });
  return r;
}

/** What a seller has in flight: orders not finished nor cancelled, after-sales still open. */
export async function inFlight(db: Db, sellerOrgId: number) {
  const [o] = await db
    .select({ n: count() })
    .from(dropshipOrders)
    .where(and(eq(dropshipOrders.orgId, sellerOrgId), inArray(dropshipOrders.status, ['WAITING_PAYMENT', 'WAITING_DELIVERING', 'DELIVERED'])));
  const [a] = await db
    .select({ n: count() })
    .from(afterSales)
    .where(and(eq(afterSales.orgId, sellerOrgId), inArray(afterSales.status, ['REFUNDING', 'GOODS_RETURNING', 'PROBLEM'])));
  return { orders: Number(o?.n ?? 0), afterSales: Number(a?.n ?? 0) };
}

// ---- Organisations (operator) ----

export async function mainUserOf(db: Db, orgId: number) {
  const [r] = await db
    .select({ id: users.id, username: users.username, phone: users.phone, isMain: users.isMain, orgId: users.orgId })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isMain, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return r;
}

const mainUser = sql`(select u.username from ${users} u where u.org_id = ${organisations.id} and u.is_main order by u.id limit 1)`;
const mainPhone = sql`(select u.phone from ${users} u where u.org_id = ${organisations.id} and u.is_main order by u.id limit 1)`;

/** Sellers and purchasers (never operators), newest first, by name or main account. */
export async function pageOrgs(db: Db, f: { type?: string; state?: string; keyword?: string; pageNo: number; pageSize: number }) {
  const conds: SQL[] = [inArray(organisations.type, f.type ? [f.type] : ['seller', 'purchaser'])];
  if (f.state) conds.push(eq(organisations.state, f.state));
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byUser = sql`exists (select 1 from ${users} u where u.org_id = ${organisations.id} and u.is_main and (u.username ilike ${like} or u.phone = ${f.keyword}))`;
    conds.push(or(ilike(organisations.name, like), byUser) as SQL);
  }
  const where = and(...conds);
  const [total] = await db.select({ n: count() }).from(organisations).where(where);
  const list = await db
    .select({
      id: organisations.id,
      type: organisations.type,
      name: organisations.name,
      state: organisations.state,
      createdAt: organisations.createdAt,
      mainUsername: sql<string | null>`${mainUser}`,
      mainPhone: sql<string | null>`${mainPhone}`,
    })
    .from(organisations)
    .where(where)
    .orderBy(desc(organisations.id))
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize);
  return { total: Number(total?.n ?? 0), list };
}

export async function countUsers(db: Db, orgId: number) {
  const [r] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.orgId, orgId), sql`${users.state} <> 'DELETED'`));
  return Number(r?.n ?? 0);
}

export async function countBoundSellers(db: Db, purchaserOrgId: number) {
  const [r] = await db.select({ n: count() }).from(sellerPurchasers).where(eq(sellerPurchasers.purchaserOrgId, purchaserOrgId));
  return Number(r?.n ?? 0);
}

// ---- Audit log ----

export async function insertAudit(db: Db, row: typeof auditLogs.$inferInsert) {
  await db.insert(auditLogs).values(row);
}

export async function pageAudit(db: Db, f: { orgId?: number; action?: string; pageNo: number; pageSize: number }) {
  const conds: SQL[] = [];
  if (f.orgId) conds.push(eq(auditLogs.targetOrgId, f.orgId));
  if (f.action) conds.push(eq(auditLogs.action, f.action));
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(auditLogs).where(where);
  const actor = sql<string | null>`(select u.username from ${users} u where u.id = ${auditLogs.actorUserId})`;
  const target = sql<string | null>`(select o.name from ${organisations} o where o.id = ${auditLogs.targetOrgId})`;
  const list = await db
    .select({
      id: auditLogs.id,
      actor,
      action: auditLogs.action,
      targetOrgId: auditLogs.targetOrgId,
      targetOrgName: target,
      summary: auditLogs.summary,
      ip: auditLogs.ip,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .where(where)
    .orderBy(desc(auditLogs.id))
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize);
  return { total: Number(total?.n ?? 0), list };
}
