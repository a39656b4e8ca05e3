/**
 * SQL of order import jobs and their parsed rows. Reads that answer a caller take the caller's
 * orgId; the runner's writes address a job it already holds. Rows go in and out in bulk
 * (jsonb_to_recordset: one parameter, the same on PGlite and node-postgres).
 */
import type { ImportJobStatus } from '@dropship/contract';
import { and, between, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { users } from '../auth/index.js';
import { shops } from '../shops/index.js';
import { orderImportJobs, orderImportPages, orderImportRows, orderImportSplitOrders } from './order-import.table.js';
import { PREVIEW_PAGE_ROWS } from './parse-rows.js';
import { maskedRow, openPage, openRow } from './preview-receiver.js';
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
  // greatest: two batches written at once may end out of order (import-stage.ts).
  await db.execute(sql`update order_import_jobs set percent = greatest(percent, ${p.percent}), imported = imported + ${p.imported ?? 0},
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
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update order_import_jobs set status = 'FAILED', message = ${message}, finished_at = now() where ${stale} returning id`,
  );
  for (const r of rows) await deletePreview(db, r.id);
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

/**
 * One page of the job's rows (sealed whole, as the parse made it) and its bad rows, receivers masked
 * (one record each, for 仅看错误 and the error export).
 */
export async function insertPage(db: Db, job: { id: number; orgId: number }, pageNo: number, page: string, bad: ParsedRow[]) {
  await db.insert(orderImportPages).values({ jobId: job.id, orgId: job.orgId, pageNo, rows: page });
  if (bad.length === 0) return;
  // The row goes in as a json value, stored as its text (json keeps the text as sent): a JSON string
  // inside the parameter would be escaped on the way in and unescaped by the database.
  const payload = bad.map((r) => ({ row_no: r.rowNo, order_key: r.orderKey, data: r.data, error: r.error }));
  await db.execute(sql`insert into order_import_rows (job_id, org_id, row_no, order_key, data, error)
    select ${job.id}, ${job.orgId}, x.row_no, x.order_key, x.data::text, x.error
    from json_to_recordset(${JSON.stringify(payload)}::json) as x(row_no int, order_key text, data json, error text)`);
}

/** A page of the job's rows as stored (openPage opens it); undefined past the last. */
export async function readPage(db: Db, jobId: number, pageNo: number): Promise<string | undefined> {
  const [row] = await db
    .select({ rows: orderImportPages.rows })
    .from(orderImportPages)
    .where(and(eq(orderImportPages.jobId, jobId), eq(orderImportPages.pageNo, pageNo)));
  return row?.rows;
}

/** Valid orders whose rows are apart in the file (the import gathers them). */
export async function insertSplitOrders(db: Db, jobId: number, keys: string[]) {
  if (keys.length === 0) return;
  await db.execute(sql`insert into order_import_split_orders (job_id, order_key)
    select ${jobId}, k from json_array_elements_text(${JSON.stringify(keys)}::json) as k`);
}

export async function splitOrders(db: Db, jobId: number): Promise<string[]> {
  const rows = await db.select({ key: orderImportSplitOrders.orderKey }).from(orderImportSplitOrders).where(eq(orderImportSplitOrders.jobId, jobId));
  return rows.map((r) => r.key);
}

/** Everything stored of a job's file: its pages, bad rows and split orders. */
export async function deletePreview(db: Db, jobId: number) {
  await db.delete(orderImportRows).where(eq(orderImportRows.jobId, jobId));
  await db.delete(orderImportPages).where(eq(orderImportPages.jobId, jobId));
  await db.delete(orderImportSplitOrders).where(eq(orderImportSplitOrders.jobId, jobId));
}

/** Order numbers with a bad row: the import leaves those orders out. */
export async function badKeys(db: Db, jobId: number): Promise<string[]> {
  const rows = await db.selectDistinct({ key: orderImportRows.orderKey }).from(orderImportRows).where(eq(orderImportRows.jobId, jobId));
  return rows.map((r) => r.key);
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

/**
 * A page of the preview list: of the bad rows (one record each), or of all rows (the pages covering
 * the asked range, at most two for a page of the list). `totalRows`: the job's.
 */
export async function pageRows(db: Db, orgId: number, jobId: number, totalRows: number, q: { pageNo: number; pageSize: number; errorsOnly: boolean }) {
  const offset = (q.pageNo - 1) * q.pageSize;
  if (q.errorsOnly) {
    const where = and(eq(orderImportRows.orgId, orgId), eq(orderImportRows.jobId, jobId));
    const [total] = await db.select({ n: count() }).from(orderImportRows).where(where);
    const rows = await db.select(rowCols).from(orderImportRows).where(where).orderBy(orderImportRows.rowNo).limit(q.pageSize).offset(offset);
    return { total: Number(total?.n ?? 0), rows: stored(rows) };
  }
  const first = Math.floor(offset / PREVIEW_PAGE_ROWS);
  const last = Math.floor((offset + q.pageSize - 1) / PREVIEW_PAGE_ROWS);
  const pages = await db
    .select({ rows: orderImportPages.rows })
    .from(orderImportPages)
    .where(and(eq(orderImportPages.orgId, orgId), eq(orderImportPages.jobId, jobId), between(orderImportPages.pageNo, first, last)))
    .orderBy(orderImportPages.pageNo);
  const rows = pages.flatMap((p) => openPage(p.rows));
  const from = offset - first * PREVIEW_PAGE_ROWS;
  // A preview deleted (cancelled, failed, purged after 30 days) lists nothing.
  const kept =
    rows.length > 0 || (await db.select({ n: orderImportPages.pageNo }).from(orderImportPages).where(eq(orderImportPages.jobId, jobId)).limit(1)).length > 0;
  return { total: kept ? totalRows : 0, rows: rows.slice(from, from + q.pageSize).map(maskedRow) };
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

/**
 * A job's preview and bad rows are kept for the history's preview and error export, not forever:
 * jobs older than `olderThanDays` lose them, up to 50 jobs a call (each upload calls it). A preview
 * still waiting for its confirmation then has nothing to import: it is FAILED with `message` first.
 */
export async function purgeOldRows(db: Db, olderThanDays: number, message: string) {
  const old = sql`created_at < now() - (${olderThanDays} * interval '1 day')`;
  await db.execute(sql`update order_import_jobs set status = 'FAILED', message = ${message}, finished_at = now() where status = 'PREVIEW' and ${old}`);
  const kept = sql`select id from order_import_jobs j where ${old} and status not in ('PARSING', 'IMPORTING')
    and (exists (select 1 from order_import_pages p where p.job_id = j.id) or exists (select 1 from order_import_rows r where r.job_id = j.id))
    order by id limit 50`;
  for (const r of await queryRows<{ id: number }>(db, kept)) await deletePreview(db, r.id);
}
