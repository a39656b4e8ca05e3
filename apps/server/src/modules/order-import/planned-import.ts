/**
 * An accepted upload as the service and the runner see it, wherever its file is read: what the plan
 * found (format, layout, the columns used) and, once, its preview in pages. Then the import stage's
 * orders, made from the stored pages where the file was parsed.
 */
import type { ImportMapping } from '@dropship/contract';
import type { UploadedFile } from './file-format.js';
import { OrderGrouper, type OrderSkips } from './file-orders.js';
import { type PlanSummary, planImport, releasePlan, summaryOf } from './file-plan.js';
import { type ParsedBatch, previewBatches } from './parse-rows.js';
import { type OrdersMaker, parseThread } from './parse-thread.js';

export interface PlannedImport extends PlanSummary {
  /** The preview of every data row, in pages; read once. Stopping early closes the file. */
  batches(): AsyncGenerator<ParsedBatch>;
  /** Lets the file go without reading its rows (a refused upload). */
  close(): Promise<void>;
}

const onLoop = () => process.env.IMPORT_PARSE_THREAD === '0';

/** The upload planned and later parsed on the event loop (IMPORT_PARSE_THREAD=0). */
export async function planOnLoop(main: UploadedFile, mapping: ImportMapping | undefined, detail?: UploadedFile): Promise<PlannedImport> {
  const plan = await planImport(main, mapping, detail);
  return { ...summaryOf(plan), batches: () => previewBatches(plan), close: () => releasePlan(plan) };
}

/**
 * Plans an upload (refusing an unusable file with its AppError) on the import's parse thread, or on
 * the event loop with IMPORT_PARSE_THREAD=0.
 */
export function planUpload(main: UploadedFile, mapping: ImportMapping | undefined, detail?: UploadedFile): Promise<PlannedImport> {
  return onLoop() ? planOnLoop(main, mapping, detail) : parseThread.plan(main, mapping, detail);
}

/** The import stage's orders made on the event loop (IMPORT_PARSE_THREAD=0). */
export function ordersOnLoop(skips: OrderSkips, fallbackTime: Date): OrdersMaker {
  const grouper = new OrderGrouper(skips, fallbackTime);
  return { page: async (page) => grouper.page(page), end: async () => grouper.end(), close: () => {} };
}

/** The import stage's orders from its stored pages, made on the parse thread or (IMPORT_PARSE_THREAD=0) on the event loop. */
export function ordersMaker(skips: OrderSkips, fallbackTime: Date): OrdersMaker {
  return onLoop() ? ordersOnLoop(skips, fallbackTime) : parseThread.ordersMaker(skips, fallbackTime);
}
