/**
 * Streamed workbooks written on a thread of their own (xlsx-worker.ts): the server's thread reads
 * the pages and turns each row into its cells, the thread builds the sheet's XML and zips it, and
 * the zipped bytes come back as they are made. On the event loop, exceljs' work for a 100,000-row
 * export held it for 40–250 ms at a time on PostgreSQL, and the other callers' p99 with it
 * (bench/responsive.bench.ts, decision 0042's amendment). One thread for every export at once (each
 * by its own id), started by the first and ended after a minute without one (EXCEL_THREAD=0 writes
 * on the event loop, as before).
 */
import { startWorker, ThreadOnDemand } from '../worker-thread.js';

export type Cell = string | number | null;
export interface SheetHead {
  sheetName: string;
  columns: { header: string; width?: number }[];
}

export type XlsxAsk =
  | ({ type: 'open'; id: number } & SheetHead)
  | { type: 'rows'; id: number; rows: Cell[][] }
  | { type: 'end'; id: number }
  | { type: 'abort'; id: number };

export type XlsxAnswer =
  | { type: 'bytes'; id: number; bytes: Uint8Array }
  | { type: 'written'; id: number }
  | { type: 'done'; id: number }
  | { type: 'error'; id: number; message: string };

const IDLE_MS = 60_000;

/** One workbook being written on the thread. */
export interface XlsxSession {
  /** Resolves once the thread has written the rows (so no more than one page waits there). */
  write(rows: Cell[][]): Promise<void>;
  /** Resolves once the workbook's last bytes have been handed to `onBytes`. */
  end(): Promise<void>;
  /** The caller gave up (the download was cut): the thread drops the workbook. */
  abort(): void;
}

interface Open {
  onBytes(bytes: Buffer): void;
  /** The acknowledgement the caller waits for now (a page written, or the end). */
  waiting?: { resolve(): void; reject(e: Error): void };
  failed?: Error;
}

const newWorker = () => startWorker(new URL('./xlsx-worker.js', import.meta.url), new URL('./xlsx-worker.ts', import.meta.url));

class XlsxThread {
  private readonly thread = new ThreadOnDemand<XlsxAnswer, Open>({
    start: newWorker,
    exitMessage: 'Excel 写入线程已退出',
    onAnswer: (a, entry) => this.answer(a, entry),
    onDeath: (entry, e) => {
      entry.failed = e;
      entry.waiting?.reject(e);
    },
    idleMs: IDLE_MS,
  });

  start(head: SheetHead, onBytes: (bytes: Buffer) => void): XlsxSession {
    const entry: Open = { onBytes };
    const { worker, id } = this.thread.begin(entry);
    worker.postMessage({ type: 'open', id, ...head } satisfies XlsxAsk);
    const ask = (message: XlsxAsk) =>
      new Promise<void>((resolve, reject) => {
        if (entry.failed) return reject(entry.failed);
        entry.waiting = { resolve, reject };
        worker.postMessage(message);
      });
    return {
      write: (rows) => ask({ type: 'rows', id, rows }),
      end: () => ask({ type: 'end', id }),
      abort: () => {
        if (!this.thread.finish(id)) return;
        worker.postMessage({ type: 'abort', id } satisfies XlsxAsk);
        // The caller's pending write or end returns (it then sees its download gone).
        entry.waiting?.resolve();
        entry.waiting = undefined;
      },
    };
  }

  private answer(a: XlsxAnswer, entry: Open) {
    if (a.type === 'bytes') return entry.onBytes(Buffer.from(a.bytes.buffer, a.bytes.byteOffset, a.bytes.byteLength));
    const w = entry.waiting;
    entry.waiting = undefined;
    if (a.type === 'error') {
      entry.failed = new Error(`导出文件写入失败：${a.message}`);
      this.thread.finish(a.id);
      w?.reject(entry.failed);
      return;
    }
    if (a.type === 'done') this.thread.finish(a.id);
    w?.resolve();
  }

  /** Workbooks open on the thread now (tests: an aborted download leaves none). */
  get openCount() {
    return this.thread.openCount;
  }
}

export const xlsxThread = new XlsxThread();
