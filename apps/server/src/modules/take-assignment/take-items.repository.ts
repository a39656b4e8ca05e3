/**
 * SQL of take items. Writes take the seller's organisation or the order (the seller-side
 * operations run them inside the order's transaction); the purchaser's reads take its own org.
 */
import type { AssignmentStatusCode, TakingStatusCode } from '@dropship/contract';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { organisations } from '../auth/index.js';
import { takeDelta, withTakeRollup } from '../statistics/index.js';
import { addAssignmentCounts, withAssignmentCounts } from './assignment-counts.repository.js';
import { sellerPurchasers, takeItems } from './take-items.table.js';

export type TakeItemRecord = typeof takeItems.$inferSelect;

export interface NewTakeItem {
  orderId: number;
  orderItemId: number;
  orderNo: string;
  takeCode: string;
  supplierId: number | null;
  stallName: string;
  market: string;
  building: string;
  floor: string;
  stallNo: string;
  marketArea: string;
  artNo: string;
  color: string;
  size: string;
  quantity: number;
  expressName: string;
  unitCostFen: number;
  /** OWN_STOCK items start taken (TOOK/TOOK, the whole quantity at cost): the goods are already in the warehouse. */
  supplyMode?: 'MARKET_PICKUP' | 'OWN_STOCK';
  urgent?: boolean;
}

/** The next `n` values of the pick-up code sequence, in one statement. */
export async function nextCodeSeqs(db: Db, n: number): Promise<bigint[]> {
  const rows = await queryRows<{ n: string | number }>(db, sql`select nextval('take_code_seq') as n from generate_series(1, ${n}::int)`);
  return rows.map((r) => BigInt(r.n));
}

/** One statement for any number of items (jsonb_to_recordset: the same on PGlite and node-postgres). */
export async function insertTakeItems(db: Db, purchaserOrgId: number, sellerOrgId: number, items: NewTakeItem[]): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`
    insert into take_items (purchaser_org_id, seller_org_id, order_id, order_item_id, order_no, take_code, supplier_id, stall_name, market,
      building, floor, stall_no, market_area, art_no, color, size, quantity, express_name, unit_cost_fen, supply_mode, urgent,
      assignment_status, taking_status, took_quantity, took_price_fen, took_at)
    select ${purchaserOrgId}::int, ${sellerOrgId}::int, x."orderId", x."orderItemId", x."orderNo", x."takeCode", x."supplierId", x."stallName",
      x.market, x.building, x.floor, x."stallNo", x."marketArea", x."artNo", x.color, x.size, x.quantity, x."expressName", x."unitCostFen",
      coalesce(x."supplyMode", 'MARKET_PICKUP'), coalesce(x.urgent, false),
      case when x."supplyMode" = 'OWN_STOCK' then 'TOOK' else 'WAITING_ASSIGNED' end,
      case when x."supplyMode" = 'OWN_STOCK' then 'TOOK' else 'WAITING_TAKING' end,
      case when x."supplyMode" = 'OWN_STOCK' then x.quantity else 0 end,
      case when x."supplyMode" = 'OWN_STOCK' then x."unitCostFen" end,
      case when x."supplyMode" = 'OWN_STOCK' then now() end
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x("orderId" bigint, "orderItemId" bigint, "orderNo" text, "takeCode" text,
      "supplierId" int, "stallName" text, market text, building text, floor text, "stallNo" text, "marketArea" text, "artNo" text,
      color text, size text, quantity int, "expressName" text, "unitCostFen" bigint, "supplyMode" text, urgent boolean)
    returning id`,
  );
  const ids = rows.map((r) => Number(r.id));
  // The new items count in the statistics rollup from the transaction that creates them.
  await takeDelta(db, sql`id = any(${`{${ids.join(',')}}`}::bigint[])`, 1);
  await addAssignmentCounts(db, sql`id = any(${`{${ids.join(',')}}`}::bigint[])`);
  return ids;
}

export async function itemsOfOrder(db: Db, sellerOrgId: number, orderId: number) {
  return db
    .select()
    .from(takeItems)
    .where(and(eq(takeItems.sellerOrgId, sellerOrgId), eq(takeItems.orderId, orderId)))
    .orderBy(asc(takeItems.id));
}

/** Closes the order's take items (cancellation): nothing left to pick. */
export async function closeOrderItems(db: Db, sellerOrgId: number, orderId: number) {
  const where = sql`seller_org_id = ${sellerOrgId} and order_id = ${orderId}`;
  await withTakeRollup(db, where, () =>
    withAssignmentCounts(db, where, () =>
      db
        .update(takeItems)
        .set({ assignmentStatus: 'CLOSE', updatedAt: sql`now()` })
        .where(and(eq(takeItems.sellerOrgId, sellerOrgId), eq(takeItems.orderId, orderId))),
    ),
  );
}

export interface StatusChange {
  takingStatus: TakingStatusCode;
  assignmentStatus: AssignmentStatusCode;
  clearAssignee?: boolean;
}

export async function itemOfLine(db: Db, sellerOrgId: number, orderItemId: number) {
  const [row] = await db
    .select({ id: takeItems.id, purchaserOrgId: takeItems.purchaserOrgId, assignmentStatus: takeItems.assignmentStatus })
    .from(takeItems)
    .where(and(eq(takeItems.sellerOrgId, sellerOrgId), eq(takeItems.orderItemId, orderItemId)));
  return row;
}

