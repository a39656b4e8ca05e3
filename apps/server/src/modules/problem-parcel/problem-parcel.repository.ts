/**
 * SQL of problem parcels: the seller's reads scoped by org_id, the warehouse's by purchaser_org_id,
 * the locked row every status change starts from, and the one near-deadline count behind both the
 * menu badge and problemGood/nearTime/num.
 */
import type { ProblemFilter } from '@dropship/contract';
import { and, asc, count, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { organisations } from '../auth/index.js';
import { ledgerEntries } from '../funds/index.js';
import { type ParcelGood, parcelPhotos, problemParcelEvents, problemParcelNoSeq, problemParcelPayments, problemParcels } from './problem-parcel.table.js';

export type ParcelRecord = typeof problemParcels.$inferSelect;
export type ParcelStatusCode = ParcelRecord['status'];

/** The label number: PP (problem) or HP (headless) + Beijing date + 6 digits of the sequence. */
export async function nextBarcodeNo(db: Db, prefix: 'PP' | 'HP'): Promise<string> {
  const [r] = await queryRows<{ n: string | number }>(db, sql`select nextval(${sql.raw(`'${problemParcelNoSeq.seqName}'`)}) as n`);
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `${prefix}${day}${String(Number(r?.n ?? 0) % 1_000_000).padStart(6, '0')}`;
}

export async function insertParcel(db: Db, row: PgInsertValue<typeof problemParcels>): Promise<ParcelRecord> {
  const [p] = await db.insert(problemParcels).values(row).returning();
  if (!p) throw new Error('problem parcel not written');
  return p;
}

export async function insertEvent(db: Db, e: typeof problemParcelEvents.$inferInsert) {
  await db.insert(problemParcelEvents).values(e);
}

/** The seller's parcel, locked until the transaction ends; undefined for anyone else's. */
export async function lockForSeller(db: Db, orgId: number, id: number): Promise<ParcelRecord | undefined> {
  const rows = await db
    .select()
    .from(problemParcels)
    .where(and(eq(problemParcels.orgId, orgId), eq(problemParcels.id, id)))
    .for('update');
  return rows[0];
}

/** The warehouse's parcel, locked; undefined for a parcel another warehouse holds. */
export async function lockForPurchaser(db: Db, purchaserOrgId: number, id: number): Promise<ParcelRecord | undefined> {
  const rows = await db
    .select()
    .from(problemParcels)
    .where(and(eq(problemParcels.purchaserOrgId, purchaserOrgId), eq(problemParcels.id, id)))
    .for('update');
  return rows[0];
}

export async function findOwn(db: Db, orgId: number, id: number): Promise<ParcelRecord | undefined> {
  const rows = await db
    .select()
    .from(problemParcels)
    .where(and(eq(problemParcels.orgId, orgId), eq(problemParcels.id, id)));
  return rows[0];
}

export async function lockById(db: Db, id: number): Promise<ParcelRecord | undefined> {
  const rows = await db.select().from(problemParcels).where(eq(problemParcels.id, id)).for('update');
  return rows[0];
}

export async function updateParcel(db: Db, id: number, set: PgUpdateSetSource<typeof problemParcels>) {
  await db
    .update(problemParcels)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(problemParcels.id, id));
}

function filterOf(orgId: number, f: ProblemFilter, withStatus: boolean): SQL | undefined {
  const code = f.trackingNo?.toUpperCase();
  const day = (d: string, next = false) => sql`((${d})::date + ${sql.raw(next ? '1' : '0')})::timestamp at time zone 'Asia/Shanghai'`;
  return and(
    eq(problemParcels.orgId, orgId),
    withStatus && f.status ? eq(problemParcels.status, f.status) : undefined,
    f.kind ? eq(problemParcels.kind, f.kind) : undefined,
    code ? or(sql`upper(${problemParcels.trackingNo}) = ${code}`, sql`upper(${problemParcels.barcodeNo}) = ${code}`) : undefined,
    f.createdFrom ? gte(problemParcels.createdAt, day(f.createdFrom)) : undefined,
    f.createdTo ? lt(problemParcels.createdAt, day(f.createdTo, true)) : undefined,
    f.deadlineFrom ? gte(problemParcels.deadlineAt, day(f.deadlineFrom)) : undefined,
    f.deadlineTo ? lt(problemParcels.deadlineAt, day(f.deadlineTo, true)) : undefined,
  );
}

