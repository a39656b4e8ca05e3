/**
 * The statistics view over the daily rollups against the same answer by a bare GROUP BY over the
 * raw take items, one purchaser:
 * 1. BENCH_ITEMS take items (default 20,000, a minute's run; the recorded figures use 200,000 on
 *    PGlite, 1,000,000 on PostgreSQL) created over 90 days, the rollups rebuilt from them (timed);
 * 2. the 90-day view (by day, by picker: the coarse grain; by month per stall: the stall grain's
 *    whole months and edge days; by day per stall: the stall grain's days alone), p50 / p99 at 10
 *    concurrent callers, beside the bare GROUP BY through the bare driver in the same run;
 * 3. the raw history grows BENCH_GROWTH× (default 10) with items older than the range: the same
 *    measurements again, and how much the view's p50 grew (cost should follow the range).
 *
 *   npx tsx bench/statistics.bench.ts                               # PGlite in memory
 *   DATABASE_URL=postgres://… npx tsx bench/statistics.bench.ts     # a THROWAWAY PostgreSQL database
 *
 * BENCH_CALLS (10) calls per side and run, BENCH_RUNS (1) runs alternating which side goes first.
 */
import { beijingDay } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { wireModuleHooks } from '../apps/server/src/hooks.ts';
import { createOrganisation } from '../apps/server/src/modules/auth/accounts.ts';
import { rebuildTakeRows } from '../apps/server/src/modules/statistics/rollup.repository.ts';
import { type Period, rawViewRows, type Split, viewRows } from '../apps/server/src/modules/statistics/view.repository.ts';
import { compareAlternating, openBenchDb, useBenchReceiverKeys } from './support.ts';

useBenchReceiverKeys();
wireModuleHooks();