/** Moves one line's take item to the given statuses, only from the allowed taking statuses; false when it was not in one. */
export async function setItemStatus(db: Db, sellerOrgId: number, orderItemId: number, from: TakingStatusCode[], to: StatusChange) {
  // The rollup brackets the line's item whatever its status: an unchanged item is taken out and added back as it was.
  const where = sql`seller_org_id = ${sellerOrgId} and order_item_id = ${orderItemId}`;
  const rows = await withTakeRollup(db, where, () =>
    withAssignmentCounts(db, where, () =>
      db
        .update(takeItems)
        .set({
          takingStatus: to.takingStatus,
          assignmentStatus: to.assignmentStatus,
          ...(to.clearAssignee ? { assignedUserId: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(takeItems.sellerOrgId, sellerOrgId), eq(takeItems.orderItemId, orderItemId), inArray(takeItems.takingStatus, from)))
        .returning({ id: takeItems.id }),
    ),
  );
  return rows.length > 0;
}

export async function findServingPurchaser(db: Db, sellerOrgId: number): Promise<number | undefined> {
  const [own] = await db.select({ id: sellerPurchasers.purchaserOrgId }).from(sellerPurchasers).where(eq(sellerPurchasers.sellerOrgId, sellerOrgId));
  if (own) return own.id;
  const [first] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.type, 'purchaser'))
    .orderBy(asc(organisations.id))
    .limit(1);
  return first?.id;
}

export async function setServingPurchaser(db: Db, sellerOrgId: number, purchaserOrgId: number) {
  await db
    .insert(sellerPurchasers)
    .values({ sellerOrgId, purchaserOrgId })
    .onConflictDoUpdate({ target: sellerPurchasers.sellerOrgId, set: { purchaserOrgId, updatedAt: sql`now()` } });
}

export async function orgType(db: Db, orgId: number) {
  const [o] = await db.select({ type: organisations.type }).from(organisations).where(eq(organisations.id, orgId));
  return o?.type;
}

export interface PurchaserFilter {
  assignmentStatus?: AssignmentStatusCode | undefined;
  takeCode?: string | undefined;
  marketArea?: string | undefined;
}

function purchaserWhere(purchaserOrgId: number, f: PurchaserFilter): SQL | undefined {
  return and(
    eq(takeItems.purchaserOrgId, purchaserOrgId),
    f.assignmentStatus ? eq(takeItems.assignmentStatus, f.assignmentStatus) : undefined,
    f.takeCode ? eq(takeItems.takeCode, f.takeCode) : undefined,
    f.marketArea ? eq(takeItems.marketArea, f.marketArea) : undefined,
  );
}

export async function pagePurchaserItems(db: Db, purchaserOrgId: number, f: PurchaserFilter, limit: number, offset: number) {
  const where = purchaserWhere(purchaserOrgId, f);
  const [total] = await db.select({ n: count() }).from(takeItems).where(where);
  const rows = await db
    .select({ item: takeItems, sellerName: organisations.name })
    .from(takeItems)
    .innerJoin(organisations, eq(organisations.id, takeItems.sellerOrgId))
    .where(where)
    .orderBy(desc(takeItems.id))
    .limit(limit)
    .offset(offset);
  return { total: Number(total?.n ?? 0), rows };
}

/** Days an item was put off for being out of stock (the seller's WAIT_NEXT_DAY policy counts them): picking's mark. */
export async function setLackDays(db: Db, item: Pick<TakeItemRecord, 'id' | 'purchaserOrgId'>, lackDays: number) {
  await db
    .update(takeItems)
    .set({ lackDays })
    .where(and(eq(takeItems.purchaserOrgId, item.purchaserOrgId), eq(takeItems.id, item.id)));
}

/** The take item's statuses and what was taken (picking's mark and its undo), only from the statuses it was read in (under its lock). */
export async function setTaken(
  db: Db,
  item: Pick<TakeItemRecord, 'id' | 'purchaserOrgId' | 'assignmentStatus' | 'takingStatus'>,
  v: Pick<TakeItemRecord, 'assignmentStatus' | 'takingStatus' | 'tookQuantity' | 'tookPriceFen' | 'tookAt'> & { assignedAt?: Date },
) {
  const where = sql`purchaser_org_id = ${item.purchaserOrgId} and id = ${item.id}`;
  // The statistics rollup and take-assignment's tab counters both follow the item's statuses.
  const rows = await withTakeRollup(db, where, () =>
    withAssignmentCounts(db, where, () =>
      db
        .update(takeItems)
        .set({ ...v, updatedAt: sql`now()` })
        .where(
          and(
            eq(takeItems.purchaserOrgId, item.purchaserOrgId),
            eq(takeItems.id, item.id),
            eq(takeItems.assignmentStatus, item.assignmentStatus),
            eq(takeItems.takingStatus, item.takingStatus),
            isNull(takeItems.arrivedAt),
          ),
        )
        .returning({ id: takeItems.id }),
    ),
  );
  return rows.length > 0;
}

/** The warehouse's scan: sets arrivedAt once; false when it was already set (a second scan changes nothing). */
export async function markArrived(db: Db, purchaserOrgId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(takeItems)
    .set({ arrivedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(takeItems.purchaserOrgId, purchaserOrgId), eq(takeItems.id, id), isNull(takeItems.arrivedAt)))
    .returning({ id: takeItems.id });
  return rows.length > 0;
}

/** An invite code's binding of a seller to its purchaser; false when the seller is already bound. */
export async function bindSeller(db: Db, sellerOrgId: number, purchaserOrgId: number) {
  const rows = await db.insert(sellerPurchasers).values({ sellerOrgId, purchaserOrgId }).onConflictDoNothing().returning({ id: sellerPurchasers.sellerOrgId });
  return rows.length > 0;
}

/** The seller leaves its purchaser (onboarding's unbind). */
export async function unbindSeller(db: Db, sellerOrgId: number) {
  await db.delete(sellerPurchasers).where(eq(sellerPurchasers.sellerOrgId, sellerOrgId));
}
