/**
 * The database-backed job queue: runs a job once, singletons, retries with backoff, permanent
 * failures, recurring schedules, a restart (same PGlite data directory, or the same PostgreSQL
 * database), a crashed worker's lease, and two workers sharing one database never running a job twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { type Database, type Db, openDatabase } from '../src/db/client.js';
import { JobQueue, PermanentJobError } from '../src/modules/jobs/job-queue.js';
import { claimJob } from '../src/modules/jobs/jobs.repository.js';
import { jobs } from '../src/modules/jobs/jobs.table.js';
import { migratedDump } from './helpers.js';
import { adminQuery, databaseUrl } from './pg-admin.js';

const Payload = z.object({ n: z.number() });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A handler's work that ends only when the queue asks it to stop (rejecting with the abort's reason). */
const untilAborted = (signal: AbortSignal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

/** A database that can be closed and opened again: a PGlite data directory, or a PostgreSQL database of its own. */
async function reopenableDatabase() {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'jobs-test-'));
    // The first open unpacks the run's migrated dump there (instead of replaying the migrations);
    // later opens find the directory as the last close left it.
    let loadDataDir: Blob | undefined = migratedDump();
    return {
      open: () => {
        const opened = openDatabase({ dataDir: dir, loadDataDir });
        loadDataDir = undefined;
        return opened;
      },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  // A copy of the run's migrated template (global-setup.ts) instead of replaying the migrations.
  const name = `test_jobs_${Date.now().toString(36)}`;
  await adminQuery(baseUrl, `create database ${name} template ${inject('startingPoints').migrated}`);
  return {
    open: () => openDatabase({ databaseUrl: databaseUrl(baseUrl, name) }),
    drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`),
  };
}

async function jobRow(db: Db, id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} missing`);
  return row;
}

