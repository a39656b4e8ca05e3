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
import { type LabelRenderRequest, type RenderResult, renderLabels } from '@dropship/labels';
import { ZodError } from 'zod';
import { startWorker, ThreadOnDemand } from '../../lib/worker-thread.js';

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

/** The built worker (the bundle's dist/render-worker.js), or the .ts file through tsx. */
const newWorker = () => startWorker(new URL('./render-worker.js', import.meta.url), new URL('./render-worker.ts', import.meta.url));

function errorOf(a: RenderAnswer['error'] & object): Error {
  if (a.kind === 'zod') return new ZodError(a.issues);
  if (a.kind === 'range') return new RangeError(a.message);
  return new Error(`标签渲染失败：${a.message}`);
}

class RenderThread {
  private readonly thread = new ThreadOnDemand<RenderAnswer, Waiting>({
    start: newWorker,
    exitMessage: '标签渲染线程已退出',
    onAnswer: (a, w) => this.answer(a, w),
    onDeath: (w, e) => w.reject(e),
    idleMs: IDLE_MS,
  });

  render(request: LabelRenderRequest): Promise<RenderResult> {
    return new Promise<RenderResult>((resolve, reject) => {
      const { worker, id } = this.thread.begin({ resolve, reject });
      worker.postMessage({ id, request } satisfies RenderAsk);
    });
  }

  private answer(a: RenderAnswer, w: Waiting) {
    this.thread.finish(a.id);
    if (a.error) w.reject(errorOf(a.error));
    else if (a.result.contentType === 'application/pdf') {
      const b = a.result.body;
      w.resolve({ ...a.result, body: Buffer.from(b.buffer, b.byteOffset, b.byteLength) });
    } else w.resolve(a.result);
  }
}

const thread = new RenderThread();

/** renderLabels, on the labels thread unless LABEL_RENDER_THREAD=0. Throws what renderLabels throws. */
export function renderOffThread(request: LabelRenderRequest): Promise<RenderResult> {
  if (process.env.LABEL_RENDER_THREAD === '0') return renderLabels(request);
  return thread.render(request);
}
