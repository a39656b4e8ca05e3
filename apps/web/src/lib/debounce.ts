/** Trailing-edge debounce with the default wait of SPEC.md section 9 (1000 ms). */
import { DEFAULT_DEBOUNCE_MS } from '@dropship/contract';

export interface Debounced<A extends unknown[], R> {
  (...args: A): void;
  /** Drops the pending call. */
  cancel(): void;
  /** Runs the pending call now (if any) and returns its result. */
  flush(): R | undefined;
  pending(): boolean;
}

export function debounce<A extends unknown[], R>(fn: (...args: A) => R, wait: number = DEFAULT_DEBOUNCE_MS): Debounced<A, R> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastArgs: A | undefined;

  const run = (): R | undefined => {
    const args = lastArgs;
    clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
    return args ? fn(...args) : undefined;
  };

  const debounced = (...args: A) => {
    lastArgs = args;
    clearTimeout(timer);
    timer = setTimeout(run, wait);
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
  };
  debounced.flush = run;
  debounced.pending = () => timer !== undefined;
  return debounced;
}
