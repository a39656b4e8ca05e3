/**
 * The preview's rows between an import's two threads (parse-worker.ts): the reading thread sends
 * what checking needs (the layout, its columns, the 宝贝报表's lines), then the file's rows a page's
 * worth at a time, each only when the checking thread asks for it, over a MessagePort of their own:
 * the server's thread neither carries nor copies them.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ErrorCode } from '@dropship/contract';
import { AppError } from '../../lib/app-error.js';
import type { RowRun } from './parse-rows.js';
import type { RowContext } from './row-parser.js';

/** An error as another thread raises it again: an AppError by its catalogue code, anything else (code null) by its stack. */
export interface DescribedError {
  code: ErrorCode | null;
  message: string;
}

export const describeError = (e: unknown): DescribedError =>
  e instanceof AppError ? { code: e.errorCode, message: e.message } : { code: null, message: e instanceof Error ? (e.stack ?? e.message) : String(e) };

/** The described error raised again; `prefix` goes before the message of an error that was not an AppError. */
export const errorFrom = (d: DescribedError, prefix = ''): Error => (d.code === null ? new Error(`${prefix}${d.message}`) : new AppError(d.code, d.message));

/** From the reading thread. */
export type RowsMessage = { type: 'context'; ctx: RowContext } | { type: 'run'; run: RowRun } | { type: 'end' } | ({ type: 'error' } & DescribedError);
/** From the checking thread: room for one more message. */
export interface RowsAsk {
  type: 'more';
}

/**
 * The checking thread's end of the port. It asks for the context and the first run when first read,
 * then for one run more each time it takes one, so the reader stays a run ahead; the rows waiting
 * are at most two runs. A port closed before the end (the reading thread died, or the import
 * stopped) ends the rows with an error, or quietly once `stop` was called.
 */
export class RowInbox {
  private readonly waiting: RowsMessage[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private stopped = false;
  private asked = false;

  constructor(private readonly port: MessagePort) {
    port.on('message', (m: RowsMessage) => {
      this.waiting.push(m);
      this.wake?.();
    });
    port.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
  }

  /** Lets the rows go: a read waiting ends, and the reader sees its port close. */
  stop() {
    this.stopped = true;
    this.port.close();
    this.wake?.();
  }

  private ask(n: number) {
    if (this.closed) return;
    for (let i = 0; i < n; i++) this.port.postMessage({ type: 'more' } satisfies RowsAsk);
  }

  private async next(): Promise<RowsMessage | undefined> {
    if (!this.asked) {
      this.asked = true;
      // The context, the first run, and one run ahead.
      this.ask(3);
    }
    while (this.waiting.length === 0 && !this.closed && !this.stopped) await new Promise<void>((r) => (this.wake = r));
    this.wake = undefined;
    const m = this.waiting.shift();
    if (m?.type === 'error') throw errorFrom(m);
    if (m || this.stopped) return m;
    throw new Error('导入文件读取线程已退出');
  }

  async context(): Promise<RowContext> {
    const m = await this.next();
    if (m?.type !== 'context') throw new Error(`导入文件读取线程答非所问：${m?.type ?? '（已停止）'}`);
    return m.ctx;
  }

  async *runs(): AsyncGenerator<RowRun> {
    for (;;) {
      const m = await this.next();
      if (!m || m.type === 'end') return;
      if (m.type !== 'run') throw new Error(`导入文件读取线程答非所问：${m.type}`);
      this.ask(1);
      yield m.run;
    }
  }
}
