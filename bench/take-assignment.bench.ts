/**
 * Pick-up task assignment for one purchaser, measured at a tenth of the items and at all of them
 * (100,000 then 1,000,000 by default; BENCH_ITEMS sets the full count):
 * 1. the list call (takePage: one page of 20 with seller and picker names, and the tab counts — the
 *    kept counters without filters, capped counts under filters, decision 0041) in four shapes: p50,
 *    p99 and the ratio to the very same SQL statements (recorded from the service as it sends them,
 *    rendered by drizzle's dialect) through the bare driver in the same run, same concurrency; then the
 *    p50 growth from the small to the full size (goal ≤ 1.5× for 10× the items);
 * 2. at the full size, assigning 10,000 waiting items to a picker in one call (assignItems: lock orders
 *    and items, status check, update, 10,000 take_logs, the sellers' order mirror, the tab counters)
 *    beside a bare UPDATE of the same rows' statuses and picker.
 *
 *   npx tsx bench/take-assignment.bench.ts                               # PGlite in memory
 *   DATABASE_URL=postgres://… npx tsx bench/take-assignment.bench.ts     # a THROWAWAY PostgreSQL database
 *
 * BENCH_ITEMS overrides the count, BENCH_CALLS the calls per run.
 */
import type { TakePageBody } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../apps/server/src/db/client.ts';
import { wireModuleHooks } from '../apps/server/src/hooks.ts';
import { createOrganisation, createUser } from '../apps/server/src/modules/auth/accounts.ts';
import * as repo from '../apps/server/src/modules/take-assignment/assign.repository.ts';
import { assignItems, takePage } from '../apps/server/src/modules/take-assignment/assign.service.ts';
import type { Caller } from '../apps/server/src/plugins/auth.ts';
import { compareAlternating, openBenchDb, useBenchReceiverKeys } from './support.ts';

useBenchReceiverKeys();

const url = process.env.DATABASE_URL || undefined;
const ITEMS = Number(process.env.BENCH_ITEMS ?? (url ? 1_000_000 : 200_000));
const SMALL = Math.round(ITEMS / 10);
const CALLS = Number(process.env.BENCH_CALLS ?? (url ? 200 : 8));
const CONCURRENCY = url ? 8 : 1;
const RUNS = 3;
const ASSIGN = 10_000;

// What buildApp does first: modules' hooks meet their handlers (the order mirror, auto-assignment's).
wireModuleHooks();
const { db, kind, bare, close } = await openBenchDb(url, CONCURRENCY, '256MB');
const tag = Date.now().toString(36);
const orgId = await createOrganisation(db, { type: 'purchaser', name: `bench-take-${tag}` });
const sellerOrg = await createOrganisation(db, { type: 'seller', name: `bench-take-seller-${tag}` });
const pickerId = await createUser(db, { orgId, username: `bench_picker_${tag}`, password: 'Bench@2026', isMain: false });
const caller: Caller = { orgId, userId: pickerId, orgType: 'purchaser', isMain: true, sessionId: 0 };

