/**
 * A background thread's CPU priority. The labels renderer and the Excel writer run seconds of work
 * beside the event loop that answers every caller; on a machine with few cores the operating system
 * shares the cores among them evenly, so a list call waits its turn behind a PDF. On Linux each thread
 * has its own nice value (setpriority on the thread's id), so such a thread lowers its own: it still
 * takes every core nobody else wants, and yields one at once when the event loop has work
 * (bench/responsive.bench.ts). Elsewhere nothing changes.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** The nice value a background thread takes (0 is the event loop's; 19 the lowest). */
export const BACKGROUND_NICE = 10;

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
 * Lowers the calling worker thread's priority to BACKGROUND_NICE; answers the nice value it now has,
 * or undefined where threads cannot have their own (not Linux) or on the main thread, which is left
 * alone (lowering it would lower the whole server).
 */
export function lowerThisThreadPriority(): number | undefined {
  if (isMainThread) return undefined;
  const tid = kernelThreadId();
  if (tid === undefined || tid === process.pid) return undefined;
  try {
    setPriority(tid, Math.max(BACKGROUND_NICE, getPriority(tid)));
    return getPriority(tid);
  } catch {
    return undefined;
  }
}
