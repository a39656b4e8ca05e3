/**
 * Puts the job queue on the app (`app.jobs`) so every module can register its kinds and enqueue.
 * The poller is started by main.ts (tests call `app.jobs.runDue()` instead) and stopped when the
 * app closes, before the database is.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';
import { registerDbMaintenance } from './db-maintenance.js';
import { JobQueue } from './job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

const positive = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export const jobsPlugin = fp(async (app: FastifyInstance, { db, database }: AppDeps) => {
  const queue = new JobQueue(db, {
    pollMs: positive(process.env.JOBS_POLL_MS, 1_000),
    concurrency: positive(process.env.JOBS_CONCURRENCY, 2),
    leaseMs: positive(process.env.JOBS_LEASE_MS, 120_000),
    log: app.log,
  });
  app.decorate('jobs', queue);
  // PGlite has no autovacuum: a nightly VACUUM (ANALYZE) stands in for it.
  registerDbMaintenance(queue, database, (fn) => app.addHook('onReady', fn));
  app.addHook('onClose', async () => {
    await queue.stop();
  });
});
