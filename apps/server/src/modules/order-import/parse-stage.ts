/**
 * Stage 1 of a job: every data row of the file is read, validated and stored as the preview, in
 * batches so memory stays flat whatever the file's size. Ends in PREVIEW with the counts, or
 * throws (the runner then deletes the rows and marks the job FAILED).
 */
import { ErrorCode } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { reclaimHeap } from './heap.js';
import * as repo from './order-import.repository.js';
import type { ParsedBatch } from './parse-rows.js';

export interface ParseHooks {
  /** Called after each stored batch with the share of the file read (0–100). */
  progress(percent: number): Promise<void>;
}

/**
 * Stores the parsed batches as the job's preview rows and answers the summary counts. Pipelined:
 * the next batch is parsed while the previous one is being stored (on PostgreSQL the server works
 * meanwhile; with the parse thread, this thread stores while the other parses), with at most one
 * batch in flight, so memory stays at two batches.
 */
export async function storePreview(db: Db, job: { id: number; orgId: number }, batches: AsyncIterable<ParsedBatch>, hooks: ParseHooks) {
  let inFlight: Promise<void> = Promise.resolve();
  try {
    for await (const b of batches) {
      await inFlight;
      const { percent } = b;
      inFlight = repo.insertRows(db, job.id, job.orgId, b.rows).then(() => (percent === null ? undefined : hooks.progress(percent)));
      // Handled when awaited (next batch or the end); this keeps a failure from being "unhandled" meanwhile.
      inFlight.catch(() => {});
      // Each batch leaves its rows and their JSON behind on this thread too.
      reclaimHeap();
    }
  } finally {
    // A failed parse must not leave a write running behind the runner's clean-up of the rows.
    await inFlight.catch(() => {});
  }
  await inFlight;
  const summary = await repo.summarizeRows(db, job.id);
  if (summary.totalRows === 0) throw new AppError(ErrorCode.ORDER_IMPORT_FILE_EMPTY);
  return summary;
}
