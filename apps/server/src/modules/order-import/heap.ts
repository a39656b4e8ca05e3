/**
 * Keeps a long import's JS heap near what it really holds. V8 sizes the old generation from the
 * live set and, while memory is plentiful, lets garbage pile up to several times it: a
 * 100,000-row .xlsx import measured a 278 MB heap for ~110 MB alive and 463 MB RSS on PostgreSQL
 * (bench/order-import.bench.ts). Between batches, once the heap passes a high-water mark, a full
 * collection is asked for; the mark then moves above what survived, so a process that really holds
 * more (big caches) is not collected on every batch. The server is not started with --expose-gc,
 * so `gc` is exposed at run time (a flag V8 reads when a context is made).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const MB = 1024 * 1024;
const HIGH_WATER = 160 * MB;
/** Room left above the heap that survived a collection before the next one. */
const HEADROOM = 64 * MB;

let collect: (() => void) | undefined;
let mark = HIGH_WATER;

function collector(): () => void {
  if (!collect) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) collect = exposed;
    else {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    }
  }
  return collect;
}

/** Called between batches: a full collection when the heap has grown past the mark. */
export function reclaimHeap() {
  if (process.memoryUsage().heapUsed <= mark) return;
  collector()();
  mark = Math.max(HIGH_WATER, process.memoryUsage().heapUsed + HEADROOM);
}
