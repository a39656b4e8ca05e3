/**
 * A background thread's CPU priority. The labels renderer, the Excel writer and the order import's
 * file threads run seconds of work beside the event loop that answers every caller; on a machine with
 * few cores the operating system shares the cores among them evenly, so a list call waits its turn
 * behind a PDF. On Linux each thread has its own nice value (setpriority on the thread's id), so such
 * a thread lowers its own: it still takes every core nobody else wants, and yields one at once when
 * the event loop has work (bench/responsive.bench.ts). Elsewhere nothing changes.
 * BACKGROUND_THREAD_NICE sets the value (0 leaves the threads as they start; the test suites set it,
 * since they run several test processes at once on purpose and a niced thread there waits behind
 * other tests' work, not behind callers).
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** The nice value a background thread takes by default (0 is the event loop's; 19 the lowest). */
export const BACKGROUND_NICE = 10;

/** The nice value configured for background threads: BACKGROUND_THREAD_NICE (0–19), else BACKGROUND_NICE. */
export function backgroundNice(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.BACKGROUND_THREAD_NICE;
  if (v === undefined || v.trim() === '') return BACKGROUND_NICE;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 19) throw new Error(`BACKGROUND_THREAD_NICE 应为 0 到 19 的整数（后台线程的优先级，越大越让位），现为“${v}”。`);
  return n;
}

/** This thread's id as the kernel knows it (Linux), or undefined. */
function kernelThreadId(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>" of the thread that reads it.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the calling worker thread's priority to backgroundNice() (never raises it); answers the nice
 * value it now has, or undefined where threads cannot have their own (not Linux) or on the main
 * thread, which is left alone (lowering it would lower the whole server).
 */
export function lowerThisThreadPriority(): number | undefined {
  if (isMainThread) return undefined;
  const nice = backgroundNice();
  const tid = kernelThreadId();
  if (tid === undefined || tid === process.pid) return undefined;
  try {
    if (nice > getPriority(tid)) setPriority(tid, nice);
    return getPriority(tid);
  } catch {
    return undefined;
  }
}