const url = process.env.DATABASE_URL || undefined;
const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const GROWTH = Number(process.env.BENCH_GROWTH ?? 10);
const CALLS = Number(process.env.BENCH_CALLS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const CONCURRENCY = 10;
const RANGE_DAYS = 90;

const { db, kind, bare, close } = await openBenchDb(url, CONCURRENCY, '256MB');
const tag = Date.now().toString(36);
const org = await createOrganisation(db, { type: 'purchaser', name: `bench-stats-${tag}` });
const sellers = [
  await createOrganisation(db, { type: 'seller', name: `bench-stats-s1-${tag}` }),
  await createOrganisation(db, { type: 'seller', name: `bench-stats-s2-${tag}` }),
];
const dialect = new PgDialect();
const rendered = (q: SQL) => dialect.sqlToQuery(q);

/**
 * `n` items numbered from `first`, created between `daysAgoFrom` and `daysAgoTo` days ago, spread
 * evenly: 20 market areas, each walked by one of 12 pickers (one item in ten unassigned), 400 stalls, 4,000 goods; 70% taken,
 * 5% part, 8% out of stock, 5% next day, 4% closed, the rest waiting.
 */
async function seed(first: number, n: number, daysAgoFrom: number, daysAgoTo: number) {
  const CHUNK = 50_000;
  const spanSec = (daysAgoFrom - daysAgoTo) * 86_400;
  for (let from = first; from < first + n; from += CHUNK) {
    const to = Math.min(first + n - 1, from + CHUNK - 1);
    await db.execute(sql`
      insert into take_items (purchaser_org_id, seller_org_id, order_id, order_item_id, order_no, take_code, assignment_status, taking_status,
        assigned_user_id, assigned_at, took_at, took_quantity, took_price_fen, stall_name, market, stall_no, market_area, art_no, quantity, unit_cost_fen, created_at)
      select ${org}::int, case when g % 7 = 0 then ${sellers[1]}::int else ${sellers[0]}::int end, 800000000 + g, 800000000 + g, 'B' || g,
        lpad((${Date.now() % 1_000_000}::bigint * 1000000 + g)::text, 12, '0'),
        case when g % 100 < 75 then 'TOOK' when g % 100 < 88 then 'TAKING' when g % 100 < 92 then 'CLOSE' else 'WAITING_ASSIGNED' end,
        case when g % 100 < 70 then 'TOOK' when g % 100 < 75 then 'TOOK_PART' when g % 100 < 83 then 'E_LACK_TAKING'
             when g % 100 < 88 then 'E_NEXT_TAKING' when g % 100 < 92 then 'WAITING_TAKING' else 'WAITING_TAKING' end,
        case when g % 10 = 0 then null else 1000000 + g % 20 % 12 end,
        c.at + interval '1 hour', case when g % 100 < 75 then c.at + interval '3 hours' end,
        case when g % 100 < 70 then 2 when g % 100 < 75 then 1 else 0 end, case when g % 100 < 75 then 4600 end,
        '档口' || (g % 400), '市场' || (g % 400 / 20), 'S' || (g % 400), '区域' || (g % 20), 'K' || (g % 4000), 2, 4500, c.at
      from generate_series(${from}::int, ${to}::int) g,
        lateral (select now() - ${daysAgoFrom}::int * interval '1 day' + ((g - ${first}::int) * ${spanSec}::bigint / ${n}::int) * interval '1 second' as at) c`);
  }
  await db.execute(sql`analyze take_items`);
}

const endDay = beijingDay();
const startDay = beijingDay(Date.now() - (RANGE_DAYS - 1) * 86_400_000);
const shapes: { name: string; period: Period; split: Split }[] = [
  { name: '90 天 按日 不分组', period: 'DAY', split: 'NONE' },
  { name: '90 天 按周 按拿货员', period: 'WEEK', split: 'PICKER' },
  { name: '90 天 按月 按档口', period: 'MONTH', split: 'STALL' },
  { name: '90 天 按日 按档口', period: 'DAY', split: 'STALL' },
];

async function measureAll(label: string) {
  const out: Record<string, number> = {};
  for (const s of shapes) {
    const scope = { purchaserOrgId: org };
    const q = rendered(
      (() => {
        // The bare side: the GROUP BY over take_items, rendered once, sent through the bare driver.
        let captured: SQL | undefined;
        const fake = {
          execute: (x: SQL) => {
            captured = x;
            return Promise.resolve({ rows: [] });
          },
        };
        void rawViewRows(fake as never, scope, startDay, endDay, s.period, s.split);
        return captured as SQL;
      })(),
    );
    const r = await compareAlternating(
      { calls: CALLS, warmup: 2, concurrency: CONCURRENCY, runs: RUNS },
      () => viewRows(db, scope, startDay, endDay, s.period, s.split),
      () => bare(q.sql, q.params),
    );
    const ratio = r.bare.p50 / r.ours.p50;
    out[s.name] = r.ours.p50;
    console.log(
      `${label} ${s.name}: 汇总 p50 ${r.ours.p50.toFixed(1)} ms p99 ${r.ours.p99.toFixed(1)} ms | 原始表 GROUP BY p50 ${r.bare.p50.toFixed(1)} ms p99 ${r.bare.p99.toFixed(1)} ms | ${ratio.toFixed(1)}× faster`,
    );
  }
  return out;
}

console.log(`${kind}: seeding ${ITEMS.toLocaleString()} take items over ${RANGE_DAYS} days …`);
let t0 = performance.now();
await seed(1, ITEMS, RANGE_DAYS - 1, 0);
console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
t0 = performance.now();
await db.transaction((t) => rebuildTakeRows(t as never, org, beijingDay(Date.now() - 400 * 86_400_000 * GROWTH), endDay));
// What autovacuum would do a minute later: the rollup tables' statistics, so the plans are the steady state's.
const analyseRollups = () => db.execute(sql`analyze stat_take_daily, stat_take_daily_stall, stat_take_monthly_stall, stat_take_daily_area`);
await analyseRollups();
console.log(`rollups rebuilt from raw in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const before = await measureAll(`[${ITEMS.toLocaleString()}]`);

const extra = ITEMS * (GROWTH - 1);
console.log(`history grows ${GROWTH}×: ${extra.toLocaleString()} older items …`);
t0 = performance.now();
await seed(ITEMS + 1, extra, RANGE_DAYS * (GROWTH + 1), RANGE_DAYS + 1);
await db.transaction((t) => rebuildTakeRows(t as never, org, beijingDay(Date.now() - RANGE_DAYS * (GROWTH + 2) * 86_400_000), startDay));
await analyseRollups();
console.log(`grown in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const after = await measureAll(`[${(ITEMS * GROWTH).toLocaleString()}]`);
for (const s of shapes)
  console.log(`${s.name}: 汇总 p50 growth with ${GROWTH}× history: ${((after[s.name] as number) / (before[s.name] as number)).toFixed(2)}×`);
await close();
