/**
 * The shops' background work on the job queue: the scheduler that enqueues every active shop's sync
 * every SHOP_SYNC_INTERVAL_MINUTES, and the daily token refresh. The sync job itself runs in
 * shop-orders (shop-sync.jobs.ts), beside the orders it writes.
 */
import { z } from 'zod';
import type { JobQueue } from '../jobs/index.js';
import { refreshExpiringTokens, remindExpiringShops } from './shop-tokens.service.js';
import * as repo from './shops.repository.js';
import { requestSync, type ShopsDeps } from './shops.service.js';

export const SCHEDULE_SYNCS_JOB = 'shops.scheduleSyncs';
export const REFRESH_TOKENS_JOB = 'shops.refreshTokens';
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
  jobs.register(SCHEDULE_SYNCS_JOB, Empty, async () => {
    await scheduleDueSyncs(deps);
  });
  jobs.register(REFRESH_TOKENS_JOB, Empty, async () => {
    await refreshExpiringTokens(deps, log);
    // After the refresh: a shop whose token was renewed no longer ends soon.
    await remindExpiringShops(deps.db);
  });
}

/** Kept in the database, so a restart neither loses nor doubles them. */
export async function scheduleShopJobs(jobs: JobQueue) {
  await jobs.schedule(SCHEDULE_SYNCS_JOB, SCHEDULE_SYNCS_JOB, 60_000, { firstInMs: 5_000 });
  await jobs.schedule(REFRESH_TOKENS_JOB, REFRESH_TOKENS_JOB, DAY, { firstInMs: 60_000 });
}
