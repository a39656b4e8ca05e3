/**
 * The database-backed job queue (docs/ARCHITECTURE.md "Job queue"). Any module registers a kind
 * with a handler; `enqueue` stores a job; the poller (started by main.ts, stopped when the app
 * closes) claims due jobs one by one, keeps their lease while they run, retries failures with
 * exponential backoff and turns recurring schedules into jobs. Works the same on PGlite and
 * PostgreSQL, and across several server processes sharing one PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ZodType } from 'zod';
import type { Db } from '../../db/client.js';
import * as repo from './jobs.repository.js';

export interface JobContext {
  jobId: number;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the process stops or the lease was lost: stop at the next safe point and throw. */
  signal: AbortSignal;
}

/**
 * Stores a job in the caller's transaction without the app's queue: a hook handler runs inside another
 * module's operation, which has no JobQueue (cancelling an order). The poller of any process takes it at
 * its next look (JOBS_POLL_MS); with a singleton key, a job of that key still waiting is reused.
 */
export async function enqueueJob(db: Db, kind: string, payload: unknown, o: EnqueueOptions = {}) {
  return repo.insertJob(db, { kind, payload, delayMs: o.delayMs ?? 0, maxAttempts: o.maxAttempts ?? 5, singletonKey: o.singletonKey ?? null });
}

/** Throw this for a failure that retrying cannot fix: the job fails at once. */
export class PermanentJobError extends Error {}

export interface JobKindOptions {
  /** Attempts before the job is FAILED (default 5). */
  maxAttempts?: number;
  /** Wait before attempt n+1 (default 30 s × 2^(n−1), at most 1 hour). */
  backoffMs?: (attempt: number) => number;
}

interface Kind {
  parse(payload: unknown): unknown;
  handler(payload: unknown, ctx: JobContext): Promise<void>;
  opts: Required<JobKindOptions>;
}

export interface JobQueueOptions {
  /** How often an idle poller looks for due jobs (default 1 s). */
  pollMs?: number;
  /** Jobs run at once by this process (default 2). */
  concurrency?: number;
  /** A running job's lease; renewed every third of it while the handler runs (default 2 minutes). */
  leaseMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface EnqueueOptions {
  delayMs?: number;
  singletonKey?: string;
  maxAttempts?: number;
}

const KIND_NAME = /^[a-z][a-zA-Z0-9_.:-]{0,63}$/;
const defaultBackoff = (attempt: number) => Math.min(3_600_000, 30_000 * 2 ** (attempt - 1));
const errorText = (err: unknown) => (err instanceof Error ? err.message || err.name : String(err));

export class JobQueue {
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly kinds = new Map<string, Kind>();
  private readonly running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private stopping = false;
  private ticking: Promise<void> | null = null;
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: JobQueueOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1_000;
    this.concurrency = Math.max(1, opts.concurrency ?? 2);
    this.leaseMs = opts.leaseMs ?? 120_000;
  }

  /** Registers what a kind of job does; `payload` validates what the row holds before the handler sees it. */
  register<T>(kind: string, payload: ZodType<T>, handler: (payload: T, ctx: JobContext) => Promise<void>, opts: JobKindOptions = {}) {
    if (!KIND_NAME.test(kind)) throw new Error(`bad job kind ${kind}`);
    if (this.kinds.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.kinds.set(kind, {
      parse: (p) => payload.parse(p),
      handler: handler as Kind['handler'],
      opts: { maxAttempts: opts.maxAttempts ?? 5, backoffMs: opts.backoffMs ?? defaultBackoff },
    });
  }

  /** Stores a job; with a singleton key an existing waiting/running job of that key is reused. */
  async enqueue(kind: string, payload: unknown, o: EnqueueOptions = {}, db: Db = this.db) {
    const k = this.kinds.get(kind);
    const res = await repo.insertJob(db, {
      kind,
      payload,
      delayMs: o.delayMs ?? 0,
      maxAttempts: o.maxAttempts ?? k?.opts.maxAttempts ?? 5,
      singletonKey: o.singletonKey ?? null,
    });
    if (!o.delayMs) this.kick();
    return res;
  }

  /** A recurring job of `kind` every `everyMs`, first after `firstInMs` (default: one interval). Kept across restarts. */
  async schedule(name: string, kind: string, everyMs: number, o: { payload?: unknown; firstInMs?: number } = {}) {
    await repo.upsertSchedule(this.db, { name, kind, payload: o.payload ?? {}, everyMs, firstInMs: o.firstInMs ?? everyMs });
  }

  start() {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.kick();
  }

  /** Stops polling, asks running handlers to stop, waits for them; unfinished jobs go back to the queue. */
  async stop() {
    this.started = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const r of this.running.values()) r.abort.abort();
    await this.ticking;
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }

