/**
 * The import's threads (parse-thread.ts starts two of this file): the reading one plans each upload
 * and reads its rows, the checking one parses and validates them into the preview's pages, sealed, a
 * page at a time and only as far ahead as the server's thread has made room for; the rows go from
 * one to the other over a port of their own (row-channel.ts). At the import stage the reading thread
 * makes the orders of each stored page it is sent. Errors go back described (an AppError by its
 * catalogue code, anything else by its stack) for the caller to raise again.
 */
import { parentPort } from 'node:worker_threads';
import { useReceiverKeys } from '../../lib/receiver-vault/index.js';
import { lowerThisThreadPriority } from '../../lib/thread-priority.js';
import type { UploadedFile } from './file-format.js';
import { OrderGrouper } from './file-orders.js';
import { type FilePlan, planImport, releasePlan, summaryOf } from './file-plan.js';
import { previewPages, rowContext, rowRuns } from './parse-rows.js';
import type { ParseAnswer, ParseAsk } from './parse-thread.js';
import { describeError, RowInbox, type RowsMessage } from './row-channel.js';

interface Job {
  room: number;
  stopped: boolean;
  wake?: () => void;
  /** Called once when the caller stops the job. */
  onStop?: () => void;
}

// Background work: the event loop's callers come first (lib/thread-priority.ts).
lowerThisThreadPriority();

const jobs = new Map<number, Job>();
const post = (a: ParseAnswer) => parentPort?.postMessage(a);
/** A file as it arrives: its bytes come over as a Uint8Array, the readers want a Buffer. */
const fileOf = (f: UploadedFile): UploadedFile => ({ name: f.name, bytes: Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength) });

/** Waits until there is room for one more message; false when the job was stopped instead. */
async function room(job: Job): Promise<boolean> {
  while (job.room === 0 && !job.stopped) await new Promise<void>((r) => (job.wake = r));
  if (job.stopped) return false;
  job.room--;
  return true;
}

const give = (job: Job) => {
  job.room++;
  job.wake?.();
  job.wake = undefined;
};

/** The job stops: its caller stopped it, or (the reader) the checking thread let its rows go. */
const halt = (job: Job) => {
  if (job.stopped) return;
  job.stopped = true;
  job.onStop?.();
  job.wake?.();
  job.wake = undefined;
};

const failure = (id: number, e: unknown): ParseAnswer => ({ type: 'error', id, ...describeError(e) });

/**
 * The reading half: plans an upload (answering the caller), then sends the checking thread the
 * rows' context and the rows, a page's worth each time it asks. Nothing is read past the plan
 * before it asks (a refused upload stops here).
 */
async function read(ask: Extract<ParseAsk, { type: 'plan' }>) {
  const job: Job = { room: 0, stopped: false };
  jobs.set(ask.id, job);
  const port = ask.rows;
  const send = (m: RowsMessage) => port.postMessage(m);
  port.on('message', () => give(job));
  // The checking thread let the rows go (it stopped or died): nothing more is read.
  port.on('close', () => halt(job));
  let plan: FilePlan | undefined;
  let planned = false;
  try {
    plan = await planImport(fileOf(ask.main), ask.mapping, ask.detail && fileOf(ask.detail));
    post({ type: 'planned', id: ask.id, summary: summaryOf(plan) });
    planned = true;
    if (!(await room(job))) return;
    send({ type: 'context', ctx: await rowContext(plan) });
    const runs = rowRuns(plan);
    while (await room(job)) {
      const next = await runs.next();
      if (next.done) {
        send({ type: 'end' });
        break;
      }
      send({ type: 'run', run: next.value });
    }
    await runs.return(undefined);
  } catch (e) {
    // Before its plan the caller waits on this thread; after it, on the checking one.
    if (!planned) post(failure(ask.id, e));
    else if (!job.stopped) send({ type: 'error', ...describeError(e) });
  } finally {
    jobs.delete(ask.id);
    if (plan) await releasePlan(plan).catch(() => {});
  }
}

/**
 * The checking half: takes the rows the reading thread sends over the port, and sends the caller
 * the preview's pages (parsed, validated, counted, sealed), each when the caller has room, and
 * 'done'.
 */
async function check(ask: Extract<ParseAsk, { type: 'check' }>) {
  const inbox = new RowInbox(ask.rows);
  const job: Job = { room: 0, stopped: false, onStop: () => inbox.stop() };
  jobs.set(ask.id, job);
  try {
    // The pages are sealed here, with the server's keys.
    useReceiverKeys(ask.vault);
    // Nothing is asked of the reader before the caller asks for the first page (the generator starts then).
    const pages = (async function* () {
      yield* previewPages(inbox.runs(), await inbox.context());
    })();
    while (await room(job)) {
      const next = await pages.next();
      if (next.done) break;
      post({ type: 'rows', id: ask.id, batch: next.value });
    }
    await pages.return(undefined);
    if (!job.stopped) post({ type: 'done', id: ask.id });
  } catch (e) {
    if (!job.stopped) post(failure(ask.id, e));
  } finally {
    jobs.delete(ask.id);
    inbox.stop();
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
  if (ask.type === 'plan') return void read(ask);
  if (ask.type === 'check') return void check(ask);
  if (ask.type === 'orders' || ask.type === 'page' || ask.type === 'end') return orders(ask);
  if (ask.type === 'stop') groupers.delete(ask.id);
  const job = jobs.get(ask.id);
  if (!job) return;
  if (ask.type === 'more') return give(job);
  halt(job);
});
