/**
 * SQL of order import jobs and their parsed rows. Reads that answer a caller take the caller's
 * orgId; the runner's writes address a job it already holds. Rows go in and out in bulk
 * (jsonb_to_recordset: one parameter, the same on PGlite and node-postgres).
 */
import type { ImportJobStatus } from '@dropship/contract';
import { and, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { users } from '../auth/index.js';
import { shops } from '../shops/index.js';
import { orderImportJobs, orderImportRows } from './order-import.table.js';
import { openRow, withStoredReceiver } from './preview-receiver.js';
import type { ParsedRow, RowData } from './row-parser.js';

export type ImportJobRecord = typeof orderImportJobs.$inferSelect;
export type NewImportJob = Pick<
  typeof orderImportJobs.$inferInsert,
  'orgId' | 'userId' | 'shopId' | 'fileName' | 'fileSize' | 'fileFormat' | 'encoding' | 'layout' | 'mapping'
>;
type JobPatch = Partial<Omit<typeof orderImportJobs.$inferInsert, 'id' | 'orgId'>>;

export const RUNNING: ImportJobStatus[] = ['PARSING', 'IMPORTING'];

/** A shop of the organisation, removed ones too (a past job still names its shop); new imports check removedAt. */
export async function findShop(db: Db, orgId: number, shopId: number) {
  const [row] = await db
    .select({ id: shops.id, name: shops.name, channel: shops.channel, removedAt: shops.removedAt })
    .from(shops)
    .where(and(eq(shops.orgId, orgId), eq(shops.id, shopId)))
    .limit(1);
  return row;
}

/** The shops an import may go into: the organisation's, not removed. */
export function listShops(db: Db, orgId: number) {
  return db
    .select({ id: shops.id, name: shops.name, channel: shops.channel })
    .from(shops)
    .where(and(eq(shops.orgId, orgId), isNull(shops.removedAt)))
    .orderBy(shops.id)
    .limit(500);
}

export async function insertJob(db: Db, v: NewImportJob): Promise<ImportJobRecord> {
  const [row] = await db
    .insert(orderImportJobs)
    .values({ ...v, status: 'PARSING' })
    .returning();
  if (!row) throw new Error('import job not inserted');
  return row;
}

export async function findJob(db: Db, orgId: number, id: number): Promise<ImportJobRecord | undefined> {
  const [row] = await db
    .select()
    .from(orderImportJobs)
    .where(and(eq(orderImportJobs.orgId, orgId), eq(orderImportJobs.id, id)))
    .limit(1);
  return row;
}

/** A running job of the organisation, if any (one at a time per organisation). */
export async function findRunningJob(db: Db, orgId: number): Promise<ImportJobRecord | undefined> {
  const [row] = await db
    .select()
    .from(orderImportJobs)
    .where(and(eq(orderImportJobs.orgId, orgId), inArray(orderImportJobs.status, RUNNING)))
    .limit(1);
  return row;
}

/**
 * The one way a job's status changes: only from `from`, so two requests (or a request and the
 * runner) cannot both move it. False when the job was not in `from`.
 */
export async function moveJob(db: Db, id: number, from: ImportJobStatus[], patch: JobPatch): Promise<boolean> {
  const rows = await db
    .update(orderImportJobs)
    .set(patch)
    .where(and(eq(orderImportJobs.id, id), inArray(orderImportJobs.status, from)))
    .returning({ id: orderImportJobs.id });
  return rows.length > 0;
}

/** Progress of a running stage; counters are added, never overwritten, so batches cannot race. */
export async function addProgress(db: Db, id: number, p: { percent: number; imported?: number; updated?: number; skipped?: number }) {
  await db.execute(sql`update order_import_jobs set percent = ${p.percent}, imported = imported + ${p.imported ?? 0},
    updated = updated + ${p.updated ?? 0}, skipped = skipped + ${p.skipped ?? 0}, heartbeat_at = now() where id = ${id}`);
}

/** Keeps the jobs this process holds (queued or running) from looking abandoned. */
export async function touchJobs(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.update(orderImportJobs).set({ heartbeatAt: sql`now()` }).where(inArray(orderImportJobs.id, ids));
}

const orgFilter = (orgId: number | undefined) => (orgId === undefined ? sql`` : sql`and org_id = ${orgId}`);

/**
 * PARSING jobs whose process stopped touching them (heartbeat older than `staleMs`; 0 = all) are
 * FAILED with `message` and their half-read preview deleted: the upload's bytes died with the
 * process. Answers how many.
 */
export async function failStaleParsing(db: Db, staleMs: number, message: string, orgId?: number): Promise<number> {
  const stale = sql`status = 'PARSING' and heartbeat_at <= now() - (${staleMs} * interval '1 millisecond') ${orgFilter(orgId)}`;
  await db.execute(sql`delete from order_import_rows where job_id in (select id from order_import_jobs where ${stale})`);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update order_import_jobs set status = 'FAILED', message = ${message}, finished_at = now() where ${stale} returning id`,
  );
  return rows.length;
}

/**
 * IMPORTING jobs whose queue job neither waits nor runs any more (its last attempt died with its
 * process) are FAILED with `message`. The batches written stay; importing again is safe.
 */
export async function failOrphanImports(db: Db, message: string, orgId?: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update order_import_jobs j set status = 'FAILED', message = ${message}, finished_at = now()
        where j.status = 'IMPORTING' ${orgId === undefined ? sql`` : sql`and j.org_id = ${orgId}`}
          and not exists (select 1 from jobs q where q.id = j.queue_job_id and q.status in ('QUEUED', 'RUNNING'))
        returning j.id`,
  );
  return rows.length;
}

