/**
 * Retry with backoff and window splitting, shared by every marketplace and ERP client. Platforms
 * ask callers to back off on rate limits and 5xx/isp.* answers (protocols.md §1, §4, §6); anything
 * else (bad token, bad signature, bad arguments) would fail the same way again, so it is not retried.
 */
import { ChannelError } from './types.ts';

export interface RetryOptions {
  /** Total tries including the first (1 = no retry). */
  attempts: number;
  /** Wait before the 2nd try; doubles each time (exponential backoff). */
  baseDelayMs: number;
  /** No single wait is longer than this. Default 30 s. */
  maxDelayMs?: number;
  /** 0..1 source for the jitter; tests pass a fixed one. Default Math.random. */
  random?: () => number;
  /** Replaceable for tests. Default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Called before each wait, e.g. to log "rate limited, retry 2 in 800 ms". */
  onRetry?: (error: ChannelError, attempt: number, delayMs: number) => void;
}

export const DEFAULT_RETRY = { attempts: 4, baseDelayMs: 500 } as const;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The wait before try `attempt + 1` (attempt counts from 1): base·2^(attempt-1), capped, with
 * "full jitter" in the upper half so many shops rate-limited together do not retry in lock step.
 */
export function backoffDelay(attempt: number, o: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  const cap = o.maxDelayMs ?? 30_000;
  const exp = Math.min(cap, o.baseDelayMs * 2 ** (attempt - 1));
  const r = (o.random ?? Math.random)();
  return Math.round(exp / 2 + (exp / 2) * r);
}

/** Runs `fn` until it succeeds, throws a non-retryable error, or the tries are used up (the last error is thrown). */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, o: RetryOptions): Promise<T> {
  const attempts = Math.max(1, Math.floor(o.attempts));
  const wait = o.sleep ?? sleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (!(e instanceof ChannelError) || !e.retryable || attempt >= attempts) throw e;
      const delay = backoffDelay(attempt, o);
      o.onRetry?.(e, attempt, delay);
      await wait(delay);
    }
  }
}

export interface TimeWindow {
  from: Date;
  to: Date;
}

/**
 * Cuts [from, to) into consecutive windows no longer than maxWindowMs (the platform's limit),
 * oldest first, so a sync that fell behind catches up in order and can save its cursor after each.
 */
export function splitWindow(from: Date, to: Date, maxWindowMs: number): TimeWindow[] {
  if (!(maxWindowMs > 0)) throw new RangeError(`maxWindowMs must be positive: ${maxWindowMs}`);
  const out: TimeWindow[] = [];
  let start = from.getTime();
  const end = to.getTime();
  while (start < end) {
    const stop = Math.min(end, start + maxWindowMs);
    out.push({ from: new Date(start), to: new Date(stop) });
    start = stop;
  }
  return out;
}
