/**
 * The `shops.sync` job (one shop's sync, one at a time per shop, retried with backoff): enqueued by
 * shops (requestSync, the scheduler), run here beside the shop orders it writes.
 */
import { z } from 'zod';
import type { JobQueue } from '../jobs/index.js';
import { type ShopsDeps, SYNC_JOB } from '../shops/index.js';
import { runShopSync } from './shop-sync.service.js';

const SyncPayload = z.object({ orgId: z.number().int().positive(), shopId: z.number().int().positive() });

export function registerShopSyncJob(jobs: JobQueue, deps: ShopsDeps) {
  jobs.register(SYNC_JOB, SyncPayload, (p, ctx) => runShopSync(deps, p.orgId, p.shopId, { signal: ctx.signal, willRetry: ctx.attempt < ctx.maxAttempts }), {
    maxAttempts: 5,
  });
}
