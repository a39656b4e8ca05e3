/**
 * The import's parse thread (parse-thread.ts starts it): plans each upload and then parses and
 * validates its rows into the preview's pages, a page at a time and only as far ahead as the
 * server's thread has made room for; at the import stage, makes the orders of each stored page it is
 * sent. Errors go back described (an AppError by its catalogue code, anything else by its stack) for
 * the caller to raise again.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.js';
import { useReceiverKeys } from '../../lib/receiver-vault/index.js';
import type { UploadedFile } from './file-format.js';
import { OrderGrouper } from './file-orders.js';
import { type FilePlan, planImport, releasePlan, summaryOf } from './file-plan.js';
import { previewBatches } from './parse-rows.js';
import type { ParseAnswer, ParseAsk } from './parse-thread.js';

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

/** Plans an upload, then sends its preview's pages, each when the caller has room, and 'done'. */
async function run(ask: Extract<ParseAsk, { type: 'plan' }>) {
  const job: Job = { room: 0, stopped: false };
  jobs.set(ask.id, job);
  let plan: FilePlan | undefined;
  try {
    // The pages are sealed here, with the server's keys.
    useReceiverKeys(ask.vault);
    plan = await planImport(fileOf(ask.main), ask.mapping, ask.detail && fileOf(ask.detail));
    post({ type: 'planned', id: ask.id, summary: summaryOf(plan) });
    const batches = previewBatches(plan);
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

/** The import stages under way: each groups its pages' rows into orders across pages. */
const groupers = new Map<number, OrderGrouper>();

function orders(ask: Extract<ParseAsk, { type: 'orders' | 'page' | 'end' }>) {
  try {
    if (ask.type === 'orders') {
      // The receivers are sealed as the orders are made, with the server's keys.
      useReceiverKeys(ask.vault);
      groupers.set(ask.id, new OrderGrouper(ask.skips, new Date(ask.fallbackTime)));
      return;
    }
    const grouper = groupers.get(ask.id);
    if (!grouper) throw new Error(`import ${ask.id} is not open on the thread`);
    if (ask.type === 'page') return post({ type: 'orders', id: ask.id, payloads: [grouper.page(ask.page)] });
    groupers.delete(ask.id);
    post({ type: 'orders', id: ask.id, payloads: grouper.end() });
  } catch (e) {
    post(failure(ask.id, e));
  }
}

parentPort?.on('message', (ask: ParseAsk) => {
  if (ask.type === 'plan') return void run(ask);
  if (ask.type === 'orders' || ask.type === 'page' || ask.type === 'end') return orders(ask);
  if (ask.type === 'stop') groupers.delete(ask.id);
  const job = jobs.get(ask.id);
  if (!job) return;
  if (ask.type === 'more') job.room++;
  else job.stopped = true;
  job.wake?.();
  job.wake = undefined;
});
