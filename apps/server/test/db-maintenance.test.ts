/**
 * The nightly VACUUM (ANALYZE) that stands in for autovacuum on PGlite: scheduled at 04:30 Beijing on
 * PGlite only, and running it gives the planner statistics it otherwise never has.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { DB_MAINTAIN_AT_MINUTE, DB_MAINTAIN_JOB, msUntilBeijingMinute } from '../src/modules/jobs/db-maintenance.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

describe('msUntilBeijingMinute', () => {
  const at = (iso: string) => Date.parse(iso);
  it('counts to the next 04:30 in Beijing, across UTC midnight and the Beijing day', () => {
    // 04:29 Beijing is 20:29 UTC the day before.
    expect(msUntilBeijingMinute(DB_MAINTAIN_AT_MINUTE, at('2026-11-22T20:29:00Z'))).toBe(60_000);
    // 04:31 Beijing: almost a day.
    expect(msUntilBeijingMinute(DB_MAINTAIN_AT_MINUTE, at('2026-11-22T20:31:00Z'))).toBe(86_400_000 - 60_000);
    // 12:00 Beijing (04:00 UTC): 16 h 30 min.
    expect(msUntilBeijingMinute(DB_MAINTAIN_AT_MINUTE, at('2026-11-23T04:00:00Z'))).toBe((16 * 60 + 30) * 60_000);
    // Exactly at the minute: the next day's, never 0.
    expect(msUntilBeijingMinute(DB_MAINTAIN_AT_MINUTE, at('2026-11-22T20:30:00Z'))).toBe(86_400_000);
  });
});

describe('the db.maintain job', () => {
  const schedule = () =>
    queryRows<{ every_ms: string | number; next_run_at: string | Date }>(
      db(),
      sql`select every_ms, next_run_at from job_schedules where name = ${DB_MAINTAIN_JOB}`,
    );

  it('is scheduled daily at 04:30 Beijing on PGlite, and not at all on a PostgreSQL server (which has autovacuum)', async () => {
    const rows = await schedule();
    if (t.database.kind === 'postgres') {
      expect(rows).toEqual([]);
      return;
    }
    expect(Number(rows[0]?.every_ms)).toBe(86_400_000);
    const next = new Date(rows[0]!.next_run_at);
    const beijing = new Date(next.getTime() + 8 * 3_600_000);
    expect([beijing.getUTCHours(), beijing.getUTCMinutes()]).toEqual([4, 30]);
  });

  it('running it gives the planner statistics: reltuples is no longer -1 (never analysed)', async () => {
    if (t.database.kind === 'postgres') return;
    const tuples = async () =>
      (await queryRows<{ reltuples: number }>(db(), sql`select reltuples from pg_class where relname = 'dropship_orders' and relkind = 'r'`))[0]?.reltuples;
    expect(Number(await tuples())).toBe(-1);
    await t.app.jobs.enqueue(DB_MAINTAIN_JOB, {});
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(Number(await tuples())).toBeGreaterThanOrEqual(0);
    const [left] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from jobs where kind = ${DB_MAINTAIN_JOB} and status <> 'DONE'`);
    expect(left?.n).toBe(0);
  });
});
