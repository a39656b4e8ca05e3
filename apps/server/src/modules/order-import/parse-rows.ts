/**
 * Every data row of a planned file, parsed and validated, in pages of rows sealed whole: the file
 * work of an import, with nothing of the database. It comes in two halves, reading the rows
 * (rowRuns) and checking them (previewPages), which with the parse thread run on two threads side by
 * side (parse-worker.ts). The preview stores the pages; the import stage makes its orders from them
 * (file-orders.ts).
 */
import { ErrorCode, ORDER_IMPORT_LIMITS } from '@dropship/contract';
import { AppError } from '../../lib/app-error.js';
import type { FilePlan } from './file-plan.js';
import { reclaimHeap } from './heap.js';
import { maskedRow, sealPage } from './preview-receiver.js';
import { detailItem, type ParsedRow, parseRow, type RowContext, type RowItem } from './row-parser.js';
import type { TableRow } from './table-reader.js';

/**
 * Rows per page (order_import_pages): one record per page, one batch of the preview and of the
 * import. A page completes at most as many orders as it has rows, so a page's orders fit the
 * import's batch.
 */
export const PREVIEW_PAGE_ROWS = ORDER_IMPORT_LIMITS.batchOrders;

async function readDetail(plan: NonNullable<FilePlan['detail']>): Promise<Map<string, RowItem[]>> {
  const out = new Map<string, RowItem[]>();
  let rows = 0;
  for await (const row of plan.rows) {
    if (++rows > ORDER_IMPORT_LIMITS.maxRows) throw new AppError(ErrorCode.ORDER_IMPORT_TOO_MANY_ROWS, '宝贝报表超过10万行，请按付款时间分批导出后再导入');
    const line = detailItem(row.cells, plan.index);
    if (!line) continue;
    const list = out.get(line.orderNo) ?? [];
    list.push(line.item);
    out.set(line.orderNo, list);
  }
  return out;
}

/** What checking the rows needs besides the rows: the layout, its columns, and the 宝贝报表's lines (read here). */
export async function rowContext(plan: FilePlan): Promise<RowContext> {
  const ctx: RowContext = { layout: plan.layout, index: plan.index };
  if (plan.detail) ctx.detail = await readDetail(plan.detail);
  return ctx;
}

/** The share of the file read, 0–99. */
const percentRead = (plan: FilePlan) => Math.min(99, Math.floor((plan.progress.bytesRead / plan.file.bytes.length) * 100));

/** A page's worth of data rows as read, before they are checked, with the share of the file read after them. */
export interface RowRun {
  rows: TableRow[];
  percent: number;
}

/**
 * Every data row of the planned file, in file order, in runs of PREVIEW_PAGE_ROWS (fewer at the
 * end): the reading half of the preview, which previewPages checks.
 */
export async function* rowRuns(plan: FilePlan): AsyncGenerator<RowRun> {
  let rows = 0;
  let run: TableRow[] = [];
  for await (const row of plan.rows) {
    if (++rows > ORDER_IMPORT_LIMITS.maxRows) throw new AppError(ErrorCode.ORDER_IMPORT_TOO_MANY_ROWS);
    run.push(row);
    if (run.length >= PREVIEW_PAGE_ROWS) {
      yield { rows: run, percent: percentRead(plan) };
      run = [];
      reclaimHeap();
    }
  }
  if (run.length) yield { rows: run, percent: percentRead(plan) };
}

/** What the preview found; orders are order numbers (rows of one number are one order). */
export interface PreviewSummary {
  totalRows: number;
  errorRows: number;
  totalOrders: number;
  /** Orders with no bad row: the ones the import writes. */
  validOrders: number;
  /** Valid orders whose rows are not next to each other in the file (the import gathers them). */
  splitKeys: string[];
}

/** The counts of the rows seen so far. */
class Tally {
  private rows = 0;
  private bad = 0;
  private readonly keys = new Set<string>();
  private readonly badKeys = new Set<string>();
  private readonly split = new Set<string>();
  private last: string | undefined;

  add(r: ParsedRow) {
    this.rows++;
    if (r.error) {
      this.bad++;
      this.badKeys.add(r.orderKey);
    }
    if (r.orderKey === this.last) return;
    if (this.keys.has(r.orderKey)) this.split.add(r.orderKey);
    else this.keys.add(r.orderKey);
    this.last = r.orderKey;
  }

  summary(): PreviewSummary {
    return {
      totalRows: this.rows,
      errorRows: this.bad,
      totalOrders: this.keys.size,
      validOrders: this.keys.size - this.badKeys.size,
      splitKeys: [...this.split].filter((k) => !this.badKeys.has(k)),
    };
  }
}

/** One batch of the preview: a page of rows. */
export interface ParsedBatch {
  /** The page's rows (ParsedRow[], receivers as read) sealed whole, as order_import_pages stores them. */
  page: string;
  /** How many rows the page holds (0 only for the last batch of a file whose rows are exactly pages). */
  rows: number;
  /** Its bad rows, receivers masked (order_import_rows). */
  bad: ParsedRow[];
  /** The share of the file read; null on the last batch. */
  percent: number | null;
  /** On the last batch: the whole file's counts. */
  summary?: PreviewSummary;
}

/**
 * The checking half of the preview: each run of rows parsed, validated and counted, its page sealed
 * (with the receivers as read) and its bad rows masked. The last page carries the counts (an empty
 * one when the file has no rows). With the parse thread it runs on a thread of its own beside the
 * one reading the file (parse-worker.ts); with IMPORT_PARSE_THREAD=0, on the event loop.
 */
export async function* previewPages(runs: AsyncIterable<RowRun>, ctx: RowContext): AsyncGenerator<ParsedBatch> {
  const tally = new Tally();
  const batch = (rows: ParsedRow[], percent: number | null): ParsedBatch => ({
    page: sealPage(rows),
    rows: rows.length,
    bad: rows.filter((r) => r.error !== null).map(maskedRow),
    percent,
  });
  // Each page is held until the next one is made, so that the last can carry the counts.
  let held: ParsedBatch | undefined;
  for await (const run of runs) {
    if (held) yield held;
    const rows = run.rows.map((r) => parseRow(r.rowNo, r.cells, ctx));
    for (const r of rows) tally.add(r);
    held = batch(rows, run.percent);
    reclaimHeap();
  }
  yield { ...(held ? { ...held, percent: null } : batch([], null)), summary: tally.summary() };
}

/** The preview of the planned file in pages of PREVIEW_PAGE_ROWS rows, read and checked on this thread. */
export async function* previewBatches(plan: FilePlan): AsyncGenerator<ParsedBatch> {
  yield* previewPages(rowRuns(plan), await rowContext(plan));
}
