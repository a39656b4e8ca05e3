/**
 * An accepted upload as the service and the runner see it, wherever its file is read: what the plan
 * found (format, layout, the columns used) and, once, its parsed rows in batches.
 */
import type { ImportMapping } from '@dropship/contract';
import type { UploadedFile } from './file-format.js';
import { type PlanSummary, planImport, releasePlan, summaryOf } from './file-plan.js';
import { type ParsedBatch, parsedBatches } from './parse-rows.js';
import { parseThread } from './parse-thread.js';

export interface PlannedImport extends PlanSummary {
  /** Every data row, parsed and validated, in batches; read once. Stopping early closes the file. */
  batches(): AsyncGenerator<ParsedBatch>;
  /** Lets the file go without reading its rows (a refused upload). */
  close(): Promise<void>;
}

/** The upload planned and later parsed on the event loop (IMPORT_PARSE_THREAD=0). */
export async function planOnLoop(main: UploadedFile, mapping: ImportMapping | undefined, detail?: UploadedFile): Promise<PlannedImport> {
  const plan = await planImport(main, mapping, detail);
  return { ...summaryOf(plan), batches: () => parsedBatches(plan), close: () => releasePlan(plan) };
}

/**
 * Plans an upload (refusing an unusable file with its AppError) on the import's parse thread, or on
 * the event loop with IMPORT_PARSE_THREAD=0.
 */
export function planUpload(main: UploadedFile, mapping: ImportMapping | undefined, detail?: UploadedFile): Promise<PlannedImport> {
  return process.env.IMPORT_PARSE_THREAD === '0' ? planOnLoop(main, mapping, detail) : parseThread.plan(main, mapping, detail);
}