const rowColumns = {
  id: problemParcels.id,
  kind: problemParcels.kind,
  status: problemParcels.status,
  source: problemParcels.source,
  barcodeNo: problemParcels.barcodeNo,
  trackingNo: problemParcels.trackingNo,
  reason: problemParcels.reason,
  goods: problemParcels.goods,
  afterSaleId: problemParcels.afterSaleId,
  warehouseName: organisations.name,
  receiverName: problemParcels.receiverName,
  receiverPhone: problemParcels.receiverPhone,
  receiverAddress: problemParcels.receiverAddress,
  expressName: problemParcels.expressName,
  freightFen: problemParcels.freightFen,
  sendBackWaybillNo: problemParcels.sendBackWaybillNo,
  sendBackCourierName: problemParcels.sendBackCourierName,
  reshipOrderId: problemParcels.reshipOrderId,
  reshipOrderNo: problemParcels.reshipOrderNo,
  deadlineAt: problemParcels.deadlineAt,
  createdAt: problemParcels.createdAt,
};

/** One page, deadline first among the waiting ones (the one to act on first), then newest. */
export async function pageParcels(db: Db, orgId: number, f: ProblemFilter, page: { pageNo: number; pageSize: number }) {
  const where = filterOf(orgId, f, true);
  const [list, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(problemParcels)
      .leftJoin(organisations, eq(organisations.id, problemParcels.purchaserOrgId))
      .where(where)
      .orderBy(sql`${problemParcels.status} = 'WAITING_PROCESS' desc`, asc(problemParcels.deadlineAt), sql`${problemParcels.id} desc`)
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ n: count() }).from(problemParcels).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

/** Every row under the filters (the export), capped by the caller. */
export async function allParcels(db: Db, orgId: number, f: ProblemFilter, limit: number) {
  return db
    .select(rowColumns)
    .from(problemParcels)
    .leftJoin(organisations, eq(organisations.id, problemParcels.purchaserOrgId))
    .where(filterOf(orgId, f, true))
    .orderBy(sql`${problemParcels.id} desc`)
    .limit(limit);
}

