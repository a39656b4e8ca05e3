import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Background work kept in the database (ARCHITECTURE "Background work"): a job survives a restart,
 * and several server processes share the queue (a claim locks the row, SKIP LOCKED passes it by).
 * QUEUED → RUNNING → DONE, or back to QUEUED with a later runAt on a retryable failure, or FAILED
 * after maxAttempts. A RUNNING job whose lease (lockedUntil) ran out belonged to a process that died.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status').notNull().default('QUEUED'),
    runAt: timestamp('run_at', { withTimezone: true }).defaultNow().notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** At most one QUEUED or RUNNING job per key (e.g. one sync per shop at a time). */
    singletonKey: text('singleton_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt, t.id).where(sql`status = 'QUEUED'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`status = 'RUNNING'`),
    uniqueIndex('jobs_singleton_key').on(t.singletonKey).where(sql`status in ('QUEUED', 'RUNNING')`),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`status in ('DONE', 'FAILED')`),
  ],
);

/** Recurring work: every `everyMs` one job of `kind` is enqueued by whichever process claims the row first. */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull().default({}),
  everyMs: bigint('every_ms', { mode: 'number' }).notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});
