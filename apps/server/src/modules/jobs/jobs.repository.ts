/**
 * SQL of the job queue. Jobs are not tenant data (a job's payload names its tenant), so these
 * functions take no orgId. Every statement is one round trip and uses a partial index.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export interface JobRecord {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  singletonKey: string | null;
}

interface RawJob {
  id: string | number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  singleton_key: string | null;
}

const toJob = (r: RawJob): JobRecord => ({
  id: Number(r.id),
  kind: r.kind,
  payload: r.payload,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  singletonKey: r.singleton_key,
});

const ms = (n: number) => sql`(${Math.round(n)} * interval '1 millisecond')`;

export interface EnqueueRow {
  kind: string;
  payload: unknown;
  delayMs: number;
  maxAttempts: number;
  singletonKey: string | null;
}

/**
 * Inserts the job, or, when a QUEUED/RUNNING job with the same singleton key exists, brings a
 * waiting one forward to the earlier run time. Answers the id of the job that will do the work.
 */
export async function insertJob(db: Db, j: EnqueueRow): Promise<{ id: number; created: boolean }> {
  const inserted = await queryRows<{ id: string | number }>(
    db,
    sql`insert into jobs (kind, payload, run_at, max_attempts, singleton_key)
        values (${j.kind}, ${JSON.stringify(j.payload ?? {})}::jsonb, now() + ${ms(j.delayMs)}, ${j.maxAttempts}, ${j.singletonKey})
        on conflict (singleton_key) where status in ('QUEUED', 'RUNNING') do nothing
        returning id`,
  );
  if (inserted[0]) return { id: Number(inserted[0].id), created: true };
  const existing = await queryRows<{ id: string | number }>(
    db,
    sql`update jobs set run_at = least(run_at, now() + ${ms(j.delayMs)}), updated_at = now()
        where singleton_key = ${j.singletonKey} and status in ('QUEUED', 'RUNNING')
        returning id`,
  );
  return { id: Number(existing[0]?.id ?? 0), created: false };
}

/** Takes the oldest due job of the given kinds for `leaseMs`; null when none is due. */
export async function claimJob(db: Db, kinds: string[], worker: string, leaseMs: number): Promise<JobRecord | null> {
  if (kinds.length === 0) return null;
  const rows = await queryRows<RawJob>(
    db,
    sql`update jobs set status = 'RUNNING', attempts = attempts + 1, locked_until = now() + ${ms(leaseMs)}, locked_by = ${worker}, updated_at = now()
        where id = (
          select id from jobs
          where status = 'QUEUED' and run_at <= now() and kind = any(${`{${kinds.join(',')}}`}::text[])
          order by run_at, id
          for update skip locked
          limit 1)
        returning id, kind, payload, attempts, max_attempts, singleton_key`,
  );
  return rows[0] ? toJob(rows[0]) : null;
}

/** Keeps a running job's lease; false when the lease was lost (another process took the job over). */
export async function extendLease(db: Db, id: number, worker: string, leaseMs: number): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`update jobs set locked_until = now() + ${ms(leaseMs)} where id = ${id} and status = 'RUNNING' and locked_by = ${worker} returning id`,
  );
  return rows.length > 0;
}

export async function completeJob(db: Db, id: number, worker: string) {
  await db.execute(
    sql`update jobs set status = 'DONE', finished_at = now(), locked_until = null, updated_at = now(), last_error = null
        where id = ${id} and status = 'RUNNING' and locked_by = ${worker}`,
  );
}

/** A failed attempt: back to QUEUED after `retryInMs`, or FAILED when no attempt is left (retryInMs null). */
export async function failJob(db: Db, id: number, worker: string, error: string, retryInMs: number | null) {
  const msg = error.slice(0, 2000);
  if (retryInMs === null) {
    await db.execute(
      sql`update jobs set status = 'FAILED', finished_at = now(), locked_until = null, last_error = ${msg}, updated_at = now()
          where id = ${id} and status = 'RUNNING' and locked_by = ${worker}`,
    );
    return;
  }
  await db.execute(
    sql`update jobs set status = 'QUEUED', run_at = now() + ${ms(retryInMs)}, locked_until = null, locked_by = null, last_error = ${msg}, updated_at = now()
        where id = ${id} and status = 'RUNNING' and locked_by = ${worker}`,
  );
}

/** The process is stopping: the job goes back to the queue at once and the attempt does not count. */
export async function releaseJob(db: Db, id: number, worker: string) {
  await db.execute(
    sql`update jobs set status = 'QUEUED', run_at = now(), attempts = greatest(attempts - 1, 0), locked_until = null, locked_by = null, updated_at = now()
        where id = ${id} and status = 'RUNNING' and locked_by = ${worker}`,
  );
}

/**
 * Jobs whose lease ran out belonged to a process that died (kill -9, power loss): they go back to
 * the queue, or fail when that was their last attempt.
 */
export async function reclaimExpired(db: Db): Promise<number> {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`update jobs set
          status = case when attempts >= max_attempts then 'FAILED' else 'QUEUED' end,
          finished_at = case when attempts >= max_attempts then now() else null end,
          run_at = now(), locked_until = null, locked_by = null, updated_at = now(),
          last_error = '处理进程中断（租约超时），已重新排队'
        where status = 'RUNNING' and locked_until < now()
        returning id`,
  );
  return rows.length;
}

export async function upsertSchedule(db: Db, s: { name: string; kind: string; payload: unknown; everyMs: number; firstInMs: number }) {
  await db.execute(
    sql`insert into job_schedules (name, kind, payload, every_ms, next_run_at)
        values (${s.name}, ${s.kind}, ${JSON.stringify(s.payload ?? {})}::jsonb, ${s.everyMs}, now() + ${ms(s.firstInMs)})
        on conflict (name) do update set kind = excluded.kind, payload = excluded.payload, every_ms = excluded.every_ms,
          next_run_at = least(job_schedules.next_run_at, now() + ${ms(s.everyMs)}), updated_at = now()`,
  );
}

/** Takes one due schedule and moves its next run on; the caller enqueues its job. */
export async function claimDueSchedule(db: Db): Promise<{ name: string; kind: string; payload: unknown } | null> {
  const rows = await queryRows<{ name: string; kind: string; payload: unknown }>(
    db,
    sql`update job_schedules set next_run_at = now() + every_ms * interval '1 millisecond', updated_at = now()
        where name = (select name from job_schedules where next_run_at <= now() order by next_run_at for update skip locked limit 1)
        returning name, kind, payload`,
  );
  return rows[0] ?? null;
}

/** Finished jobs are history: DONE ones are kept a week, FAILED ones a month (to read last_error). */
export async function purgeFinished(db: Db) {
  await db.execute(
    sql`delete from jobs where (status = 'DONE' and finished_at < now() - interval '7 days') or (status = 'FAILED' and finished_at < now() - interval '30 days')`,
  );
}
