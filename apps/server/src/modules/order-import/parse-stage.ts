/**
 * Stage 1 of a job: every data row of the file is read, validated and stored as the preview, a page
 * of rows per record (sealed whole), so memory stays flat whatever the file's size. Ends in PREVIEW
 * with the counts, or throws (the runner then deletes what was stored and marks the job FAILED).
 */
import { ErrorCode } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { reclaimHeap } from './heap.js';
import * as repo from './order-import.repository.js';
import type { ParsedBatch, PreviewSummary } from './parse-rows.js';

export interface ParseHooks {
  /** Called after each stored page with the share of the file read (0–100). */
  progress(percent: number): Promise<void>;
}

/**
 * Stores the parsed pages as the job's preview and answers the summary counts. Pipelined: the next
 * page is parsed (and sealed) while the one before is stored (with the parse thread, this thread
 * stores while the other parses; on PostgreSQL the server works meanwhile), with at most one page
 * in flight, so memory stays at two pages.
 */
export async function storePreview(db: Db, job: { id: number; orgId: number }, batches: AsyncIterable<ParsedBatch>, hooks: ParseHooks) {
  let inFlight: Promise<void> = Promise.resolve();
  let summary: PreviewSummary | undefined;
  let pageNo = 0;
  try {
    for await (const b of batches) {
      await inFlight;
      const { percent } = b;
      summary ??= b.summary;
      if (b.rows === 0) continue;
      inFlight = repo.insertPage(db, job, pageNo++, b.page, b.bad).then(() => (percent === null ? undefined : hooks.progress(percent)));
      // Handled when awaited (next page or the end); this keeps a failure from being "unhandled" meanwhile.
      inFlight.catch(() => {});
      // Each page leaves its rows and their JSON behind on this thread too.
      reclaimHeap();
    }
  } finally {
    // A failed parse must not leave a write running behind the runner's clean-up.
    await inFlight.catch(() => {});
  }
  await inFlight;
  if (!summary) throw new Error('the preview ended without its counts');
  if (summary.totalRows === 0) throw new AppError(ErrorCode.ORDER_IMPORT_FILE_EMPTY);
  await repo.insertSplitOrders(db, job.id, summary.splitKeys);
  const { splitKeys: _, ...counts } = summary;
  return counts;
}
