/**
 * SQL of after-sales, their timeline and their money links, always scoped to the seller. Status changes
 * name the status they start from, so a row that moved meanwhile is not touched (the service refuses).
 * insertAfterSale and moveAfterSale are the only writers of `status`: they keep the tab counters.
 */
import type { AfterSaleStatusCode, ReturnStatusCode } from '@dropship/contract';
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { users } from '../auth/index.js';
import { ledgerEntries } from '../funds/index.js';
import { afterSaleDelta, withAfterSaleRollup } from '../statistics/index.js';
import { afterSaleEntries, afterSaleEvents, afterSales } from './after-sale.table.js';
import { bumpStatus } from './status-counts.repository.js';

export type AfterSaleRecord = typeof afterSales.$inferSelect;
export type NewAfterSale = Omit<typeof afterSales.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** AS + the Beijing date + 8 digits of a sequence: readable, sortable by day, unique however many are made at once. */
export async function nextAfterSaleNos(db: Db, n: number): Promise<string[]> {
  const rows = await queryRows<{ no: string }>(
    db,
    sql`select 'AS' || to_char(now() at time zone 'Asia/Shanghai', 'YYMMDD') || lpad((nextval('after_sale_no_seq') % 100000000)::text, 8, '0') as no
        from generate_series(1, ${n}::int)`,
  );
  return rows.map((r) => r.no);
}

export async function insertAfterSale(db: Db, row: NewAfterSale): Promise<AfterSaleRecord> {
  const [made] = await db.insert(afterSales).values(row).returning();
  if (!made) throw new Error('after-sale not inserted');
  // 退货统计's daily rollup, in the same transaction (decision 0034).
  await afterSaleDelta(db, sql`id = ${made.id}`, 1);
  await bumpStatus(db, made.orgId, null, made.status);
  return made;
}

export async function findAfterSale(db: Db, orgId: number, id: number): Promise<AfterSaleRecord | undefined> {
  const [a] = await db
    .select()
    .from(afterSales)
    .where(and(eq(afterSales.orgId, orgId), eq(afterSales.id, id)));
  return a;
}

export async function lockAfterSale(db: Db, orgId: number, id: number): Promise<AfterSaleRecord | undefined> {
  const [a] = await db
    .select()
    .from(afterSales)
    .where(and(eq(afterSales.orgId, orgId), eq(afterSales.id, id)))
    .for('update');
  return a;
}

export async function byRequestKey(db: Db, orgId: number, requestKey: string): Promise<AfterSaleRecord[]> {
  return db
    .select()
    .from(afterSales)
    .where(and(eq(afterSales.orgId, orgId), eq(afterSales.requestKey, requestKey)))
    .orderBy(asc(afterSales.id));
}

export async function byPlatformRefund(db: Db, shopId: number, platformRefundId: string, itemId: number): Promise<AfterSaleRecord | undefined> {
  const [a] = await db
    .select()
    .from(afterSales)
    .where(and(eq(afterSales.shopId, shopId), eq(afterSales.platformRefundId, platformRefundId), eq(afterSales.itemId, itemId)));
  return a;
}

/** After-sales of these lines that still count: open ones block a new request, all but closed and refused take quantity. */
export async function ofItems(db: Db, orgId: number, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({ id: afterSales.id, afterSaleNo: afterSales.afterSaleNo, itemId: afterSales.itemId, status: afterSales.status, quantity: afterSales.quantity })
    .from(afterSales)
    .where(and(eq(afterSales.orgId, orgId), inArray(afterSales.itemId, itemIds), notInArray(afterSales.status, ['CLOSE', 'REFUSE'])));
}

export async function openStatusesOfOrder(db: Db, orgId: number, orderId: number): Promise<AfterSaleStatusCode[]> {
  const rows = await db
    .select({ status: afterSales.status })
    .from(afterSales)
    .where(and(eq(afterSales.orgId, orgId), eq(afterSales.orderId, orderId), inArray(afterSales.status, ['REFUNDING', 'GOODS_RETURNING', 'PROBLEM'])));
  return rows.map((r) => r.status);
}

