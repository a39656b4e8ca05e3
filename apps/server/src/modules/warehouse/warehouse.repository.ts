/**
 * SQL of the warehouse, always scoped to the purchaser's organisation: take items by pick-up code,
 * arrival, sorting slots, waybills and the purchaser's warehouse settings.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { takeItems } from '../take-assignment/index.js';
import { sortingSlots, warehouseSettings, waybills } from './warehouse.table.js';

export type TakeItemRecord = typeof takeItems.$inferSelect;
export type WaybillRecord = typeof waybills.$inferSelect;

export async function findByCode(db: Db, purchaserOrgId: number, takeCode: string): Promise<TakeItemRecord | undefined> {
  const [r] = await db
    .select()
    .from(takeItems)
    .where(and(eq(takeItems.purchaserOrgId, purchaserOrgId), eq(takeItems.takeCode, takeCode)));
  return r;
}

export async function itemsOfOrder(db: Db, purchaserOrgId: number, orderId: number): Promise<TakeItemRecord[]> {
  return db
    .select()
    .from(takeItems)
    .where(and(eq(takeItems.purchaserOrgId, purchaserOrgId), eq(takeItems.orderId, orderId)))
    .orderBy(asc(takeItems.id));
}

/** The take items of several orders (a parcel), by order then id. */
export async function itemsOfOrders(db: Db, purchaserOrgId: number, orderIds: number[]): Promise<TakeItemRecord[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(takeItems)
    .where(and(eq(takeItems.purchaserOrgId, purchaserOrgId), inArray(takeItems.orderId, orderIds)))
    .orderBy(asc(takeItems.orderId), asc(takeItems.id));
}

export interface WarehouseSetting {
  slotFrom: number;
  slotTo: number;
  senderPhone: string;
  senderAddress: string;
}
export const DEFAULT_SETTING: WarehouseSetting = { slotFrom: 1, slotTo: 300, senderPhone: '', senderAddress: '' };

export async function settingOf(db: Db, purchaserOrgId: number): Promise<WarehouseSetting> {
  const [r] = await db.select().from(warehouseSettings).where(eq(warehouseSettings.purchaserOrgId, purchaserOrgId));
  return r ? { slotFrom: r.slotFrom, slotTo: r.slotTo, senderPhone: r.senderPhone, senderAddress: r.senderAddress } : DEFAULT_SETTING;
}

export async function saveSetting(db: Db, purchaserOrgId: number, s: WarehouseSetting) {
  await db
    .insert(warehouseSettings)
    .values({ purchaserOrgId, ...s })
    .onConflictDoUpdate({ target: warehouseSettings.purchaserOrgId, set: { ...s, updatedAt: sql`now()` } });
}

export async function slotOf(db: Db, purchaserOrgId: number, orderId: number): Promise<number | undefined> {
  const [r] = await db
    .select({ n: sortingSlots.slotNo })
    .from(sortingSlots)
    .where(and(eq(sortingSlots.purchaserOrgId, purchaserOrgId), eq(sortingSlots.orderId, orderId)));
  return r?.n;
}

/**
 * The lowest free slot of the range for the order, or undefined when all are taken. A transaction
 * lock per purchaser serialises allocations (two scans of different orders cannot pick the same
 * number and fail on the unique index); the order's own lock is already held by the caller.
 */
export async function allocateSlot(t: Db, purchaserOrgId: number, sellerOrgId: number, orderId: number, s: WarehouseSetting): Promise<number | undefined> {
  await t.execute(sql`select pg_advisory_xact_lock(7014, ${purchaserOrgId}::int)`);
  const rows = await queryRows<{ slot_no: number }>(
    t,
    sql`
    insert into sorting_slots (purchaser_org_id, slot_no, order_id, seller_org_id)
    select ${purchaserOrgId}::int, n, ${orderId}::bigint, ${sellerOrgId}::int
    from generate_series(${s.slotFrom}::int, ${s.slotTo}::int) as n
    where not exists (select 1 from sorting_slots s where s.purchaser_org_id = ${purchaserOrgId} and s.slot_no = n)
    order by n limit 1
    on conflict (order_id) do nothing
    returning slot_no`,
  );
  const first = rows[0];
  return first ? Number(first.slot_no) : slotOf(t, purchaserOrgId, orderId);
}

export async function freeSlot(t: Db, purchaserOrgId: number, orderId: number) {
  await t.delete(sortingSlots).where(and(eq(sortingSlots.purchaserOrgId, purchaserOrgId), eq(sortingSlots.orderId, orderId)));
}

