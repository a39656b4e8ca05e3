/** SQL of ship-backs, always scoped to the seller's organisation (the job carries it). */
import type { ShipBackStatus } from '@dropship/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dropshipOrders } from '../dropship-orders/index.js';
import { shops } from '../shops/index.js';
import { shipBacks } from './ship-back.table.js';

export type ShipBackRecord = typeof shipBacks.$inferSelect;

/** PENDING again (a new delivery or a retry); attempts keep counting across retries. */
export async function upsertPending(db: Db, r: { orgId: number; orderId: number; shopId: number }) {
  await db
    .insert(shipBacks)
    .values({ ...r, status: 'PENDING' })
    .onConflictDoUpdate({ target: shipBacks.orderId, set: { status: 'PENDING', needsReauth: false, updatedAt: sql`now()` } });
}

export async function findRow(db: Db, orgId: number, orderId: number): Promise<ShipBackRecord | undefined> {
  const [r] = await db
    .select()
    .from(shipBacks)
    .where(and(eq(shipBacks.orgId, orgId), eq(shipBacks.orderId, orderId)));
  return r;
}

export async function setOutcome(db: Db, orgId: number, orderId: number, v: { status: ShipBackStatus; lastError: string | null; needsReauth?: boolean }) {
  await db
    .update(shipBacks)
    .set({ status: v.status, lastError: v.lastError, needsReauth: v.needsReauth ?? false, attempts: sql`${shipBacks.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(shipBacks.orgId, orgId), eq(shipBacks.orderId, orderId)));
}

const viewColumns = {
  row: shipBacks,
  orderNo: dropshipOrders.orderNo,
  platformOrderId: dropshipOrders.platformOrderId,
  courierCode: dropshipOrders.courierCode,
  trackingNo: dropshipOrders.trackingNo,
  shopName: shops.name,
  channel: shops.channel,
};

export async function viewOf(db: Db, orgId: number, orderId: number) {
  const [r] = await db
    .select(viewColumns)
    .from(shipBacks)
    .innerJoin(dropshipOrders, eq(dropshipOrders.id, shipBacks.orderId))
    .leftJoin(shops, eq(shops.id, shipBacks.shopId))
    .where(and(eq(shipBacks.orgId, orgId), eq(shipBacks.orderId, orderId)));
  return r;
}

export async function pageFailed(db: Db, orgId: number, limit: number, offset: number) {
  const where = and(eq(shipBacks.orgId, orgId), eq(shipBacks.status, 'FAILED'));
  const [total] = await db.select({ n: count() }).from(shipBacks).where(where);
  const rows = await db
    .select(viewColumns)
    .from(shipBacks)
    .innerJoin(dropshipOrders, eq(dropshipOrders.id, shipBacks.orderId))
    .leftJoin(shops, eq(shops.id, shipBacks.shopId))
    .where(where)
    .orderBy(desc(shipBacks.id))
    .limit(limit)
    .offset(offset);
  return { total: Number(total?.n ?? 0), rows };
}
