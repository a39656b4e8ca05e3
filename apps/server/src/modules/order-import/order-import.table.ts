import type { ImportJobStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from '../auth/auth.table.js';
import { shops } from '../shops/shops.table.js';

/**
 * One uploaded order file and what became of it (导入记录). The counters are orders, not rows:
 * totalOrders = imported + updated + skipped + failed once DONE. heartbeatAt is touched while the
 * file is parsed (in the process holding the upload), so a parse whose process died is marked
 * FAILED; the import stage runs on the job queue (queueJobId), which retries it after a crash.
 */
export const orderImportJobs = pgTable(
  'order_import_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** xlsx, xls, csv; encoding for CSV (UTF-8, GB18030, UTF-16LE). */
    fileFormat: text('file_format').notNull(),
    encoding: text('encoding'),
    /** ImportLayout of the contract; mapping = field → header actually used. */
    layout: text('layout').notNull(),
    mapping: jsonb('mapping').notNull().default({}),
    /** PARSING, PREVIEW, IMPORTING, DONE, FAILED, CANCELLED (ImportJobStatus). */
    status: text('status').$type<ImportJobStatus>().notNull(),
    totalRows: integer('total_rows').notNull().default(0),
    errorRows: integer('error_rows').notNull().default(0),
    totalOrders: integer('total_orders').notNull().default(0),
    validOrders: integer('valid_orders').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Progress of the running stage, 0–100. */
    percent: integer('percent').notNull().default(0),
    message: text('message'),
    /** The job-queue job (jobs.id) that runs the IMPORTING stage. */
    queueJobId: bigint('queue_job_id', { mode: 'number' }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).defaultNow().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('order_import_jobs_org_created_idx').on(t.orgId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('order_import_jobs_running_idx').on(t.heartbeatAt).where(sql`status in ('PARSING', 'IMPORTING')`),
    // One running import per organisation, even when two uploads race.
    uniqueIndex('order_import_jobs_one_running').on(t.orgId).where(sql`status in ('PARSING', 'IMPORTING')`),
  ],
);

/** The job a record is part of (deleted with it) and the job's organisation (reads are scoped by it). */
const ofJob = () => ({
  jobId: integer('job_id')
    .notNull()
    .references(() => orderImportJobs.id, { onDelete: 'cascade' }),
  orgId: integer('org_id')
    .notNull()
    .references(() => organisations.id),
});

/**
 * The parsed rows of a job, a page of PREVIEW_PAGE_ROWS file rows per record (`page_no` from 0, in
 * file order): the preview list reads them, and the import stage makes the orders from them. `rows`:
 * the page's ParsedRow[] as JSON, sealed whole (ReceiverVault.sealJson: the receivers are plain in
 * it); a page moved from rows stored by an earlier version is plain JSON with the receivers masked
 * (openPage). One text per page: storing and reading it costs a fraction of a record per row.
 */
export const orderImportPages = pgTable(
  'order_import_pages',
  {
    ...ofJob(),
    pageNo: integer('page_no').notNull(),
    rows: text('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.pageNo] })],
);

/**
 * Valid orders of a job whose rows are apart in the file (not next to each other): the import
 * gathers their rows before writing them. Usually none.
 */
export const orderImportSplitOrders = pgTable(
  'order_import_split_orders',
  {
    jobId: ofJob().jobId,
    orderKey: text('order_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.orderKey] })],
);

/**
 * The bad rows of a job (the preview's 仅看错误, the status call's first 100 and the error export),
 * one record each, receiver masked: `data` the row's fields as read, `error` the Chinese reason it
 * is refused. Rows of jobs older than 30 days are purged (0007-order-import.md).
 */
export const orderImportRows = pgTable(
  'order_import_rows',
  {
    ...ofJob(),
    /** The row's number in the file as Excel shows it (header = its own row number). */
    rowNo: integer('row_no').notNull(),
    /** Rows of one order share it: the order number, or '#<row>' when the row has none. */
    orderKey: text('order_key').notNull(),
    /** RowData as JSON text (stored by earlier versions: sealed whole, see openRow). */
    data: text('data').notNull(),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.rowNo] })],
);
