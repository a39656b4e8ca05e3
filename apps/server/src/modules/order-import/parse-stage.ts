/**
 * Stage 1 of a job: every data row of the file is read, validated and stored as the preview, in
 * batches so memory stays flat whatever the file's size. Ends in PREVIEW with the counts, or
 * throws (the runner then deletes the rows and marks the job FAILED).
 */
import { ErrorCode, ORDER_IMPORT_LIMITS } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { FilePlan } from './file-plan.js';
import { reclaimHeap } from './heap.js';
import * as repo from './order-import.repository.js';
import { detailItem, type ParsedRow, parseRow, type RowContext, type RowItem } from './row-parser.js';

const INSERT_BATCH = 1_000;

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

export interface ParseHooks {
  /** Called after each stored batch with the share of the file read (0–100). */
  progress(percent: number): Promise<void>;
}

/**
 * Reads the whole file into the job's preview rows and answers the summary counts. Pipelined: the
 * next batch is parsed while the previous one is being stored (on PostgreSQL the server works
 * while this process parses), with at most one batch in flight, so memory stays at two batches.
 */
export async function parseIntoPreview(db: Db, job: { id: number; orgId: number }, plan: FilePlan, hooks: ParseHooks) {
  const ctx: RowContext = { layout: plan.layout, index: plan.index };
  if (plan.detail) ctx.detail = await readDetail(plan.detail);
  const { progress } = plan;
  let batch: ParsedRow[] = [];
  let rows = 0;
  let inFlight: Promise<void> = Promise.resolve();
  const store = async (b: ParsedRow[], percent: number | null) => {
    await inFlight;
    inFlight = repo.insertRows(db, job.id, job.orgId, b).then(() => (percent === null ? undefined : hooks.progress(percent)));
    // Handled when awaited (next batch or the end); this keeps a failure from being "unhandled" meanwhile.
    inFlight.catch(() => {});
  };
  try {
    for await (const row of plan.rows) {
      if (++rows > ORDER_IMPORT_LIMITS.maxRows) throw new AppError(ErrorCode.ORDER_IMPORT_TOO_MANY_ROWS);
      batch.push(parseRow(row.rowNo, row.cells, ctx));
      if (batch.length >= INSERT_BATCH) {
        await store(batch, Math.min(99, Math.floor((progress.bytesRead / plan.file.bytes.length) * 100)));
        batch = [];
        reclaimHeap();
      }
    }
    await store(batch, null);
  } finally {
    // A failed parse must not leave a write running behind the runner's clean-up of the rows.
    await inFlight.catch(() => {});
  }
  await inFlight;
  const summary = await repo.summarizeRows(db, job.id);
  if (summary.totalRows === 0) throw new AppError(ErrorCode.ORDER_IMPORT_FILE_EMPTY);
  return summary;
}