  /** Runs due work until none is left (tests, CLIs): schedules first, then jobs, one at a time. Answers jobs run. */
  async runDue(max = 1_000): Promise<number> {
    let n = 0;
    await repo.reclaimExpired(this.db);
    await this.enqueueDueSchedules();
    while (n < max) {
      const job = await repo.claimJob(this.db, [...this.kinds.keys()], this.worker, this.leaseMs);
      if (!job) break;
      n++;
      await this.execute(job, new AbortController());
    }
    return n;
  }

  private kick() {
    if (!this.started || this.ticking) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.ticking = this.tick()
      .catch((err) => this.opts.log?.error({ err }, '任务队列轮询失败'))
      .finally(() => {
        this.ticking = null;
        if (this.started && !this.timer) this.timer = setTimeout(() => this.kick(), this.pollMs);
      });
  }

  private async tick() {
    await repo.reclaimExpired(this.db);
    await this.enqueueDueSchedules();
    if (Date.now() - this.lastPurge > 3_600_000) {
      this.lastPurge = Date.now();
      await repo.purgeFinished(this.db);
    }
    while (this.started && this.running.size < this.concurrency) {
      const job = await repo.claimJob(this.db, [...this.kinds.keys()], this.worker, this.leaseMs);
      if (!job) return;
      // Claimed while stop() ran (it aborted the jobs running before): back to the queue untouched,
      // rather than a job nobody will ask to stop, which stop() would wait on to its end.
      if (!this.started) {
        await repo.releaseJob(this.db, job.id, this.worker);
        return;
      }
      const abort = new AbortController();
      const done = this.execute(job, abort).finally(() => {
        this.running.delete(job.id);
        // A slot is free: look for more work now rather than after the poll interval.
        this.kick();
      });
      this.running.set(job.id, { abort, done });
    }
  }

  private async enqueueDueSchedules() {
    for (let i = 0; i < 20; i++) {
      const s = await repo.claimDueSchedule(this.db);
      if (!s) return;
      // The schedule's key: a run still waiting or running is not doubled by the next tick.
      await repo.insertJob(this.db, { kind: s.kind, payload: s.payload, delayMs: 0, maxAttempts: 1, singletonKey: `schedule:${s.name}` });
    }
  }

  private async execute(job: repo.JobRecord, abort: AbortController) {
    const kind = this.kinds.get(job.kind);
    if (!kind) return;
    const heartbeat = setInterval(() => {
      repo
        .extendLease(this.db, job.id, this.worker, this.leaseMs)
        .then((kept) => {
          if (!kept) abort.abort();
        })
        .catch((err) => this.opts.log?.warn({ err, jobId: job.id }, '任务续租失败'));
    }, this.leaseMs / 3);
    let payload: unknown;
    try {
      payload = kind.parse(job.payload);
    } catch (err) {
      clearInterval(heartbeat);
      await repo.failJob(this.db, job.id, this.worker, `任务参数无效：${errorText(err)}`, null);
      return;
    }
    try {
      await kind.handler(payload, { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, signal: abort.signal });
      await repo.completeJob(this.db, job.id, this.worker);
    } catch (err) {
      if (abort.signal.aborted && this.stopping) {
        await repo.releaseJob(this.db, job.id, this.worker);
        return;
      }
      const last = err instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      this.opts.log?.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, last ? '任务失败' : '任务失败，稍后重试');
      await repo.failJob(this.db, job.id, this.worker, errorText(err), last ? null : kind.opts.backoffMs(job.attempts));
    } finally {
      clearInterval(heartbeat);
    }
  }
}