/** Items from + 1 to `to`; the kept counters set from the items as the migration's backfill does. */
async function seedItems(from: number, to: number) {
  console.log(`seeding take items ${(from + 1).toLocaleString()} to ${to.toLocaleString()} (${kind}) …`);
  const t0 = performance.now();
  const CHUNK = 100_000;
  // One order per 2 items (orders and lines are what the mirror touches); 20 areas × 50 stalls; 60% waiting,
  // 20% taking, 15% taken, 5% closed; 10 s apart, up to now at the full size.
  for (let lo = from + 1; lo <= to; lo += CHUNK) {
    const hi = Math.min(to, lo + CHUNK - 1);
    await db.execute(sql`
      insert into dropship_orders (id, org_id, order_no, source, receiver_name, receiver_phone, receiver_phone_tail, receiver_province,
        receiver_city, receiver_district, receiver_address, express_code, express_name, express_fee_fen, service_fee_fen, goods_fen, total_fen,
        item_count, status, combined_status)
      overriding system value
      select 900000000 + g, ${sellerOrg}::int, 'TB' || ${tag}::text || g, 'SHOP_ORDER', '买家', '13800000000', '0000', '浙江省', '杭州市', '西湖区', '路',
        'ZTO', '中通快递', 0, 0, 9000, 9000, 2, 'WAITING_DELIVERING', 'WAITING_TAKING'
      from generate_series(${Math.ceil(lo / 2)}::int, ${Math.ceil(hi / 2)}::int) g on conflict do nothing`);
    await db.execute(sql`
      insert into dropship_order_items (id, org_id, order_id, line_no, title, snapshot, quantity, unit_cost_fen, take_status)
      overriding system value
      select 900000000 + g, ${sellerOrg}::int, 900000000 + (g + 1) / 2, 2 - g % 2, '商品', '{}'::jsonb, 1, 4500, 'WAITING_TAKING'
      from generate_series(${lo}::int, ${hi}::int) g`);
    await db.execute(sql`
      insert into take_items (purchaser_org_id, seller_org_id, order_id, order_item_id, order_no, take_code, assignment_status, taking_status,
        assigned_user_id, stall_name, market, building, floor, stall_no, market_area, art_no, color, size, quantity, unit_cost_fen, print_count, created_at)
      select ${orgId}::int, ${sellerOrg}::int, 900000000 + (g + 1) / 2, 900000000 + g, 'TB' || ${tag}::text || ((g + 1) / 2),
        lpad((${Date.now() % 1_000_000}::bigint * 1000000 + g)::text, 12, '0'),
        case when g % 20 < 12 then 'WAITING_ASSIGNED' when g % 20 < 16 then 'TAKING' when g % 20 < 19 then 'TOOK' else 'CLOSE' end,
        case when g % 20 < 12 then 'WAITING_TAKING' when g % 20 < 16 then 'TAKING' when g % 20 < 19 then 'TOOK' else 'WAITING_TAKING' end,
        case when g % 20 between 12 and 18 then ${pickerId}::int end,
        '档口' || (g % 1000), '市场' || (g % 20), 'A座', (g % 5 + 1) || '楼', 'S' || (g % 1000), '区域' || (g % 20), 'K' || (g % 3000), '黑色', 'M', 1, 4500,
        case when g % 3 = 0 then 1 else 0 end, now() - ((${ITEMS}::int - g) * 10) * interval '1 second'
      from generate_series(${lo}::int, ${hi}::int) g`);
  }
  await db.execute(sql`delete from take_item_counts where purchaser_org_id = ${orgId}`);
  await db.execute(sql`insert into take_item_counts (purchaser_org_id, market_area, printed, assignment_status, n)
    select purchaser_org_id, market_area, print_count > 0, assignment_status, count(*) from take_items where purchaser_org_id = ${orgId} group by 1, 2, 3, 4`);
  await db.execute(sql`vacuum analyze take_items`);
  await db.execute(sql`vacuum analyze dropship_orders`);
  await db.execute(sql`vacuum analyze dropship_order_items`);
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const dialect = new PgDialect();
const q = (s: SQL) => dialect.sqlToQuery(s);
/** The statements takePage sends for one body (which depend on what they answer), recorded as the driver gets them; replayed at once. */
async function bareCall(body: TakePageBody) {
  const sent: { sql: string; params: unknown[] }[] = [];
  const recorder = {
    execute: async (s: SQL) => {
      sent.push(q(s));
      return db.execute(s);
    },
  } as unknown as Db;
  await takePage(recorder, caller, body);
  return () => Promise.all(sent.map((s) => bare(s.sql, s.params)));
}

const shapes: { name: string; body: (i: number) => TakePageBody }[] = [
  { name: '全部, page 1 of 20', body: () => ({ pageNo: 1, pageSize: 20 }) as TakePageBody },
  { name: '待分配 tab, pages 1–50', body: (i) => ({ pageNo: 1 + (i % 50), pageSize: 20, assignmentStatus: 'WAITING_ASSIGNED' }) as TakePageBody },
  { name: 'market area + not printed', body: (i) => ({ pageNo: 1, pageSize: 20, marketArea: `区域${i % 20}`, printed: 'NO' }) as TakePageBody },
  { name: 'picker filter', body: () => ({ pageNo: 1, pageSize: 20, pickerId }) as TakePageBody },
];

async function measureShapes(size: number) {
  const check = await takePage(db, caller, { pageNo: 1, pageSize: 20 } as TakePageBody);
  if (check.total !== size || check.list.length !== 20) throw new Error(`seed not visible: ${check.total}`);
  console.log(
    `takePage: ${size.toLocaleString()} take items of one purchaser, ${CALLS} calls per run, ${CONCURRENCY} concurrent, ${RUNS} runs, ${kind} (node ${process.version})`,
  );
  const out = new Map<string, number>();
  for (const shape of shapes) {
    const bareCalls = await Promise.all(Array.from({ length: 100 }, (_, k) => bareCall(shape.body(k))));
    const bareOf = (i: number) => (bareCalls[i % 100] as () => Promise<unknown>)();
    const oursOf = (i: number) => takePage(db, caller, shape.body(i % 100));
    const { ours: o, bare: b } = await compareAlternating({ calls: CALLS, warmup: Math.min(3, CALLS), concurrency: CONCURRENCY, runs: RUNS }, oursOf, bareOf);
    out.set(shape.name, o.p50);
    console.log(`  ${shape.name}:`);
    console.log(`    ours (takePage):       p50 ${o.p50.toFixed(2)} ms, p99 ${o.p99.toFixed(2)} ms, ${o.rate.toFixed(1)} calls/s`);
    console.log(`    bare driver, same SQL: p50 ${b.p50.toFixed(2)} ms, p99 ${b.p99.toFixed(2)} ms, ${b.rate.toFixed(1)} calls/s`);
    console.log(`    ratio ours/bare: throughput ${(o.rate / b.rate).toFixed(2)}, p50 ${(o.p50 / b.p50).toFixed(2)}×, p99 ${(o.p99 / b.p99).toFixed(2)}×`);
  }
  return out;
}

await seedItems(0, SMALL);
const small = await measureShapes(SMALL);
await seedItems(SMALL, ITEMS);
const full = await measureShapes(ITEMS);
console.log(`\n  p50 per call, ${SMALL.toLocaleString()} → ${ITEMS.toLocaleString()} take items (goal ≤ 1.5×):`);
for (const shape of shapes) {
  const [a, b] = [small.get(shape.name) as number, full.get(shape.name) as number];
  console.log(`    ${shape.name.padEnd(28)} ${a.toFixed(1).padStart(8)} ms → ${b.toFixed(1).padStart(8)} ms  (${(b / a).toFixed(2)}×)`);
}

// Assigning 10,000 waiting items in one call, twice (different items), beside a bare UPDATE of 10,000 others.
const waitingIds = async (n: number, skip: number) =>
  (
    await repo.idsWhere(db, sql`purchaser_org_id = ${orgId} and assignment_status = 'WAITING_ASSIGNED' and taking_status = 'WAITING_TAKING'` as SQL, n + skip)
  ).slice(skip);
const assignTimes: number[] = [];
const bareTimes: number[] = [];
for (let r = 0; r < 2; r++) {
  const ids = await waitingIds(ASSIGN, 0);
  let s = performance.now();
  const res = await assignItems(db, caller, ids, pickerId);
  assignTimes.push(performance.now() - s);
  if (res.count !== ASSIGN) throw new Error(`assigned ${res.count}`);
  const other = await waitingIds(ASSIGN, 0);
  const upd = q(
    sql`update take_items set assignment_status = 'TAKING', taking_status = 'TAKING', assigned_user_id = ${pickerId}::int, assigned_at = now()
        where id in (select x::bigint from jsonb_array_elements_text(${JSON.stringify(other)}::jsonb) as x)`,
  );
  s = performance.now();
  await bare(upd.sql, upd.params);
  bareTimes.push(performance.now() - s);
}
const best = (xs: number[]) => Math.min(...xs);
console.log(`assign ${ASSIGN.toLocaleString()} items in one call (assignItems: locks, checks, update, logs, order mirror):`);
console.log(
  `  ours ${assignTimes.map((t) => (t / 1000).toFixed(2)).join(' / ')} s; bare UPDATE ${bareTimes.map((t) => (t / 1000).toFixed(2)).join(' / ')} s; ratio (best) ${(best(assignTimes) / best(bareTimes)).toFixed(1)}×`,
);
await close();