/** The count of every status under the same filters but the tab itself. */
export async function tabCounts(db: Db, orgId: number, f: ProblemFilter): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: problemParcels.status, n: count() })
    .from(problemParcels)
    .where(filterOf(orgId, f, false))
    .groupBy(problemParcels.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export async function findForSeller(db: Db, orgId: number, id: number) {
  const [r] = await db
    .select({ ...rowColumns, p: problemParcels })
    .from(problemParcels)
    .leftJoin(organisations, eq(organisations.id, problemParcels.purchaserOrgId))
    .where(and(eq(problemParcels.orgId, orgId), eq(problemParcels.id, id)));
  return r;
}

export async function eventsOf(db: Db, parcelId: number) {
  return db
    .select({
      operation: problemParcelEvents.operation,
      fromStatus: problemParcelEvents.fromStatus,
      toStatus: problemParcelEvents.toStatus,
      note: problemParcelEvents.note,
      createdAt: problemParcelEvents.createdAt,
    })
    .from(problemParcelEvents)
    .where(eq(problemParcelEvents.parcelId, parcelId))
    .orderBy(asc(problemParcelEvents.id));
}

export async function photoIdsOf(db: Db, parcelId: number): Promise<number[]> {
  const rows = await db.select({ id: parcelPhotos.id }).from(parcelPhotos).where(eq(parcelPhotos.parcelId, parcelId)).orderBy(asc(parcelPhotos.id));
  return rows.map((r) => r.id);
}

export async function goodsOf(db: Db, orgId: number, ids: number[]): Promise<{ id: number; barcodeNo: string | null; goods: ParcelGood[] }[]> {
  return db
    .select({ id: problemParcels.id, barcodeNo: problemParcels.barcodeNo, goods: problemParcels.goods })
    .from(problemParcels)
    .where(and(eq(problemParcels.orgId, orgId), inArray(problemParcels.id, ids)))
    .orderBy(asc(problemParcels.id));
}

/**
 * Parcels the seller still has to decide on (a problem parcel waiting, a claimed headless parcel)
 * whose deadline falls within `withinMs`, overdue ones included: the menu badge and
 * problemGood/nearTime/num both count this.
 */
export async function countNearDeadline(db: Db, orgId: number, withinMs: number) {
  const [r] = await db
    .select({ n: count() })
    .from(problemParcels)
    .where(
      and(
        eq(problemParcels.orgId, orgId),
        or(
          and(eq(problemParcels.kind, 'PROBLEM'), eq(problemParcels.status, 'WAITING_PROCESS')),
          and(eq(problemParcels.kind, 'HEADLESS'), eq(problemParcels.status, 'CLAIMED')),
        ),
        lte(problemParcels.deadlineAt, sql`now() + ${`${Math.round(withinMs / 1000)} seconds`}::interval`),
      ),
    );
  return r?.n ?? 0;
}

/** Undecided parcels whose deadline is within `withinMs` (for the reminder and the deadline rule). */
export async function undecidedDueWithin(db: Db, withinMs: number, limit: number) {
  return db
    .select({ id: problemParcels.id })
    .from(problemParcels)
    .where(
      and(
        or(
          and(eq(problemParcels.kind, 'PROBLEM'), eq(problemParcels.status, 'WAITING_PROCESS')),
          and(eq(problemParcels.kind, 'HEADLESS'), eq(problemParcels.status, 'CLAIMED')),
        ),
        lte(problemParcels.deadlineAt, sql`now() + ${`${Math.round(withinMs / 1000)} seconds`}::interval`),
      ),
    )
    .orderBy(asc(problemParcels.deadlineAt))
    .limit(limit);
}

// ---- the warehouse's send-backs ---------------------------------------------------------------------

export async function pageSendBacks(db: Db, purchaserOrgId: number, code: string | undefined, page: { pageNo: number; pageSize: number }) {
  const c = code?.toUpperCase();
  const where = and(
    eq(problemParcels.purchaserOrgId, purchaserOrgId),
    eq(problemParcels.status, 'WAITING_RETURN'),
    c ? or(sql`upper(${problemParcels.barcodeNo}) = ${c}`, sql`upper(${problemParcels.trackingNo}) = ${c}`) : undefined,
  );
  const [list, [total]] = await Promise.all([
    db
      .select({
        id: problemParcels.id,
        kind: problemParcels.kind,
        barcodeNo: problemParcels.barcodeNo,
        trackingNo: problemParcels.trackingNo,
        sellerName: sql<string>`coalesce(${organisations.name}, '')`,
        goods: problemParcels.goods,
        expressName: problemParcels.expressName,
        receiverName: problemParcels.receiverName,
        receiverPhone: problemParcels.receiverPhone,
        receiverAddress: problemParcels.receiverAddress,
        createdAt: problemParcels.createdAt,
      })
      .from(problemParcels)
      .leftJoin(organisations, eq(organisations.id, problemParcels.orgId))
      .where(where)
      .orderBy(asc(problemParcels.updatedAt))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ n: count() }).from(problemParcels).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

// ---- Alipay trades of the freight ---------------------------------------------------------------------

export type PaymentRecord = typeof problemParcelPayments.$inferSelect;

export async function insertPayment(db: Db, row: typeof problemParcelPayments.$inferInsert): Promise<PaymentRecord> {
  const [r] = await db.insert(problemParcelPayments).values(row).returning();
  if (!r) throw new Error('problem parcel payment not written');
  return r;
}

export async function findPayment(db: Db, orgId: number, outTradeNo: string): Promise<PaymentRecord | undefined> {
  const rows = await db
    .select()
    .from(problemParcelPayments)
    .where(and(eq(problemParcelPayments.orgId, orgId), eq(problemParcelPayments.outTradeNo, outTradeNo)));
  return rows[0];
}

export async function lockPaymentByTradeNo(db: Db, outTradeNo: string): Promise<PaymentRecord | undefined> {
  const rows = await db.select().from(problemParcelPayments).where(eq(problemParcelPayments.outTradeNo, outTradeNo)).for('update');
  return rows[0];
}

export async function markPaymentPaid(db: Db, id: number, tradeNo: string) {
  await db.update(problemParcelPayments).set({ status: 'PAID', tradeNo, paidAt: sql`now()` }).where(eq(problemParcelPayments.id, id));
}

export async function markPaymentClosed(db: Db, id: number) {
  const rows = await db
    .update(problemParcelPayments)
    .set({ status: 'CLOSED' })
    .where(and(eq(problemParcelPayments.id, id), eq(problemParcelPayments.status, 'WAITING_PAYMENT')))
    .returning({ id: problemParcelPayments.id });
  return rows.length > 0;
}

/**
 * Retention (docs/security.md 收货人数据): the sealed plain send-back receiver of a parcel that is done
 * (sent back, discarded) is erased `days` days after its last change; the masked columns stay.
 */
export async function eraseDoneReceivers(db: Db, days: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update problem_parcels set receiver_sealed = null
        where receiver_sealed is not null and status in ('SEND_BACKED', 'DISCARD', 'PROCESSED')
          and updated_at < now() - make_interval(days => ${days}::int)
        returning id`,
  );
  return rows.length;
}

/** The request key of the ledger entry that paid a parcel's freight (read: funds owns the ledger), to tell a replay from a new payment. */
export async function requestKeyOfEntry(t: Db, entryId: number): Promise<string | undefined> {
  const [e] = await t.select({ requestKey: ledgerEntries.requestKey }).from(ledgerEntries).where(eq(ledgerEntries.id, entryId));
  return e?.requestKey ?? undefined;
}
