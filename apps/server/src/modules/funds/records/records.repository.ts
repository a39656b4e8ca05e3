/** SQL of the funds record pages (充值记录, 补款) and the pay-later count; every query takes the caller's orgId. */
import type { PaymentStatus, ReplenishStatus } from '@dropship/contract';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { recharges } from '../alipay/payments.table.js';
import { replenishRequests } from '../replenish/replenish.table.js';
import { replenishDetails } from './records.table.js';

export interface RecordFilter<S extends string = string> {
  status?: S | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}
export type RechargeFilter = RecordFilter<PaymentStatus>;
export type ReplenishFilter = RecordFilter<z.infer<typeof ReplenishStatus>>;
export interface Paging {
  limit: number;
  offset: number;
}

function rechargeWhere(orgId: number, f: RechargeFilter): SQL | undefined {
  return and(
    eq(recharges.orgId, orgId),
    f.status ? eq(recharges.status, f.status) : undefined,
    f.from ? gte(recharges.createdAt, f.from) : undefined,
    f.to ? lt(recharges.createdAt, f.to) : undefined,
  );
}

export async function countRecharges(db: Db, orgId: number, f: RechargeFilter) {
  const [r] = await db.select({ n: count() }).from(recharges).where(rechargeWhere(orgId, f));
  return r?.n ?? 0;
}

export async function listRecharges(db: Db, orgId: number, f: RechargeFilter, p: Paging) {
  return db.select().from(recharges).where(rechargeWhere(orgId, f)).orderBy(desc(recharges.id)).limit(p.limit).offset(p.offset);
}

function replenishWhere(orgId: number, f: ReplenishFilter): SQL | undefined {
  return and(
    eq(replenishRequests.orgId, orgId),
    f.status ? eq(replenishRequests.status, f.status) : undefined,
    f.from ? gte(replenishRequests.createdAt, f.from) : undefined,
    f.to ? lt(replenishRequests.createdAt, f.to) : undefined,
  );
}

export async function countReplenish(db: Db, orgId: number, f: ReplenishFilter) {
  const [r] = await db.select({ n: count() }).from(replenishRequests).where(replenishWhere(orgId, f));
  return r?.n ?? 0;
}

export async function listReplenish(db: Db, orgId: number, f: ReplenishFilter, p: Paging) {
  return db
    .select({
      id: replenishRequests.id,
      amountFen: replenishRequests.amountFen,
      reason: replenishRequests.reason,
      status: replenishRequests.status,
      createdAt: replenishRequests.createdAt,
      purpose: replenishDetails.purpose,
      orderNo: replenishDetails.orderNo,
    })
    .from(replenishRequests)
    .leftJoin(replenishDetails, eq(replenishDetails.replenishId, replenishRequests.id))
    .where(replenishWhere(orgId, f))
    .orderBy(desc(replenishRequests.id))
    .limit(p.limit)
    .offset(p.offset);
}

/** Requests of one purpose still waiting for payment: how many and how much. */
export async function waitingByPurpose(db: Db, orgId: number, purpose: string) {
  const [r] = await db
    .select({ n: count(), fen: sql<string>`coalesce(sum(${replenishRequests.amountFen}), 0)` })
    .from(replenishRequests)
    .innerJoin(replenishDetails, eq(replenishDetails.replenishId, replenishRequests.id))
    .where(and(eq(replenishRequests.orgId, orgId), eq(replenishRequests.status, 'WAITING_PAYMENT'), eq(replenishDetails.purpose, purpose)));
  return { count: r?.n ?? 0, amountFen: Number(r?.fen ?? 0) };
}

/** Adds a replenish request with its purpose and order reference, in the caller's transaction. */
export async function insertReplenish(db: Db, v: { orgId: number; amountFen: number; reason: string; purpose: string; orderNo?: string | undefined }) {
  const [row] = await db.insert(replenishRequests).values({ orgId: v.orgId, amountFen: v.amountFen, reason: v.reason }).returning({ id: replenishRequests.id });
  if (!row) throw new Error('replenish request not inserted');
  await db.insert(replenishDetails).values({ replenishId: row.id, orgId: v.orgId, purpose: v.purpose, orderNo: v.orderNo ?? null });
  return row.id;
}
