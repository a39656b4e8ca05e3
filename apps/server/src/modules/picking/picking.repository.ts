/**
 * SQL of the picker's view, always scoped to the purchaser organisation: the items a picker has
 * to fetch, the marks made today and locking items for a mark. The undo's writes on the money side
 * (a mark's settlement line and waiting replenish request) belong to funds, whose tables they are.
 */
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { takeItems } from '../take-assignment/index.js';
import { pickingMarks } from './picking.table.js';

export type TakeItemRecord = typeof takeItems.$inferSelect;
export type MarkRecord = typeof pickingMarks.$inferSelect;

/**
 * The goods pictures of the order lines behind take items (pickers find goods at a stall by photo).
 * The ids come from take items already scoped to the purchaser.
 */
export async function picturesOf(db: Db, orderItemIds: number[]): Promise<Map<number, string>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string | number; pic_url: string | null }>(
    db,
    sql`select id, pic_url from dropship_order_items where id = any(${sql.param(orderItemIds)}::bigint[]) and pic_url is not null and pic_url <> ''`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.pic_url ?? '']));
}

/** At most this many rows in a picker's day (a long day is a few hundred). */
const DAY_LIMIT = 2000;

export async function findItems(db: Db, purchaserOrgId: number, ids: number[]): Promise<TakeItemRecord[]> {
  return db
    .select()
    .from(takeItems)
    .where(and(eq(takeItems.purchaserOrgId, purchaserOrgId), inArray(takeItems.id, ids)))
    .orderBy(asc(takeItems.id));
}

/** Locks the items in id order (after their orders: the seller-side operations lock order, then item). */
export async function lockItems(db: Db, purchaserOrgId: number, ids: number[]): Promise<TakeItemRecord[]> {
  return db
    .select()
    .from(takeItems)
    .where(and(eq(takeItems.purchaserOrgId, purchaserOrgId), inArray(takeItems.id, ids)))
    .orderBy(asc(takeItems.id))
    .for('update');
}

export async function findByCode(db: Db, purchaserOrgId: number, takeCode: string): Promise<TakeItemRecord | undefined> {
  const [row] = await db
    .select()
    .from(takeItems)
    .where(and(eq(takeItems.purchaserOrgId, purchaserOrgId), eq(takeItems.takeCode, takeCode)));
  return row;
}

/** The picker's open items: assigned and not yet reported, or put off to another day (E_NEXT_TAKING, picker kept). */
export async function openItemsOf(db: Db, purchaserOrgId: number, pickerUserId: number): Promise<TakeItemRecord[]> {
  return db
    .select()
    .from(takeItems)
    .where(
      and(
        eq(takeItems.purchaserOrgId, purchaserOrgId),
        eq(takeItems.assignedUserId, pickerUserId),
        isNull(takeItems.arrivedAt),
        or(eq(takeItems.assignmentStatus, 'TAKING'), and(eq(takeItems.assignmentStatus, 'WAITING_ASSIGNED'), eq(takeItems.takingStatus, 'E_NEXT_TAKING'))),
      ),
    )
    .limit(DAY_LIMIT);
}

/** Standing marks on the picker's items made since `since`, with their items. */
export async function marksSince(db: Db, purchaserOrgId: number, pickerUserId: number, since: Date) {
  return db
    .select({ mark: pickingMarks, item: takeItems })
    .from(pickingMarks)
    .innerJoin(takeItems, eq(takeItems.id, pickingMarks.takeItemId))
    .where(
      and(
        eq(pickingMarks.purchaserOrgId, purchaserOrgId),
        eq(pickingMarks.pickerUserId, pickerUserId),
        gte(pickingMarks.createdAt, since),
        eq(pickingMarks.state, 'ACTIVE'),
        eq(takeItems.purchaserOrgId, purchaserOrgId),
      ),
    )
    .limit(DAY_LIMIT);
}

export async function activeMarks(db: Db, purchaserOrgId: number, takeItemIds: number[]): Promise<Map<number, MarkRecord>> {
  if (takeItemIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(pickingMarks)
    .where(and(eq(pickingMarks.purchaserOrgId, purchaserOrgId), inArray(pickingMarks.takeItemId, takeItemIds), eq(pickingMarks.state, 'ACTIVE')));
  return new Map(rows.map((m) => [m.takeItemId, m]));
}

export async function insertMark(db: Db, v: typeof pickingMarks.$inferInsert): Promise<number> {
  const [row] = await db.insert(pickingMarks).values(v).returning({ id: pickingMarks.id });
  if (!row) throw new Error('picking mark not inserted');
  return row.id;
}

export async function updateMark(
  db: Db,
  id: number,
  v: Partial<Pick<MarkRecord, 'refundFen' | 'refundEntryId' | 'replenishId' | 'replenishFen' | 'goodsFen' | 'commissionFen' | 'settlementLineId'>>,
) {
  await db.update(pickingMarks).set(v).where(eq(pickingMarks.id, id));
}

/** ACTIVE → CANCELED or SUPERSEDED; false when it was no longer active. */
export async function endMark(db: Db, id: number, state: 'CANCELED' | 'SUPERSEDED') {
  const rows = await db
    .update(pickingMarks)
    .set({ state, endedAt: sql`now()` })
    .where(and(eq(pickingMarks.id, id), eq(pickingMarks.state, 'ACTIVE')))
    .returning({ id: pickingMarks.id });
  return rows.length > 0;
}
