/**
 * Soak sizes. The long runs (thousands of random money operations) keep their full size behind
 * SOAK=full — run it by hand or on a schedule: `SOAK=full npx vitest run --project server`. The
 * default suite runs each at a smaller size that still takes every path and can still fail.
 */
export const SOAK_FULL = process.env.SOAK === 'full';

/** The full size under SOAK=full, else the quick one. */
export function soakSize(full: number, quick: number): number {
  return SOAK_FULL ? full : quick;
}
