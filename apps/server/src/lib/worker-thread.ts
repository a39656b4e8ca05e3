/**
 * Starts one of the server's threads (the labels renderer, the Excel writer, the import's parser): its built file beside
 * the server's bundle (dist/<name>.js, made by scripts/build-server.mjs), or from the TypeScript
 * sources through tsx (development, tests).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Whether a thread's built file is there (the server runs from its bundle), rather than its sources. */
export const isBuilt = (built: URL) => existsSync(fileURLToPath(built));

/** `built` is the bundle's file, `source` the .ts it is made from; a two-line start registers tsx and imports it. */
export function startWorker(built: URL, source: URL, options: WorkerOptions = {}): Worker {
  if (isBuilt(built)) return new Worker(built, options);
  // tsx's ES module API (the CommonJS one registers a path that does not exist inside a thread).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source.href)}); });`, {
    ...options,
    eval: true,
  });
}

/**
 * A thread started by the first piece of work and ended after `idleMs` without any (an idle server
 * holds neither its memory nor, once unreferenced, its exit). It keeps the open pieces of work by
 * the id their messages carry: an answer goes to its piece (`onAnswer`), the thread's death fails
 * every piece still open (`onDeath`), and with none open the thread is let go.
 */
export class ThreadOnDemand<Answer extends { id: number }, Entry> {
  private worker: Worker | undefined;
  private idle: NodeJS.Timeout | undefined;
  private readonly open = new Map<number, Entry>();
  private seq = 0;

  constructor(
    private readonly o: {
      start(): Worker;
      /** The thread's exit, in the error a waiting caller gets (e.g. "Excel 写入线程已退出"). */
      exitMessage: string;
      /** An answer for a piece of work still open. */
      onAnswer(a: Answer, entry: Entry): void;
      /** The thread died with this piece open; it is forgotten after this. */
      onDeath(entry: Entry, e: Error): void;
      idleMs?: number;
    },
  ) {}

  /** A new piece of work: the running thread (started if none), held while work is open, and the id of the piece. */
  begin(entry: Entry): { worker: Worker; id: number } {
    const worker = this.worker ?? this.spawn();
    clearTimeout(this.idle);
    worker.ref();
    const id = ++this.seq;
    this.open.set(id, entry);
    return { worker, id };
  }

  /** The piece of work ended: forgotten, and with none left open the thread is let go and ends later. False when it was not open. */
  finish(id: number): boolean {
    if (!this.open.delete(id)) return false;
    if (this.open.size === 0) {
      this.worker?.unref();
      this.idle = setTimeout(() => this.stop(), this.o.idleMs ?? 60_000).unref();
    }
    return true;
  }

  /** Pieces of work open now (tests: a finished, refused or aborted one leaves none). */
  get openCount() {
    return this.open.size;
  }

  stop() {
    const w = this.worker;
    if (!w || this.open.size > 0) return;
    this.worker = undefined;
    void w.terminate();
  }

  private spawn(): Worker {
    const worker = this.o.start();
    worker.on('message', (a: Answer) => {
      const entry = this.open.get(a.id);
      if (entry) this.o.onAnswer(a, entry);
    });
    worker.on('error', (e) => this.died(worker, e));
    worker.on('exit', (code) => this.died(worker, new Error(`${this.o.exitMessage}（${code}）`)));
    this.worker = worker;
    return worker;
  }

  /** The thread died (a crash, or stopped while idle): what waited on it fails; the next piece of work starts a new one. */
  private died(worker: Worker, e: Error) {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const entry of this.open.values()) this.o.onDeath(entry, e);
    this.open.clear();
  }
}
