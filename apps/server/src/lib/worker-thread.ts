/**
 * Starts one of the server's threads (the labels renderer, the Excel writer): its built file beside
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
 * holds neither its memory nor, once unreferenced, its exit). The owner keeps its own waiting list:
 * `pending()` says how much of it is still open, `onDeath` fails it when the thread dies.
 */
export class ThreadOnDemand<Answer> {
  private worker: Worker | undefined;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly o: {
      start(): Worker;
      /** The thread's exit, in the error a waiting caller gets (e.g. "Excel 写入线程已退出"). */
      exitMessage: string;
      onAnswer(a: Answer): void;
      onDeath(e: Error): void;
      pending(): number;
      idleMs?: number;
    },
  ) {}

  /** The running thread (started if none), held while work waits on it. */
  use(): Worker {
    const worker = this.worker ?? this.spawn();
    clearTimeout(this.idle);
    worker.ref();
    return worker;
  }

  /** Called when a piece of work ends: with nothing left open, the thread is let go and ends later. */
  settled() {
    if (this.o.pending() > 0) return;
    this.worker?.unref();
    this.idle = setTimeout(() => this.stop(), this.o.idleMs ?? 60_000).unref();
  }

  stop() {
    const w = this.worker;
    if (!w || this.o.pending() > 0) return;
    this.worker = undefined;
    void w.terminate();
  }

  private spawn(): Worker {
    const worker = this.o.start();
    worker.on('message', (a: Answer) => this.o.onAnswer(a));
    worker.on('error', (e) => this.died(worker, e));
    worker.on('exit', (code) => this.died(worker, new Error(`${this.o.exitMessage}（${code}）`)));
    this.worker = worker;
    return worker;
  }

  /** The thread died (a crash, or stopped while idle): what waited on it fails; the next piece of work starts a new one. */
  private died(worker: Worker, e: Error) {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.o.onDeath(e);
  }
}