/** Slots in use and the lowest / highest number used (a new range must keep them). */
export async function slotUsage(db: Db, purchaserOrgId: number) {
  const [r] = await db
    .select({ used: count(), min: sql<number | null>`min(${sortingSlots.slotNo})`, max: sql<number | null>`max(${sortingSlots.slotNo})` })
    .from(sortingSlots)
    .where(eq(sortingSlots.purchaserOrgId, purchaserOrgId));
  return {
    used: Number(r?.used ?? 0),
    min: r?.min === null || r?.min === undefined ? null : Number(r.min),
    max: r?.max === null || r?.max === undefined ? null : Number(r.max),
  };
}

export async function waybillOf(db: Db, purchaserOrgId: number, orderId: number): Promise<WaybillRecord | undefined> {
  const [r] = await db
    .select()
    .from(waybills)
    .where(and(eq(waybills.purchaserOrgId, purchaserOrgId), eq(waybills.orderId, orderId)));
  return r;
}

/** The waybill kept under a seller's order, whichever purchaser took it (a hook of the seller's operation asks). */
export async function waybillOfSellerOrder(db: Db, sellerOrgId: number, orderId: number): Promise<WaybillRecord | undefined> {
  const [r] = await db
    .select()
    .from(waybills)
    .where(and(eq(waybills.sellerOrgId, sellerOrgId), eq(waybills.orderId, orderId)));
  return r;
}

export async function waybillById(db: Db, purchaserOrgId: number, waybillId: number): Promise<WaybillRecord | undefined> {
  const [r] = await db
    .select()
    .from(waybills)
    .where(and(eq(waybills.purchaserOrgId, purchaserOrgId), eq(waybills.id, waybillId)));
  return r;
}

/**
 * Whether the waybill's number left on a parcel: an order of its seller shipped with it. A merged
 * parcel's number is kept under its lowest order id, which may be a member that stayed behind.
 */
export async function waybillShipped(db: Db, w: Pick<WaybillRecord, 'sellerOrgId' | 'courierCode' | 'trackingNo'>): Promise<boolean> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from dropship_orders where org_id = ${w.sellerOrgId} and tracking_no = ${w.trackingNo}
      and courier_code = ${w.courierCode} and status in ('DELIVERED', 'FINISHED')`,
  );
  return Number(r?.n ?? 0) > 0;
}

/** Forgets a kept waybill (voided at its source): the order's next shipment takes a new number. */
export async function deleteWaybill(db: Db, purchaserOrgId: number, waybillId: number): Promise<boolean> {
  const rows = await db
    .delete(waybills)
    .where(and(eq(waybills.purchaserOrgId, purchaserOrgId), eq(waybills.id, waybillId)))
    .returning({ id: waybills.id });
  return rows.length > 0;
}

/** Keeps the first waybill of an order (a concurrent second one is dropped); answers the one kept. */
export async function insertWaybill(db: Db, w: Omit<typeof waybills.$inferInsert, 'id'>): Promise<WaybillRecord> {
  await db.insert(waybills).values(w).onConflictDoNothing({ target: waybills.orderId });
  const kept = await waybillOf(db, w.purchaserOrgId, w.orderId);
  if (!kept) throw new Error('waybill not stored');
  return kept;
}

/** One more print of a waybill (a parcel's one row, whichever of its orders was asked for). */
export async function countPrint(db: Db, purchaserOrgId: number, waybillId: number) {
  await db
    .update(waybills)
    .set({ printCount: sql`${waybills.printCount} + 1`, printedAt: sql`now()` })
    .where(and(eq(waybills.purchaserOrgId, purchaserOrgId), eq(waybills.id, waybillId)));
}

/** A dropship order this purchaser serves (its seller's org, status), or undefined: another purchaser's id reads as not found. */
export async function orderForPurchaser(db: Db, purchaserOrgId: number, orderId: number) {
  const [r] = await queryRows<{ id: string | number; org_id: number; status: string }>(
    db,
    sql`select id, org_id, status from dropship_orders where id = ${orderId} and purchaser_org_id = ${purchaserOrgId}`,
  );
  return r ? { id: Number(r.id), sellerOrgId: Number(r.org_id), status: r.status } : undefined;
}

export async function orgName(db: Db, orgId: number): Promise<string> {
  const [r] = await queryRows<{ name: string }>(db, sql`select name from organisations where id = ${orgId}`);
  return r?.name ?? '';
}
