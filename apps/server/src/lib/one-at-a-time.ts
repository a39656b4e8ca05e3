/**
 * Work for one key, one call at a time in this process, in arrival order; other keys do not wait.
 *
 * For checks that take a try before they know the answer (a password's try is counted first, so
 * that of any number of concurrent guesses only those up to the limit are ever checked): run side
 * by side, the right password's own try pushed the count to the lock, and the calls beside it were
 * refused as locked. One at a time, each right answer gives its try back before the next is taken.
 * Across P server processes at most P tries are in flight, so P below the limit never locks a
 * right password (docs/decisions/0045-password-tries-one-at-a-time.md).
 */
export function oneAtATime<K>() {
  const tails = new Map<K, Promise<unknown>>();
  return async function run<T>(key: K, work: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    const mine = before.then(work);
    // The next call waits for this one to end, however it ends.
    const tail = mine.then(
      () => {},
      () => {},
    );
    tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