describe('job queue', () => {
  let store: Awaited<ReturnType<typeof reopenableDatabase>>;
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    store = await reopenableDatabase();
    database = await store.open();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
    await store.drop();
  });

  it('runs a job once and marks it DONE', async () => {
    const q = new JobQueue(db);
    const seen: number[] = [];
    q.register('t.once', Payload, async (p) => {
      seen.push(p.n);
    });
    const { id } = await q.enqueue('t.once', { n: 7 });
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toEqual([7]);
    expect(await jobRow(db, id)).toMatchObject({ status: 'DONE', attempts: 1, lockedUntil: null });
  });

  it('a singleton key keeps one waiting job; a later run time is brought forward, never pushed back', async () => {
    const q = new JobQueue(db);
    q.register('t.single', Payload, async () => {});
    const a = await q.enqueue('t.single', { n: 1 }, { singletonKey: 'shop:1', delayMs: 60_000 });
    const b = await q.enqueue('t.single', { n: 2 }, { singletonKey: 'shop:1' });
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, created: false });
    expect(await q.runDue()).toBe(1);
    // Done: the key is free again.
    expect((await q.enqueue('t.single', { n: 3 }, { singletonKey: 'shop:1' })).created).toBe(true);
    await q.runDue();
  });

  it('a failure is retried after a backoff, with the error kept; the attempt after succeeds', async () => {
    const q = new JobQueue(db);
    let calls = 0;
    q.register(
      't.retry',
      Payload,
      async () => {
        calls++;
        if (calls === 1) throw new Error('平台限流');
      },
      { backoffMs: (n) => n * 60_000 },
    );
    const { id } = await q.enqueue('t.retry', { n: 1 });
    await q.runDue();
    const waiting = await jobRow(db, id);
    expect(waiting).toMatchObject({ status: 'QUEUED', attempts: 1, lastError: '平台限流', lockedBy: null });
    expect(waiting.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await q.runDue()).toBe(0);
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    expect(await q.runDue()).toBe(1);
    expect(await jobRow(db, id)).toMatchObject({ status: 'DONE', attempts: 2 });
    expect(calls).toBe(2);
  });

  it('fails for good after maxAttempts, at once on a permanent error or a bad payload', async () => {
    const q = new JobQueue(db);
    q.register(
      't.always',
      Payload,
      async () => {
        throw new Error('坏了');
      },
      { maxAttempts: 2, backoffMs: () => 0 },
    );
    q.register('t.permanent', Payload, async () => {
      throw new PermanentJobError('签名错误');
    });
    const always = await q.enqueue('t.always', { n: 1 });
    const permanent = await q.enqueue('t.permanent', { n: 1 });
    const bad = await q.enqueue('t.permanent', { n: 'x' });
    await q.runDue();
    await q.runDue();
    expect(await jobRow(db, always.id)).toMatchObject({ status: 'FAILED', attempts: 2, lastError: '坏了' });
    expect(await jobRow(db, permanent.id)).toMatchObject({ status: 'FAILED', attempts: 1, lastError: '签名错误' });
    expect((await jobRow(db, bad.id)).lastError).toContain('任务参数无效');
  });

  it('a schedule enqueues one job per interval, shared by every worker', async () => {
    const a = new JobQueue(db);
    const b = new JobQueue(db);
    let runs = 0;
    for (const q of [a, b]) q.register('t.tick', z.object({}), async () => void runs++);
    await a.schedule('tick', 't.tick', 60_000, { firstInMs: 0 });
    await b.schedule('tick', 't.tick', 60_000, { firstInMs: 0 });
    await a.runDue();
    await b.runDue();
    await a.runDue();
    expect(runs).toBe(1);
  });

  it('two workers on one database never run the same job, and never one job twice at a time', async () => {
    const workers = [new JobQueue(db, { pollMs: 5, concurrency: 3 }), new JobQueue(db, { pollMs: 5, concurrency: 3 })];
    const runs = new Map<number, number>();
    let active = 0;
    let maxActive = 0;
    for (const w of workers) {
      w.register('t.slow', Payload, async (p) => {
        active++;
        maxActive = Math.max(maxActive, active);
        runs.set(p.n, (runs.get(p.n) ?? 0) + 1);
        // Long enough that another claim lands meanwhile even on a loaded machine.
        await sleep(150);
        active--;
      });
    }
    // Ten jobs of one singleton key are one job; ten of distinct keys are ten.
    for (let i = 0; i < 10; i++) await workers[0]!.enqueue('t.slow', { n: 100 }, { singletonKey: 'same' });
    for (let i = 0; i < 10; i++) await workers[0]!.enqueue('t.slow', { n: i });
    for (const w of workers) w.start();
    // Until all eleven ran and none is still running (stop() would hand a running one back).
    for (let i = 0; i < 1500 && ([...runs.values()].reduce((s, n) => s + n, 0) < 11 || active > 0); i++) await sleep(20);
    await Promise.all(workers.map((w) => w.stop()));
    expect([...runs.entries()].sort((x, y) => x[0] - y[0])).toEqual([...Array.from({ length: 10 }, (_, i) => [i, 1]), [100, 1]]);
    expect(maxActive).toBeGreaterThan(1);
    const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(sql`kind = 't.slow' and status <> 'DONE'`);
    expect(left?.n).toBe(0);
  });

  it('stopping hands a running job back to the queue without counting the attempt', async () => {
    const q = new JobQueue(db, { pollMs: 5 });
    let started = false;
    q.register('t.long', Payload, async (_p, ctx) => {
      started = true;
      await untilAborted(ctx.signal);
    });
    const { id } = await q.enqueue('t.long', { n: 1 });
    q.start();
    for (let i = 0; i < 100 && !started; i++) await sleep(10);
    await q.stop();
    expect(await jobRow(db, id)).toMatchObject({ status: 'QUEUED', attempts: 0, lockedBy: null });
    await db.update(jobs).set({ status: 'DONE' }).where(eq(jobs.id, id));
  });

  it('a job claimed while the queue stops goes back untouched, and stopping does not wait on it', async () => {
    // The database as the queue sees it, stopping the queue the moment its claim is sent (the claim then answers a stopped queue).
    const dialect = new PgDialect();
    let stopping: Promise<void> | undefined;
    const watched = new Proxy(db, {
      get(target, key) {
        if (key !== 'execute') return Reflect.get(target, key);
        return (query: SQL) => {
          if (!stopping && dialect.sqlToQuery(query).sql.includes("update jobs set status = 'RUNNING'")) stopping = q.stop();
          return target.execute(query);
        };
      },
    });
    const q = new JobQueue(watched, { pollMs: 5 });
    let ran = false;
    q.register('t.late', Payload, async (_p, ctx) => {
      ran = true;
      await untilAborted(ctx.signal);
    });
    const { id } = await q.enqueue('t.late', { n: 1 });
    q.start();
    for (let i = 0; i < 500 && !stopping; i++) await sleep(10);
    await stopping;
    expect(ran).toBe(false);
    expect(await jobRow(db, id)).toMatchObject({ status: 'QUEUED', attempts: 0, lockedBy: null });
    await db.update(jobs).set({ status: 'DONE' }).where(eq(jobs.id, id));
  }, 10_000);
});

describe('job queue across a restart', () => {
  it('a queued job, and one whose worker died mid-run, both run after the database is opened again', async () => {
    const store = await reopenableDatabase();
    try {
      let database = await store.open();
      const first = new JobQueue(database.db);
      first.register('t.persist', Payload, async () => {});
      const queued = await first.enqueue('t.persist', { n: 1 });
      const crashed = await first.enqueue('t.persist', { n: 2 });
      // A worker claims the second with a short lease and "dies" (never completes).
      const claimed = await claimJob(database.db, ['t.persist'], 'dead-worker', 1);
      expect(claimed?.id).toBe(queued.id);
      await database.close();

      database = await store.open();
      const second = new JobQueue(database.db);
      const ran: number[] = [];
      second.register('t.persist', Payload, async (p) => {
        ran.push(p.n);
      });
      await sleep(5);
      expect(await second.runDue()).toBe(2);
      expect(ran.sort()).toEqual([1, 2]);
      const revived = await jobRow(database.db, queued.id);
      expect(revived).toMatchObject({ status: 'DONE', attempts: 2 });
      expect((await jobRow(database.db, crashed.id)).status).toBe('DONE');
      await database.close();
    } finally {
      await store.drop();
    }
  });
});
