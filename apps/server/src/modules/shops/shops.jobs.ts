/**
 * The shops' background work on the job queue: each shop's sync (one at a time per shop, retried
 * with backoff), the scheduler that enqueues every active shop's sync every SHOP_SYNC_INTERVAL_MINUTES,
 * and the daily token refresh.
 */
import { z } from 'zod';
import type { JobQueue } from '../jobs/index.js';
import { runShopSync } from './shop-sync.service.js';
import { refreshExpiringTokens } from './shop-tokens.service.js';
import * as repo from './shops.repository.js';
import { requestSync, type ShopsDeps, SYNC_JOB } from './shops.service.js';

export const SCHEDULE_SYNCS_JOB = 'shops.scheduleSyncs';
export const REFRESH_TOKENS_JOB = 'shops.refreshTokens';
const SyncPayload = z.object({ orgId: z.number().int().positive(), shopId: z.number().int().positive() });
const Empty = z.object({}).passthrough();
const DAY = 86_400_000;

type Log = { warn(o: object, m: string): void };

/** Enqueues the sync of every active shop not synced within the interval (each shop's job is a singleton). */
export async function scheduleDueSyncs(deps: ShopsDeps) {
  const before = new Date(Date.now() - deps.channels.config.syncIntervalMs);
  const due = await repo.shopsDueForSync(deps.db, before, 500);
  for (const s of due) await requestSync(deps, s.orgId, s.id);
  await repo.purgeOAuthStates(deps.db);
  return due.length;
}

export function registerShopJobs(jobs: JobQueue, deps: ShopsDeps, log?: Log) {
  jobs.register(SYNC_JOB, SyncPayload, (p, ctx) => runShopSync(deps, p.orgId, p.shopId, { signal: ctx.signal, willRetry: ctx.attempt < ctx.maxAttempts }), {
    maxAttempts: 5,
  });
  jobs.register(SCHEDULE_SYNCS_JOB, Empty, async () => {
    await scheduleDueSyncs(deps);
  });
  jobs.register(REFRESH_TOKENS_JOB, Empty, async () => {
    await refreshExpiringTokens(deps, log);
  });
}

/** Kept in the database, so a restart neither loses nor doubles them. */
export async function scheduleShopJobs(jobs: JobQueue) {
  await jobs.schedule(SCHEDULE_SYNCS_JOB, SCHEDULE_SYNCS_JOB, 60_000, { firstInMs: 5_000 });
  await jobs.schedule(REFRESH_TOKENS_JOB, REFRESH_TOKENS_JOB, DAY, { firstInMs: 60_000 });
}
