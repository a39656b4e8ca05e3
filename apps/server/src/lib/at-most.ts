/**
 * At most `size` pieces of work running at once, started in the caller's order (the order import
 * writes its batches on two connections of a PostgreSQL server). The first failure stops new
 * starts: start() and throwFailure() throw it once the pieces still running have ended, so nothing
 * goes on writing after the caller has been told.
 */
export class AtMost {
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  constructor(private readonly size: number) {}

  /** Waits for a free place (after a failure: throws it instead), then starts the work without waiting for it. */
  async start(work: () => Promise<void>) {
    while (this.running.size >= this.size && !this.failure) await Promise.race(this.running);
    if (this.failure) {
      await this.idle();
      this.throwFailure();
    }
    const run: Promise<void> = work()
      .catch((error) => {
        this.failure ??= { error };
      })
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves once nothing runs (a failure is kept for throwFailure). */
  async idle() {
    while (this.running.size > 0) await Promise.race(this.running);
  }

  /** Throws the first failure, if any. */
  throwFailure() {
    if (this.failure) throw this.failure.error;
  }
}
