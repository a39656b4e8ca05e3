/**
 * Every data row of a planned file, parsed and validated, in batches: the file work of an import's
 * first stage, with nothing of the database (it runs on the parse thread, parse-worker.ts).
 */
import { ErrorCode, ORDER_IMPORT_LIMITS } from '@dropship/contract';
import { AppError } from '../../lib/app-error.js';
import type { FilePlan } from './file-plan.js';
import { reclaimHeap } from './heap.js';
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

/** Parsed and validated rows of the file, in order; `percent` is the share of the file read, null on the last. */
export interface ParsedBatch {
  rows: ParsedRow[];
  percent: number | null;
}

/**
 * Every data row of the planned file, parsed and validated, in batches of INSERT_BATCH (the last one
 * may be smaller or empty); the receivers still plain (they are sealed where the batch is stored).
 * Runs on the import's parse thread (parse-worker.ts), or on the event loop with IMPORT_PARSE_THREAD=0.
 */
export async function* parsedBatches(plan: FilePlan): AsyncGenerator<ParsedBatch> {
  const ctx: RowContext = { layout: plan.layout, index: plan.index };
  if (plan.detail) ctx.detail = await readDetail(plan.detail);
  const { progress } = plan;
  let batch: ParsedRow[] = [];
  let rows = 0;
  for await (const row of plan.rows) {
    if (++rows > ORDER_IMPORT_LIMITS.maxRows) throw new AppError(ErrorCode.ORDER_IMPORT_TOO_MANY_ROWS);
    // Validated on the plain receiver; sealed where the batch is stored (insertRows).
    batch.push(parseRow(row.rowNo, row.cells, ctx));
    if (batch.length >= INSERT_BATCH) {
      yield { rows: batch, percent: Math.min(99, Math.floor((progress.bytesRead / plan.file.bytes.length) * 100)) };
      batch = [];
      reclaimHeap();
    }
  }
  yield { rows: batch, percent: null };
}
