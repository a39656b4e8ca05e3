/**
 * Nightly upkeep of the embedded database. PGlite is PostgreSQL in single-user mode: it runs no
 * autovacuum, so without this its planner never has statistics (every estimate is a default guess) and
 * rows left dead by updates are never reclaimed. One `VACUUM (ANALYZE)` a night does what autovacuum
 * would. It holds PGlite's only connection while it runs (a few seconds on a large database), so it
 * runs when nobody works: 04:30 Beijing time, after the night and before the markets' pickers start.
 * A PostgreSQL server has its own autovacuum: nothing is scheduled there.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db } from '../../db/client.js';
import type { JobQueue } from './job-queue.js';

export const DB_MAINTAIN_JOB = 'db.maintain';
const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;
/** Minutes after Beijing midnight. */
export const DB_MAINTAIN_AT_MINUTE = 4 * 60 + 30;

/** Milliseconds from `now` to the next time the Beijing clock shows `minuteOfDay` (never 0: a full day then). */
export function msUntilBeijingMinute(minuteOfDay: number, now = Date.now()) {
  const sinceMidnight = (now + BEIJING_OFFSET_MS) % DAY_MS;
  const wait = (minuteOfDay * 60_000 - sinceMidnight + DAY_MS) % DAY_MS;
  return wait === 0 ? DAY_MS : wait;
}

export async function maintainDatabase(db: Db) {
  // Not in a transaction: VACUUM refuses to run inside one.
  await db.execute(sql`vacuum (analyze)`);
}

/** On PGlite: registers the job and, once the app is ready, its nightly schedule. */
export function registerDbMaintenance(jobs: JobQueue, database: Database, onReady: (fn: () => Promise<void>) => void) {
  if (database.kind !== 'pglite') return;
  jobs.register(DB_MAINTAIN_JOB, z.object({}).passthrough(), () => maintainDatabase(database.db), { maxAttempts: 2 });
  onReady(() => jobs.schedule(DB_MAINTAIN_JOB, DB_MAINTAIN_JOB, DAY_MS, { firstInMs: msUntilBeijingMinute(DB_MAINTAIN_AT_MINUTE) }));
}