/** Whether an exchange of the order got its replacement (换货补发): the order then shows TOOK_EXCHANGE. */
export async function hasReplacedExchange(db: Db, orgId: number, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: afterSales.id })
    .from(afterSales)
    .where(and(eq(afterSales.orgId, orgId), eq(afterSales.orderId, orderId), isNotNull(afterSales.replacementOrderId)))
    .limit(1);
  return row !== undefined;
}

/** The exchange whose replacement (换货补发) is this order, if any. */
export async function byReplacementOrder(db: Db, orgId: number, orderId: number): Promise<AfterSaleRecord | undefined> {
  const [row] = await db
    .select()
    .from(afterSales)
    .where(and(eq(afterSales.orgId, orgId), eq(afterSales.replacementOrderId, orderId)))
    .limit(1);
  return row;
}

/** Records the replacement order of a locked exchange (once: the caller checked none is set). */
export async function setReplacement(db: Db, orgId: number, id: number, order: { orderId: number; orderNo: string }) {
  await db
    .update(afterSales)
    .set({ replacementOrderId: order.orderId, replacementOrderNo: order.orderNo, updatedAt: sql`now()` })
    .where(and(eq(afterSales.orgId, orgId), eq(afterSales.id, id)));
}

export interface Move {
  status: AfterSaleStatusCode;
  returnStatus?: ReturnStatusCode | null;
  refundedFen?: number;
  returnCourierName?: string;
  returnWaybillNo?: string;
  platformRefundState?: string;
  platformRefundFen?: number;
  finished?: boolean;
}

/** One named move from `from`; false when the row was no longer there. */
export async function moveAfterSale(db: Db, orgId: number, id: number, from: AfterSaleStatusCode, m: Move) {
  const { finished, ...set } = m;
  // The move may change counted columns (refunded money, return status, finish): 退货统计's rollup is kept in step.
  const rows = await withAfterSaleRollup(db, sql`org_id = ${orgId} and id = ${id}`, () =>
    db
      .update(afterSales)
      .set({ ...set, updatedAt: sql`now()`, ...(finished ? { finishedAt: sql`now()` } : {}) })
      .where(and(eq(afterSales.orgId, orgId), eq(afterSales.id, id), eq(afterSales.status, from)))
      .returning({ id: afterSales.id }),
  );
  // The list's tab counters move with the row, only when it did move (decision 0041).
  if (rows.length > 0) await bumpStatus(db, orgId, from, m.status);
  return rows.length > 0;
}

export interface NewEvent {
  afterSaleId: number;
  fromStatus: AfterSaleStatusCode | null;
  toStatus: AfterSaleStatusCode;
  operation: string;
  note?: string;
}

export async function insertEvents(db: Db, orgId: number, actor: { userId: number | null; orgId: number | null }, events: NewEvent[]) {
  if (events.length === 0) return;
  await db.insert(afterSaleEvents).values(
    events.map((e) => ({
      orgId,
      afterSaleId: e.afterSaleId,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      operation: e.operation,
      actorUserId: actor.userId,
      actorOrgId: actor.orgId,
      note: e.note ?? '',
    })),
  );
}

export async function lastEvent(db: Db, afterSaleId: number) {
  const [e] = await db.select().from(afterSaleEvents).where(eq(afterSaleEvents.afterSaleId, afterSaleId)).orderBy(sql`${afterSaleEvents.id} desc`).limit(1);
  return e;
}

export async function eventsWithActor(db: Db, afterSaleId: number) {
  return db
    .select({ event: afterSaleEvents, username: users.username })
    .from(afterSaleEvents)
    .leftJoin(users, eq(users.id, afterSaleEvents.actorUserId))
    .where(eq(afterSaleEvents.afterSaleId, afterSaleId))
    .orderBy(asc(afterSaleEvents.id));
}

export async function linkEntry(db: Db, afterSaleId: number, entryId: number | null) {
  if (entryId === null) return;
  await db.insert(afterSaleEntries).values({ afterSaleId, entryId }).onConflictDoNothing();
}

/** The after-sale's ledger entries, through the link table (primary-key reads). */
export async function entriesOf(db: Db, orgId: number, afterSaleId: number) {
  const ids = await db.select({ id: afterSaleEntries.entryId }).from(afterSaleEntries).where(eq(afterSaleEntries.afterSaleId, afterSaleId));
  if (ids.length === 0) return [];
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.orgId, orgId),
        inArray(
          ledgerEntries.id,
          ids.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
}
