/**
 * The import's file work on a thread of its own (parse-worker.ts): planning an upload (format,
 * header, layout) and then parsing and validating every row, in batches this thread stores as the
 * preview. On the event loop, a 100,000-row .xlsx held it for seconds in all; on the thread the
 * loop only stores rows, and on two cores the parse of one batch runs beside the insert of the one
 * before. One thread for every import at once (each by its own id), started by the first and ended
 * once none is left (IMPORT_PARSE_THREAD=0 parses on the event loop, as before).
 */
import type { ErrorCode, ImportMapping } from '@dropship/contract';
import { AppError } from '../../lib/app-error.js';
import { receiverKeysInUse, type VaultConfig } from '../../lib/receiver-vault/index.js';
import type { OrderPayload } from '../../lib/shop-order-row.js';
import { isBuilt, startWorker, ThreadOnDemand } from '../../lib/worker-thread.js';
import type { UploadedFile } from './file-format.js';
import type { PlanSummary } from './file-plan.js';
import type { ParsedBatch } from './parse-rows.js';
import type { PlannedImport } from './planned-import.js';

export type ParseAsk =
  | { type: 'plan'; id: number; main: UploadedFile; detail?: UploadedFile; mapping?: ImportMapping }
  /** Room for one more batch: the thread parses ahead only this far (memory stays at a few batches). */
  | { type: 'more'; id: number }
  | { type: 'stop'; id: number }
  /**
   * The import stage's next batch: its orders as their stored rows' text (storedOrdersPayload). `vault`:
   * the server's keys, for rows stored by earlier versions (a thread's modules are its own).
   */
  | { type: 'orders'; id: number; orders: string[][]; fallbackTime: string; vault: VaultConfig };

export type ParseAnswer =
  | { type: 'planned'; id: number; summary: PlanSummary }
  | { type: 'rows'; id: number; batch: ParsedBatch }
  | { type: 'done'; id: number }
  | { type: 'orders'; id: number; payload: OrderPayload }
  /** `code` is the AppError's catalogue code; null for anything else (`message` then holds its stack). */
  | { type: 'error'; id: number; code: ErrorCode | null; message: string };

interface Open {
  answers: ParseAnswer[];
  wake?: () => void;
  failed?: Error;
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
function errorOf(a: Extract<ParseAnswer, { type: 'error' }>): Error {
  return a.code === null ? new Error(`导入文件解析线程出错：${a.message}`) : new AppError(a.code, a.message);
}

/** The next answer for an entry, in the order the thread sent them; throws once the thread died. */
async function take(entry: Open): Promise<ParseAnswer> {
  while (entry.answers.length === 0 && !entry.failed) await new Promise<void>((r) => (entry.wake = r));
  entry.wake = undefined;
  const a = entry.answers.shift();
  if (!a) throw entry.failed;
  return a;
}

/** Makes the import stage's batches of orders from their stored rows' text, answered in the order asked. */
export interface OrdersMaker {
  make(orders: string[][], fallbackTime: Date): Promise<OrderPayload>;
  end(): void;
}

const offTopic = (a: ParseAnswer) => new Error(`导入文件解析线程答非所问：${a.type}`);

class ParseThread {
  private readonly thread = new ThreadOnDemand<ParseAnswer, Open>({
    start: newWorker,
    exitMessage: '导入文件解析线程已退出',
    onAnswer: (a, entry) => {
      entry.answers.push(a);
      entry.wake?.();
    },
    onDeath: (entry, e) => {
      entry.failed = e;
      entry.wake?.();
    },
    idleMs: IDLE_MS,
  });

  /** Plans the upload on the thread: answers once the file is known good (or throws its AppError). */
  async plan(main: UploadedFile, mapping: ImportMapping | undefined, detail?: UploadedFile): Promise<PlannedImport> {
    const entry: Open = { answers: [] };
    const { worker, id } = this.thread.begin(entry);
    // Once per import: the thread drops it (the next end is a no-op, as after the thread's death).
    const end = () => {
      if (this.thread.finish(id)) worker.postMessage({ type: 'stop', id } satisfies ParseAsk);
    };
    worker.postMessage({ type: 'plan', id, main, detail, mapping } satisfies ParseAsk);
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
          // Room for two batches: the thread parses on while this thread stores the one before.
          worker.postMessage({ type: 'more', id } satisfies ParseAsk);
          worker.postMessage({ type: 'more', id } satisfies ParseAsk);
          for (;;) {
            const a = await take(entry);
            if (a.type === 'done') return;
            if (a.type === 'error') throw errorOf(a);
            if (a.type !== 'rows') throw offTopic(a);
            // The thread parses the next batch while the caller stores this one.
            worker.postMessage({ type: 'more', id } satisfies ParseAsk);
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
   * The import stage's batches made on the thread (storedOrdersPayload), in the order asked: opening
   * the rows, the orders and their JSON run here beside the server's thread writing the batch before.
   * The thread is held until `end` (it would otherwise stop between two batches).
   */
  ordersMaker(): OrdersMaker {
    const entry: Open = { answers: [] };
    const { worker, id } = this.thread.begin(entry);
    // The thread answers in the order asked; each batch takes its answer after the one before.
    let taken: Promise<unknown> = Promise.resolve();
    return {
      make(orders, fallbackTime) {
        worker.postMessage({ type: 'orders', id, orders, fallbackTime: fallbackTime.toISOString(), vault: receiverKeysInUse() } satisfies ParseAsk);
        const answer = taken.then(() => take(entry));
        taken = answer.catch(() => {});
        return answer.then((a) => {
          if (a.type === 'error') throw errorOf(a);
          if (a.type !== 'orders') throw offTopic(a);
          return a.payload;
        });
      },
      end: () => void this.thread.finish(id),
    };
  }

  /** Imports open on the thread now (tests: a refused or finished import leaves none). */
  get openCount() {
    return this.thread.openCount;
  }
}

export const parseThread = new ParseThread();
