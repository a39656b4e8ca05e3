import { TOUR_POLL_INTERVAL_MS, TOUR_POLL_TIMEOUT_MS } from '@dropship/contract';

/**
 * Tour targets appear only after the menu renders: poll every 250 ms for up to about 5 s
 * (SPEC.md section 4). Resolves the elements, or null when they never appear.
 */
export function waitForTargets(
  selectors: string[],
  interval = TOUR_POLL_INTERVAL_MS,
  timeout = TOUR_POLL_TIMEOUT_MS,
): { promise: Promise<HTMLElement[] | null>; cancel(): void } {
  let timer: ReturnType<typeof setInterval> | undefined;
  let settle: (v: HTMLElement[] | null) => void = () => {};
  const promise = new Promise<HTMLElement[] | null>((resolve) => {
    settle = resolve;
    const started = Date.now();
    const probe = () => {
      const found = selectors.map((s) => document.querySelector<HTMLElement>(s));
      if (found.every((el) => el !== null)) {
        clearInterval(timer);
        resolve(found as HTMLElement[]);
      } else if (Date.now() - started >= timeout) {
        clearInterval(timer);
        resolve(null);
      }
    };
    timer = setInterval(probe, interval);
    probe();
  });
  return {
    promise,
    cancel() {
      clearInterval(timer);
      settle(null);
    },
  };
}