/** Orders this job created first (an upsert never changes an order's import_job_id afterwards). */
export async function countCreatedBy(db: Db, orgId: number, jobId: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from shop_orders where org_id = ${orgId} and import_job_id = ${jobId}`);
  return r?.n ?? 0;
}

/** Counters back to zero before a retried import recounts. */
export async function resetProgress(db: Db, id: number) {
  await db.update(orderImportJobs).set({ percent: 0, imported: 0, updated: 0, skipped: 0 }).where(eq(orderImportJobs.id, id));
}

/** True for a unique-index violation (23505), whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export async function insertRows(db: Db, jobId: number, orgId: number, rows: ParsedRow[]) {
  if (rows.length === 0) return;
  // The receiver as the order stores it (masked, sealed beside), sealed here while the parse thread
  // reads the next batch: no plain receiver is stored.
  // The row goes in as a json value, stored as its text (json keeps the text as sent): a JSON string
  // inside the parameter would be escaped on the way in and unescaped by the database.
  const payload = rows.map((r) => ({ row_no: r.rowNo, order_key: r.orderKey, data: withStoredReceiver(r.data), error: r.error }));
  await db.execute(sql`insert into order_import_rows (job_id, org_id, row_no, order_key, data, error)
    select ${jobId}, ${orgId}, x.row_no, x.order_key, x.data::text, x.error
    from json_to_recordset(${JSON.stringify(payload)}::json) as x(row_no int, order_key text, data json, error text)`);
}

export async function deleteRows(db: Db, jobId: number) {
  await db.delete(orderImportRows).where(eq(orderImportRows.jobId, jobId));
}

/** Rows, bad rows, orders, and orders whose rows are all good. */
export async function summarizeRows(db: Db, jobId: number) {
  const [r] = await queryRows<{ total_rows: number; error_rows: number; total_orders: number; valid_orders: number }>(
    db,
    sql`select coalesce(sum(n), 0)::int as total_rows, coalesce(sum(bad), 0)::int as error_rows,
          count(*)::int as total_orders, (count(*) filter (where bad = 0))::int as valid_orders
        from (select order_key, count(*) as n, count(error) as bad from order_import_rows where job_id = ${jobId} group by order_key) o`,
  );
  return { totalRows: r?.total_rows ?? 0, errorRows: r?.error_rows ?? 0, totalOrders: r?.total_orders ?? 0, validOrders: r?.valid_orders ?? 0 };
}

export interface StoredRow {
  rowNo: number;
  orderKey: string;
  data: RowData;
  error: string | null;
}

const rowCols = { rowNo: orderImportRows.rowNo, orderKey: orderImportRows.orderKey, data: orderImportRows.data, error: orderImportRows.error };
const stored = (rows: { rowNo: number; orderKey: string; data: string; error: string | null }[]): StoredRow[] =>
  rows.map((r) => ({ ...r, data: openRow(r.data) }));

export async function pageRows(db: Db, orgId: number, jobId: number, q: { pageNo: number; pageSize: number; errorsOnly: boolean }) {
  const where: SQL | undefined = and(
    eq(orderImportRows.orgId, orgId),
    eq(orderImportRows.jobId, jobId),
    q.errorsOnly ? sql`${orderImportRows.error} is not null` : undefined,
  );
  const [total] = await db.select({ n: count() }).from(orderImportRows).where(where);
  const rows = await db
    .select(rowCols)
    .from(orderImportRows)
    .where(where)
    .orderBy(orderImportRows.rowNo)
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { total: Number(total?.n ?? 0), rows: stored(rows) };
}

/** Bad rows after `afterRow` in file order (the status call's first 100, the error export's pages). */
export async function errorRows(db: Db, orgId: number, jobId: number, afterRow: number, limit: number) {
  const rows = await db
    .select(rowCols)
    .from(orderImportRows)
    .where(
      and(
        eq(orderImportRows.orgId, orgId),
        eq(orderImportRows.jobId, jobId),
        sql`${orderImportRows.error} is not null and ${orderImportRows.rowNo} > ${afterRow}`,
      ),
    )
    .orderBy(orderImportRows.rowNo)
    .limit(limit);
  return stored(rows);
}

/**
 * The next rows in (order, row) order after the given position: the import walks orders whole. The
 * rows' data stays text (openRow): the import opens it where it builds the orders (ordersMaker: on the
 * parse thread from 5,000 orders).
 */
export async function rowsByOrder(db: Db, jobId: number, after: { key: string; row: number } | null, limit: number) {
  return db
    .select(rowCols)
    .from(orderImportRows)
    .where(
      and(eq(orderImportRows.jobId, jobId), after ? sql`(${orderImportRows.orderKey}, ${orderImportRows.rowNo}) > (${after.key}, ${after.row})` : undefined),
    )
    .orderBy(orderImportRows.orderKey, orderImportRows.rowNo)
    .limit(limit);
}

export interface HistoryRecord extends ImportJobRecord {
  shopName: string;
  userName: string;
}

export async function pageJobs(
  db: Db,
  orgId: number,
  q: { pageNo: number; pageSize: number; status?: ImportJobStatus | undefined; keyword?: string | undefined },
) {
  const k = q.keyword?.trim();
  const where = and(
    eq(orderImportJobs.orgId, orgId),
    q.status ? eq(orderImportJobs.status, q.status) : undefined,
    k ? ilike(orderImportJobs.fileName, `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(orderImportJobs).where(where);
  const rows = await db
    .select({ job: orderImportJobs, shopName: shops.name, userName: users.username })
    .from(orderImportJobs)
    .innerJoin(shops, eq(shops.id, orderImportJobs.shopId))
    .innerJoin(users, eq(users.id, orderImportJobs.userId))
    .where(where)
    // Plain DESC (NULLS FIRST) on both keys, exactly as the index is declared (ARCHITECTURE pitfall; test/index-order.test.ts).
    .orderBy(desc(orderImportJobs.createdAt), desc(orderImportJobs.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { total: Number(total?.n ?? 0), rows: rows.map((r): HistoryRecord => ({ ...r.job, shopName: r.shopName, userName: r.userName })) };
}

/** Preview rows are kept for the history's error export, not forever: older jobs lose them. */
export async function purgeOldRows(db: Db, olderThanDays: number) {
  await db.execute(sql`delete from order_import_rows where job_id in (
    select id from order_import_jobs where created_at < now() - (${olderThanDays} * interval '1 day') and status not in ('PARSING', 'IMPORTING') limit 50)`);
}
