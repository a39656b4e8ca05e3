/**
 * The import's file work on two threads of its own (parse-worker.ts): one plans an upload (format,
 * header, layout) and reads its rows, the other parses, validates and seals them, in pages this
 * thread stores as the preview; at the import stage, the reading thread makes the orders of each
 * stored page. On the event loop, a 100,000-row .xlsx held it for seconds in all; on the threads
 * the loop only stores pages, and on two cores the reading of the file runs beside the checking of
 * the rows read before (which ran one after the other on one thread: 0.45 s of a 10,000-row .csv's
 * 0.5 s preview). Each thread serves every import at once (each by its own id), started by the
 * first and ended once none is left (IMPORT_PARSE_THREAD=0 parses on the event loop, as before).
 */
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import type { ImportMapping } from '@dropship/contract';
import { receiverKeysInUse, type VaultConfig } from '../../lib/receiver-vault/index.js';
import type { OrderPayload } from '../../lib/shop-order-row.js';
import { isBuilt, startWorker, ThreadOnDemand } from '../../lib/worker-thread.js';
import type { UploadedFile } from './file-format.js';
import type { OrderSkips } from './file-orders.js';
import type { PlanSummary } from './file-plan.js';
import type { ParsedBatch } from './parse-rows.js';
import type { PlannedImport } from './planned-import.js';
import { type DescribedError, errorFrom } from './row-channel.js';

export type ParseAsk =
  /** To the reading thread; `rows`: the port its rows go to the checking thread by. */
  | { type: 'plan'; id: number; main: UploadedFile; detail?: UploadedFile | undefined; mapping?: ImportMapping | undefined; rows: MessagePort }
  /** To the checking thread: the other end of `rows`; `vault`: the server's keys, to seal the pages (a thread's modules are its own). */
  | { type: 'check'; id: number; rows: MessagePort; vault: VaultConfig }
  /** Room for one more page: the checking thread checks ahead only this far (memory stays at a few pages). */
  | { type: 'more'; id: number }
  | { type: 'stop'; id: number }
  /**
   * The import stage: its orders made from the stored pages, sent one by one ('page', answered with the
   * orders it completes) and closed by 'end' (answered with the rest, in batches). An OrderGrouper
   * holds the orders still open in between.
   */
  | { type: 'orders'; id: number; skips: OrderSkips; fallbackTime: string; vault: VaultConfig }
  | { type: 'page'; id: number; page: string }
  | { type: 'end'; id: number };

export type ParseAnswer =
  | { type: 'planned'; id: number; summary: PlanSummary }
  | { type: 'rows'; id: number; batch: ParsedBatch }
  | { type: 'done'; id: number }
  | { type: 'orders'; id: number; payloads: OrderPayload[] }
  | ({ type: 'error'; id: number } & DescribedError);

interface Open {
  answers: ParseAnswer[];
  wake?: () => void;
  failed?: Error;
  /** The import's other piece of work (its checking), failed with this one. */
  linked?: Open;
}

function fail(entry: Open, e: Error) {
  entry.failed ??= e;
  entry.wake?.();
}

/**
 * The thread's heap, sized for a 100,000-row .xlsx (its shared strings, ~110 MB alive): left to V8's
 * defaults a thread grows a young generation and an old one far above what it holds (the process
 * peaked at 418 MB parsing that file, 303 MB parsing it on the event loop); with these it peaked at
 * 296 MB (decision 0042, amendment). A file that needs more than the old generation's limit fails
 * its import with the thread's exit instead of taking the server's memory.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 16 };

const BUILT = new URL('./parse-worker.js', import.meta.url);
const newWorker = () => startWorker(BUILT, new URL('./parse-worker.ts', import.meta.url), { resourceLimits: RESOURCE_LIMITS });
/**
 * How long an idle thread stays. Its memory goes only with it (after a 100,000-row .xlsx about
 * 110 MB that a full collection does not give back, which the import's write stage would otherwise
 * run beside), so the built thread, which starts in about 0.1 s, ends as soon as no file waits.
 * Started from the sources through tsx (development, tests) it takes about a second, so it stays.
 */
const IDLE_MS = isBuilt(BUILT) ? 0 : 15_000;

/** The error the thread described, as this thread's callers know it. */
const errorOf = (a: DescribedError) => errorFrom(a, '导入文件解析线程出错：');

/** The next answer for an entry, in the order the thread sent them; throws once the thread died. */
async function take(entry: Open): Promise<ParseAnswer> {
  while (entry.answers.length === 0 && !entry.failed) await new Promise<void>((r) => (entry.wake = r));
  entry.wake = undefined;
  const a = entry.answers.shift();
  if (!a) throw entry.failed;
  return a;
}

/** Makes the import stage's orders from its pages in file order (file-orders.ts OrderGrouper), wherever it runs. */
export interface OrdersMaker {
  /** The orders the page completes. */
  page(page: string): Promise<OrderPayload>;
  /** The orders left after the last page, in batches. */
  end(): Promise<OrderPayload[]>;
  /** Lets the maker go (at the end, or when the import stops early). */
  close(): void;
}

