import { once } from 'node:events';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE, lowerThisThreadPriority } from '../src/lib/thread-priority.js';
import { startWorker } from '../src/lib/worker-thread.js';

describe('lowerThisThreadPriority', () => {
  it('lowers a worker thread and leaves the event loop’s thread (the whole server) as it was', async () => {
    const mine = getPriority();
    expect(lowerThisThreadPriority()).toBeUndefined();
    const worker = startWorker(new URL('./no-built-probe.js', import.meta.url), new URL('./priority-probe.worker.ts', import.meta.url));
    try {
      const [nice] = await once(worker, 'message');
      if (process.platform === 'linux') expect(nice).toBe(Math.max(BACKGROUND_NICE, mine));
      else expect(nice).toBeNull();
    } finally {
      await worker.terminate();
    }
    expect(getPriority()).toBe(mine);
  });
});
