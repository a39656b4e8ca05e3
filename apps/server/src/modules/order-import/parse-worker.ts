/**
 * The import's parse thread (parse-thread.ts starts it): plans each upload and then parses and
 * validates its rows, a batch at a time and only as far ahead as the server's thread has made room
 * for; at the import stage, makes each batch's orders from their stored rows. Errors go back
 * described (an AppError by its catalogue code, anything else by its stack) for the caller to raise
 * again.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.js';
import { useReceiverKeys } from '../../lib/receiver-vault/index.js';
import type { UploadedFile } from './file-format.js';
import { type FilePlan, planImport, releasePlan, summaryOf } from './file-plan.js';
import { parsedBatches } from './parse-rows.js';
import type { ParseAnswer, ParseAsk } from './parse-thread.js';
import { storedOrdersPayload } from './to-orders.js';

interface Job {
  room: number;
  stopped: boolean;
  wake?: () => void;
}

const jobs = new Map<number, Job>();
const post = (a: ParseAnswer) => parentPort?.postMessage(a);
/** A file as it arrives: its bytes come over as a Uint8Array, the readers want a Buffer. */
const fileOf = (f: UploadedFile): UploadedFile => ({ name: f.name, bytes: Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength) });

/** Waits until the caller has room for a batch; false when it stopped the job instead. */
async function room(job: Job): Promise<boolean> {
  while (job.room === 0 && !job.stopped) await new Promise<void>((r) => (job.wake = r));
  if (job.stopped) return false;
  job.room--;
  return true;
}

/** An error as the caller raises it again: an AppError by its catalogue code, anything else by its stack. */
const failure = (id: number, e: unknown): ParseAnswer =>
  e instanceof AppError
    ? { type: 'error', id, code: e.errorCode, message: e.message }
    : { type: 'error', id, code: null, message: e instanceof Error ? (e.stack ?? e.message) : String(e) };

/** One batch of the import stage: its orders' upsert JSON from their stored rows. */
function orders(ask: Extract<ParseAsk, { type: 'orders' }>) {
  try {
    // Rows stored by earlier versions are opened, or sealed, with the server's keys (a no-op after the first batch).
    useReceiverKeys(ask.vault);
    post({ type: 'orders', id: ask.id, payload: storedOrdersPayload(ask.orders, new Date(ask.fallbackTime)) });
  } catch (e) {
    post(failure(ask.id, e));
  }
}

async function run(ask: Extract<ParseAsk, { type: 'plan' }>) {
  const job: Job = { room: 0, stopped: false };
  jobs.set(ask.id, job);
  let plan: FilePlan | undefined;
  try {
    plan = await planImport(fileOf(ask.main), ask.mapping, ask.detail && fileOf(ask.detail));
    post({ type: 'planned', id: ask.id, summary: summaryOf(plan) });
    const batches = parsedBatches(plan);
    // Nothing is parsed before the caller asks (a refused upload stops here).
    while (await room(job)) {
      const next = await batches.next();
      if (next.done) break;
      post({ type: 'rows', id: ask.id, batch: next.value });
    }
    await batches.return(undefined);
    if (!job.stopped) post({ type: 'done', id: ask.id });
  } catch (e) {
    if (!job.stopped) post(failure(ask.id, e));
  } finally {
    jobs.delete(ask.id);
    if (plan) await releasePlan(plan).catch(() => {});
  }
}

parentPort?.on('message', (ask: ParseAsk) => {
  if (ask.type === 'plan') return void run(ask);
  if (ask.type === 'orders') return orders(ask);
  const job = jobs.get(ask.id);
  if (!job) return;
  if (ask.type === 'more') job.room++;
  else job.stopped = true;
  job.wake?.();
  job.wake = undefined;
});
