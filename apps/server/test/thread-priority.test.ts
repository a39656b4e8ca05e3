import { once } from 'node:events';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { BACKGROUND_NICE, backgroundNice, lowerThisThreadPriority } from '../src/lib/thread-priority.js';
import { startWorker } from '../src/lib/worker-thread.js';

const configured = process.env.BACKGROUND_THREAD_NICE;
afterEach(() => {
  if (configured === undefined) delete process.env.BACKGROUND_THREAD_NICE;
  else process.env.BACKGROUND_THREAD_NICE = configured;
});

/** The nice value a thread started as the server starts its threads gives itself (null: not on this system). */
async function probe(): Promise<number | null> {
  // A thread takes a copy of the environment as it starts.
  const worker = startWorker(new URL('./no-built-probe.js', import.meta.url), new URL('./priority-probe.worker.ts', import.meta.url));
  try {
    const [nice] = await once(worker, 'message');
    return nice;
  } finally {
    await worker.terminate();
  }
}

describe('lowerThisThreadPriority', () => {
  it('lowers a worker thread to the configured nice and leaves the event loop’s thread (the whole server) as it was', async () => {
    const mine = getPriority();
    expect(lowerThisThreadPriority()).toBeUndefined();
    delete process.env.BACKGROUND_THREAD_NICE;
    const nice = await probe();
    if (process.platform === 'linux') expect(nice).toBe(Math.max(BACKGROUND_NICE, mine));
    else expect(nice).toBeNull();
    process.env.BACKGROUND_THREAD_NICE = '15';
    if (process.platform === 'linux') expect(await probe()).toBe(Math.max(15, mine));
    // 0 leaves a thread as it starts (never raised above the process's own).
    process.env.BACKGROUND_THREAD_NICE = '0';
    if (process.platform === 'linux') expect(await probe()).toBe(mine);
    expect(getPriority()).toBe(mine);
  });

  it('refuses a nice value outside 0–19 when the server starts, in Chinese', () => {
    expect(backgroundNice({})).toBe(BACKGROUND_NICE);
    expect(backgroundNice({ BACKGROUND_THREAD_NICE: ' ' })).toBe(BACKGROUND_NICE);
    expect(backgroundNice({ BACKGROUND_THREAD_NICE: '5' })).toBe(5);
    for (const bad of ['20', '-1', '2.5', 'low']) {
      expect(() => loadConfig({ BACKGROUND_THREAD_NICE: bad })).toThrow(/BACKGROUND_THREAD_NICE 应为 0 到 19 的整数/);
    }
    expect(() => loadConfig({ BACKGROUND_THREAD_NICE: '10' })).not.toThrow();
  });
});
