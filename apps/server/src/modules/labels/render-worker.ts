/**
 * The label renderer's thread (render-thread.ts starts it): a 10,000-tag PDF is seconds of pdfkit
 * work that would otherwise hold the server's one event loop, and every other caller with it. Takes a
 * request, answers its result or a description of its error that the caller turns back into the same
 * error class (validation, too many pages, anything else).
 */
import { parentPort } from 'node:worker_threads';
import { type LabelRenderRequest, renderLabels } from '@dropship/labels';
import { ZodError } from 'zod';
import { lowerThisThreadPriority } from '../../lib/thread-priority.js';
import type { RenderAnswer, RenderAsk } from './render-thread.js';

// Background work: the event loop's callers come first (lib/thread-priority.ts).
lowerThisThreadPriority();

function failureOf(e: unknown): RenderAnswer {
  if (e instanceof ZodError) return { id: 0, error: { kind: 'zod', issues: JSON.parse(JSON.stringify(e.issues)) } };
  if (e instanceof RangeError) return { id: 0, error: { kind: 'range', message: e.message } };
  return { id: 0, error: { kind: 'other', message: e instanceof Error ? (e.stack ?? e.message) : String(e) } };
}

parentPort?.on('message', async ({ id, request }: RenderAsk) => {
  try {
    const out = await renderLabels(request as LabelRenderRequest);
    if (out.contentType === 'application/pdf') {
      // The PDF's bytes move to the caller's thread instead of being copied.
      const bytes = new Uint8Array(out.body.buffer, out.body.byteOffset, out.body.byteLength).slice();
      parentPort?.postMessage({ id, result: { ...out, body: bytes } } satisfies RenderAnswer, [bytes.buffer]);
    } else parentPort?.postMessage({ id, result: out } satisfies RenderAnswer);
  } catch (e) {
    parentPort?.postMessage({ ...failureOf(e), id });
  }
});
