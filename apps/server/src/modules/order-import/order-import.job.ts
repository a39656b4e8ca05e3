/**
 * The import stage on the job queue (app.jobs): after the seller confirms, the job writes the
 * preview's valid orders. A crash or restart puts it back in the queue and the next attempt
 * starts over: batches already written are updated in place, never duplicated. Only when the
 * last attempt fails does the import become FAILED.
 */
import { ERROR_MESSAGES, ErrorCode } from '@dropship/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../jobs/index.js';
import { importPreview } from './import-stage.js';
import * as repo from './order-import.repository.js';

export const IMPORT_JOB = 'orderImport.run';
export const IMPORT_JOB_ATTEMPTS = 3;
const Payload = z.object({ importJobId: z.number().int().positive(), orgId: z.number().int().positive() });

export function registerImportJob(jobs: JobQueue, db: Db) {
  jobs.register(
    IMPORT_JOB,
    Payload,
    async (p, ctx) => {
      const job = await repo.findJob(db, p.orgId, p.importJobId);
      if (job?.status !== 'IMPORTING') return;
      const shop = await repo.findShop(db, p.orgId, job.shopId);
      if (!shop) return;
      if (ctx.attempt > 1) await repo.resetProgress(db, job.id);
      try {
        const target = { jobId: job.id, orgId: p.orgId, shopId: shop.id, channel: shop.channel, createdAt: job.createdAt, totalRows: job.totalRows };
        const counts = await importPreview(db, target, ctx.signal);
        // A retry saw its own earlier batches as "updated": who created an order is on the order.
        const imported = ctx.attempt > 1 ? await repo.countCreatedBy(db, p.orgId, job.id) : counts.imported;
        const updated = Math.max(0, job.validOrders - imported - counts.skipped);
        await repo.moveJob(db, job.id, ['IMPORTING'], { status: 'DONE', percent: 100, imported, updated, skipped: counts.skipped, finishedAt: new Date() });
      } catch (err) {
        if (ctx.attempt >= ctx.maxAttempts && !ctx.signal.aborted) {
          await repo.moveJob(db, job.id, ['IMPORTING'], { status: 'FAILED', message: ERROR_MESSAGES[ErrorCode.ORDER_IMPORT_FAILED], finishedAt: new Date() });
        }
        throw err;
      }
    },
    { maxAttempts: IMPORT_JOB_ATTEMPTS, backoffMs: (n) => 5_000 * n },
  );
}
