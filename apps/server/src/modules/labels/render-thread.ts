/**
 * Labels rendered on a thread of their own (render-worker.ts), one request at a time in arrival
 * order: the server's event loop keeps answering other callers while a 10,000-tag PDF is drawn
 * (measured in bench/labels-responsive.bench.ts). One thread: a render uses a core, and the machines
 * this runs on have two, the other for the server itself. The thread starts on the first render and
 * ends after a minute without one, so an idle server does not hold the renderer's fonts
 * (LABEL_RENDER_THREAD=0 renders on the event loop, as before).
 *
 * The thread runs the worker's built file next to the server's bundle (dist/render-worker.js, made
 * by scripts/build-server.mjs), or from the TypeScript sources through tsx (development, tests).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type LabelRenderRequest, type RenderResult, renderLabels } from '@dropship/labels';
import { ZodError } from 'zod';

export interface RenderAsk {
  id: number;
  request: LabelRenderRequest;
}
type Shipped = Exclude<RenderResult, { contentType: 'application/pdf' }> | { contentType: 'application/pdf'; body: Uint8Array; pages: number };
export type RenderAnswer =
  | { id: number; result: Shipped; error?: undefined }
  | { id: number; result?: undefined; error: { kind: 'zod'; issues: ZodError['issues'] } | { kind: 'range' | 'other'; message: string } };

const IDLE_MS = 60_000;

interface Waiting {
  resolve(r: RenderResult): void;
  reject(e: Error): void;
}

/** The built worker; from the sources, a two-line start that registers tsx and imports the .ts file. */
function newWorker(): Worker {
  const built = new URL('./render-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built);
  // tsx's ES module API (the CommonJS one registers a path that does not exist inside a thread).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const source = new URL('./render-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`, { eval: true });
}

function errorOf(a: RenderAnswer['error'] & object): Error {
  if (a.kind === 'zod') return new ZodError(a.issues);
  if (a.kind === 'range') return new RangeError(a.message);
  return new Error(`标签渲染失败：${a.message}`);
}

class RenderThread {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private seq = 0;
  private idle: NodeJS.Timeout | undefined;

  render(request: LabelRenderRequest): Promise<RenderResult> {
    const worker = this.worker ?? this.start();
    clearTimeout(this.idle);
    const id = ++this.seq;
    // Held while something waits on the thread, let go once idle (a server told to stop then stops).
    worker.ref();
    return new Promise<RenderResult>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, request } satisfies RenderAsk);
    });
  }

  private start(): Worker {
    const worker = newWorker();
    worker.on('message', (a: RenderAnswer) => this.answer(a));
    worker.on('error', (e) => this.fail(worker, e));
    worker.on('exit', (code) => this.fail(worker, new Error(`标签渲染线程已退出（${code}）`)));
    this.worker = worker;
    return worker;
  }

  private answer(a: RenderAnswer) {
    const w = this.waiting.get(a.id);
    if (!w) return;
    this.waiting.delete(a.id);
    if (a.error) w.reject(errorOf(a.error));
    else if (a.result.contentType === 'application/pdf') {
      const b = a.result.body;
      w.resolve({ ...a.result, body: Buffer.from(b.buffer, b.byteOffset, b.byteLength) });
    } else w.resolve(a.result);
    if (this.waiting.size === 0) {
      this.worker?.unref();
      this.idle = setTimeout(() => this.stop(), IDLE_MS).unref();
    }
  }

  /** The thread died (a crash, or stopped while idle): what waited on it fails; the next render starts a new one. */
  private fail(worker: Worker, e: Error) {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }

  stop() {
    const w = this.worker;
    if (!w || this.waiting.size > 0) return;
    this.worker = undefined;
    void w.terminate();
  }
}

const thread = new RenderThread();

/** renderLabels, on the labels thread unless LABEL_RENDER_THREAD=0. Throws what renderLabels throws. */
export function renderOffThread(request: LabelRenderRequest): Promise<RenderResult> {
  if (process.env.LABEL_RENDER_THREAD === '0') return renderLabels(request);
  return thread.render(request);
}
