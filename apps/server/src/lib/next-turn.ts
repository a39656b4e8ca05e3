/**
 * Resolves on the event loop's next turn: what waits for I/O or a timer runs first. Long work on
 * the server's thread (an export's pages, a batch of orders) awaits it between slices, so other
 * callers' requests are answered in between (bench/responsive.bench.ts, decision 0042).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
