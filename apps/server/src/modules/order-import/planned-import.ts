/**
 * An accepted upload as the service and the runner see it, wherever its file is read: what the plan
 * found (format, layout, the columns used) and, once, its parsed rows in batches. Then the import
 * stage's batches of orders, made where the file was parsed.
 */
import type { ImportMapping } from '@dropship/contract';
import type { UploadedFile } from './file-format.js';
import { type PlanSummary, planImport, releasePlan, summaryOf } from './file-plan.js';
import { type ParsedBatch, parsedBatches } from './parse-rows.js';
import { type OrdersMaker, parseThread } from './parse-thread.js';
import { storedOrdersPayload } from './to-orders.js';

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

const onLoop = () => process.env.IMPORT_PARSE_THREAD === '0';

/**
 * Plans an upload (refusing an unusable file with its AppError) on the import's parse thread, or on
 * the event loop with IMPORT_PARSE_THREAD=0.
 */
export function planUpload(main: UploadedFile, mapping: ImportMapping | undefined, detail?: UploadedFile): Promise<PlannedImport> {
  return onLoop() ? planOnLoop(main, mapping, detail) : parseThread.plan(main, mapping, detail);
}

/**
 * Orders from which the import stage makes its batches on the parse thread: the thread's start (about
 * 0.1 s built, the thread having ended with the preview) is won back only over several batches
 * (opening and making 500 orders takes about 12 ms on the event loop).
 */
const THREAD_FROM_ORDERS = 5_000;

/** The import stage's batches of orders from their stored rows' text, on the parse thread or (few orders; IMPORT_PARSE_THREAD=0) on the event loop. */
export function ordersMaker(orders: number): OrdersMaker {
  return onLoop() || orders < THREAD_FROM_ORDERS
    ? { make: async (rows, fallbackTime) => storedOrdersPayload(rows, fallbackTime), end: () => {} }
    : parseThread.ordersMaker();
}