const offTopic = (a: ParseAnswer) => new Error(`导入文件解析线程答非所问：${a.type}`);

function threadOf(exitMessage: string) {
  return new ThreadOnDemand<ParseAnswer, Open>({
    start: newWorker,
    exitMessage,
    onAnswer: (a, entry) => {
      entry.answers.push(a);
      entry.wake?.();
    },
    onDeath: (entry, e) => {
      fail(entry, e);
      if (entry.linked) fail(entry.linked, e);
    },
    idleMs: IDLE_MS,
  });
}

class ParseThread {
  /** Plans the upload and reads its rows; at the import stage, makes the orders of the stored pages. */
  private readonly thread = threadOf('导入文件解析线程已退出');
  /**
   * Parses and validates the rows the reading thread sends, into sealed pages: on two cores the reading
   * (above all an .xlsx's) and the checking of a file's rows run side by side (decision 0007).
   */
  private readonly checker = threadOf('导入文件校验线程已退出');

  /** Drops a piece of work on a thread, once (the next call is a no-op, as after the thread's death). */
  private ender(thread: ThreadOnDemand<ParseAnswer, Open>, worker: Worker, id: number) {
    return () => {
      if (thread.finish(id)) worker.postMessage({ type: 'stop', id } satisfies ParseAsk);
    };
  }

  /**
   * Plans the upload on the reading thread: answers once the file is known good (or throws its
   * AppError). The checking thread is started beside it, to be ready when the preview begins.
   */
  async plan(main: UploadedFile, mapping: ImportMapping | undefined, detail?: UploadedFile): Promise<PlannedImport> {
    const { port1, port2 } = new MessageChannel();
    const entry: Open = { answers: [] };
    const { worker, id } = this.thread.begin(entry);
    const check: Open = { answers: [] };
    entry.linked = check;
    const { worker: checker, id: checkId } = this.checker.begin(check);
    const endRead = this.ender(this.thread, worker, id);
    const endCheck = this.ender(this.checker, checker, checkId);
    const end = () => {
      endCheck();
      endRead();
    };
    worker.postMessage({ type: 'plan', id, main, detail, mapping, rows: port1 } satisfies ParseAsk, [port1]);
    checker.postMessage({ type: 'check', id: checkId, rows: port2, vault: receiverKeysInUse() } satisfies ParseAsk, [port2]);
    const first = await take(entry).catch((e) => {
      end();
      throw e;
    });
    if (first.type !== 'planned') {
      end();
      throw first.type === 'error' ? errorOf(first) : offTopic(first);
    }
    return {
      ...first.summary,
      async *batches() {
        try {
          // Room for two pages: the checking thread goes on while this thread stores the one before.
          checker.postMessage({ type: 'more', id: checkId } satisfies ParseAsk);
          checker.postMessage({ type: 'more', id: checkId } satisfies ParseAsk);
          for (;;) {
            const a = await take(check);
            if (a.type === 'done') return;
            if (a.type === 'error') throw errorOf(a);
            if (a.type !== 'rows') throw offTopic(a);
            // The next page is checked while the caller stores this one.
            checker.postMessage({ type: 'more', id: checkId } satisfies ParseAsk);
            yield a.batch;
          }
        } finally {
          end();
        }
      },
      close: async () => end(),
    };
  }

  /**
   * The import stage's orders made on the thread from its pages (OrderGrouper), answered in the order
   * asked: opening the page, the orders and their JSON run there beside this thread writing the batch
   * before. The thread is held until `close` (it would otherwise stop between two pages).
   */
  ordersMaker(skips: OrderSkips, fallbackTime: Date): OrdersMaker {
    const entry: Open = { answers: [] };
    const { worker, id } = this.thread.begin(entry);
    worker.postMessage({ type: 'orders', id, skips, fallbackTime: fallbackTime.toISOString(), vault: receiverKeysInUse() } satisfies ParseAsk);
    // The thread answers in the order asked; each ask takes its answer after the one before.
    let taken: Promise<unknown> = Promise.resolve();
    const ask = (a: ParseAsk): Promise<OrderPayload[]> => {
      worker.postMessage(a);
      const answer = taken.then(() => take(entry));
      taken = answer.catch(() => {});
      return answer.then((x) => {
        if (x.type === 'error') throw errorOf(x);
        if (x.type !== 'orders') throw offTopic(x);
        return x.payloads;
      });
    };
    return {
      page: (page) => ask({ type: 'page', id, page }).then((p) => p[0] as OrderPayload),
      end: () => ask({ type: 'end', id }),
      close: this.ender(this.thread, worker, id),
    };
  }

  /** Pieces of work open on the threads now (tests: a refused or finished import leaves none). */
  get openCount() {
    return this.thread.openCount + this.checker.openCount;
  }
}

export const parseThread = new ParseThread();
