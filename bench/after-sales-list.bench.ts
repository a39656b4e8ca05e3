/**
 * The after-sale list call (售后订单, POST /api/b2/aftersale/orders/page, i.e. pageAfterSales: every
 * tab's count — the kept counters without filters, capped counts on after_sales alone under filters,
 * decision 0041 — then one page of 20 joined to its order and line) for one seller, measured twice in
 * one run: at a tenth of the rows and at all of them (100,000 then 1,000,000 on PostgreSQL; 20,000 then
 * 200,000 on PGlite), the p50 growth of each shape printed (goal ≤ 1.5× for 10× the data). Six shapes:
 * first page, a status tab, a phone tail, an order number, a date range, a deep page. Each beside the
 * very same SQL (recorded from the service as it sends it, rendered by drizzle's dialect) run through
 * the bare driver in the same run, same concurrency, same order. Then EXPLAIN ANALYZE of each shape's
 * statements at both sizes.
 *
 *   npx tsx bench/after-sales-list.bench.ts                                   # PGlite in memory, 20,000 → 200,000
 *   DATABASE_URL=postgres://… npx tsx bench/after-sales-list.bench.ts         # a THROWAWAY PostgreSQL database, 100,000 → 1,000,000
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/after-sales-list.bench.ts    # a database created on that server, dropped after
 *
 * AFTER_SALES_BENCH_ROWS overrides the full count, AFTER_SALES_BENCH_CALLS the calls per run (by default each shape gets
 * what fills about 3 s per side and run: a few for a page that takes seconds, up to 200 for a cheap one);
 * AFTER_SALES_BENCH_PLANS=1 prints the whole plans. Both sizes span the same 180 days: the first tenth is
 * every tenth position of the final timeline, the rest fills in between (the organisation grows denser).
 */

import { AfterSalePageBody, beijingDay } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { z } from 'zod';
import type { Db } from '../apps/server/src/db/client.ts';
import { pageAfterSales } from '../apps/server/src/modules/after-sale/list.service.ts';
import { createOrganisation } from '../apps/server/src/modules/auth/accounts.ts';
import type { Caller } from '../apps/server/src/plugins/auth.ts';
import { compareAlternating, openBenchDb, useBenchReceiverKeys } from './support.ts';

useBenchReceiverKeys();

// TEST_DATABASE_URL names the test suite's server, not a throwaway database: the bench makes its own there.
const tag = Date.now().toString(36);
const testServer = !process.env.DATABASE_URL && process.env.TEST_DATABASE_URL ? process.env.TEST_DATABASE_URL : undefined;
const benchDbName = `bench_after_sales_${tag}`;
async function onServer(text: string) {
  const admin = new pg.Client({ connectionString: testServer });
  await admin.connect();
  await admin.query(text);
  await admin.end();
}
let url = process.env.DATABASE_URL || undefined;
if (testServer) {
  await onServer(`create database ${benchDbName}`);
  const u = new URL(testServer);
  u.pathname = `/${benchDbName}`;
  url = u.toString();
}

const ROWS = Number(process.env.AFTER_SALES_BENCH_ROWS ?? (url ? 1_000_000 : 200_000));
const FIXED_CALLS = process.env.AFTER_SALES_BENCH_CALLS ? Number(process.env.AFTER_SALES_BENCH_CALLS) : undefined;
// PGlite has one connection: more callers only queue.
const CONCURRENCY = url ? 8 : 1;
const RUNS = 3;
const DAYS = 180;

const { db, kind, bare, close } = await openBenchDb(url, CONCURRENCY, '256MB');
const orgId = await createOrganisation(db, { type: 'seller', name: `bench-after-sales-${tag}` });
const caller: Caller = { orgId, userId: 0, orgType: 'seller', isMain: true, sessionId: 0 };

const SMALL = Math.round(ROWS / 10);
const step = (DAYS * 86_400) / ROWS; // seconds between two positions of the final timeline, DAYS days up to now
/** Position on the final timeline of the g-th row: the first tenth every tenth position, the rest in between. */
const positionSql = sql`case when g <= ${SMALL}::int then g * 10 else ((g - ${SMALL}::int - 1) / 9) * 10 + ((g - ${SMALL}::int - 1) % 9) + 1 end`;

/** Rows from + 1 to `to`: one delivered order, its line and one after-sale each. */
async function seedRows(from: number, to: number) {
  console.log(`seeding after-sales ${(from + 1).toLocaleString()} to ${to.toLocaleString()} with their orders and lines (${kind}) …`);
  const t0 = performance.now();
  const CHUNK = 100_000;
  for (let lo = from + 1; lo <= to; lo += CHUNK) {
    const hi = Math.min(to, lo + CHUNK - 1);
    // One delivered order per after-sale, its receiver masked as stored; 10,000 phone tails.
    await db.execute(sql`
      insert into dropship_orders (org_id, order_no, source, shop_name, channel, platform_order_id, receiver_name, receiver_phone,
        receiver_phone_tail, receiver_province, receiver_city, receiver_district, receiver_address, express_code, express_name, tracking_no,
        express_fee_fen, service_fee_fen, goods_fen, total_fen, item_count, status, combined_status, pay_method, paid_at, created_at)
      select ${orgId}::int, 'B' || ${tag}::text || lpad(g::text, 9, '0'), 'SHOP_ORDER', '基准店铺', 'TAOBAO', 'P' || ${tag}::text || g,
        '买*', '138****' || lpad((g % 10000)::text, 4, '0'), lpad((g % 10000)::text, 4, '0'), '浙江省', '杭州市', '西湖区', '文三路**号',
        'ZTO', '中通快递', 'ZT' || ${tag}::text || g, 450, 100, 4500, 5050, 1, 'DELIVERED', 'DELIVERED', 'BALANCE',
        now() - ((${ROWS}::int - ${positionSql}) * ${step}::float8 + 7200) * interval '1 second',
        now() - ((${ROWS}::int - ${positionSql}) * ${step}::float8 + 7200) * interval '1 second'
      from generate_series(${lo}::int, ${hi}::int) g`);
  }
  const newOrders = sql`select o.*, right(o.order_no, 9)::int as n from dropship_orders o where o.org_id = ${orgId} and right(o.order_no, 9)::int > ${from}::int`;
  await db.execute(sql`
    insert into dropship_order_items (org_id, order_id, line_no, title, snapshot, stall_name, market, stall_no, art_no, color, size, quantity,
      unit_cost_fen, take_status)
    select org_id, id, 1, '基准商品', '{}'::jsonb, '基准档口', '广州十三行', 'A1', 'K' || (id % 1000), '黑色', 'M', 1, 4500, 'TOOK'
    from (${newOrders}) o`);
  // An hour after its order; 20% 退款中, 20% 退货中, 40% 已完成, 10% 已关闭, 5% 已拒绝, 5% 问题件; half synced from the platform.
  // Written as the migration's backfill would find them; the kept counters are brought in step below, as the backfill does.
  await db.execute(sql`
    insert into after_sales (org_id, after_sale_no, order_id, item_id, source, type, status, return_status, quantity, refund_fen,
      platform_refund_id, platform_refund_fen, reason, return_courier_name, return_waybill_no, created_at, updated_at, finished_at)
    select o.org_id, 'AS' || ${tag}::text || lpad(n::text, 9, '0'), o.id, i.id,
      case when n % 2 = 0 then 'PLATFORM' else 'SELLER' end,
      case when n % 20 between 4 and 7 then 'RETURN_GOODS_DELIVERY' else (array['REFUND_DELIVERY', 'REFUND_UNDELIVERY', 'RETURN_GOODS_DELIVERY'])[(n % 3)::int + 1] end,
      s.status, case when s.status = 'GOODS_RETURNING' then 'WAIT_SIGNED' end, 1, 4500,
      case when n % 2 = 0 then 'R' || ${tag}::text || n end, case when n % 2 = 0 then 5050 else 0 end, '不想要了',
      case when n % 20 between 4 and 7 then '圆通速递' else '' end, case when n % 20 between 4 and 7 then 'YT' || ${tag}::text || n else '' end,
      o.created_at + interval '1 hour', o.created_at + interval '1 hour',
      case when s.status in ('COMPLETE', 'CLOSE', 'REFUSE') then o.created_at + interval '1 hour' end
    from (${newOrders}) o
    join dropship_order_items i on i.order_id = o.id
    cross join lateral (select case when o.n % 20 < 4 then 'REFUNDING' when o.n % 20 < 8 then 'GOODS_RETURNING' when o.n % 20 < 16 then 'COMPLETE'
      when o.n % 20 < 18 then 'CLOSE' when o.n % 20 = 18 then 'REFUSE' else 'PROBLEM' end as status) s`);
  await db.execute(sql`delete from after_sale_status_counts where org_id = ${orgId}`);
  await db.execute(
    sql`insert into after_sale_status_counts (org_id, status, n) select org_id, status, count(*) from after_sales where org_id = ${orgId} group by org_id, status`,
  );
  // Vacuumed and analyzed as db.maintain (PGlite) or autovacuum (PostgreSQL) leave a settled database.
  for (const table of ['dropship_orders', 'dropship_order_items', 'after_sales']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

type Body = z.output<typeof AfterSalePageBody>;
const dayAgo = (d: number) => beijingDay(Date.now() - d * 86_400_000);
let seeded = 0;
const rowNo = (i: number) => 1 + ((i * 7919) % seeded); // spread over the whole range
const shapes: { name: string; body: (i: number) => Body }[] = [
  { name: '全部, page 1', body: () => AfterSalePageBody.parse({ pageNo: 1, pageSize: 20 }) },
  { name: '退款中 tab, pages 1–10', body: (i) => AfterSalePageBody.parse({ pageNo: 1 + (i % 10), pageSize: 20, status: 'REFUNDING' }) },
  { name: 'phone tail', body: (i) => AfterSalePageBody.parse({ pageNo: 1, pageSize: 20, phoneTail: String(1000 + ((i * 37) % 9000)) }) },
  {
    name: 'order number',
    body: (i) => AfterSalePageBody.parse({ pageNo: 1, pageSize: 20, orderNo: `B${tag}${String(rowNo(i)).padStart(9, '0')}` }),
  },
  {
    name: 'date range (7 days)',
    body: (i) => AfterSalePageBody.parse({ pageNo: 1, pageSize: 20, createdFrom: dayAgo(37 + (i % 5)), createdTo: dayAgo(31 + (i % 5)) }),
  },
  { name: '全部, pages 500–999', body: (i) => AfterSalePageBody.parse({ pageNo: 500 + ((i * 97) % 500), pageSize: 20 }) },
];

const dialect = new PgDialect();

/** The statements the service sends for one body (which depend on what they answer), recorded as the driver gets them. */
async function recorded(body: Body) {
  const sent: { sql: string; params: unknown[] }[] = [];
  const recorder = {
    execute: async (q: SQL) => {
      sent.push(dialect.sqlToQuery(q));
      return db.execute(q);
    },
  } as unknown as Db;
  await pageAfterSales(recorder, caller, body);
  return sent;
}

const bareCall = async (body: Body) => {
  const statements = await recorded(body);
  return async () => {
    for (const s of statements) await bare(s.sql, s.params);
  };
};

/** The seed is what the service sees: every row counted, the first page full. */
async function checkSeed() {
  const check = await pageAfterSales(db, caller, AfterSalePageBody.parse({ pageNo: 1, pageSize: 20 }));
  if (check.total !== seeded || check.list.length !== 20) throw new Error(`seed not visible: ${check.total}`);
}

async function measureShapes(label: string) {
  const out = new Map<string, number>();
  console.log(
    `after-sale list (${label}): ${seeded.toLocaleString()} after-sales of one seller, ${FIXED_CALLS ?? 'about 3 s of'} calls per run, ${CONCURRENCY} concurrent, ${RUNS} runs, ${kind} (node ${process.version})`,
  );
  for (const shape of shapes) {
    // Bodies parsed and the bare side's statements recorded outside the timing (a hand-written client holds prepared text).
    const bodies = Array.from({ length: 100 }, (_, k) => shape.body(k));
    const bareCalls = await Promise.all(bodies.map(bareCall));
    const bareOf = (i: number) => (bareCalls[i % 100] as () => Promise<void>)();
    const oursOf = (i: number) => pageAfterSales(db, caller, bodies[i % 100] as Body);
    // One timed call sizes the runs: enough calls to be more than noise, few enough that a multi-second page ends.
    const s0 = performance.now();
    await oursOf(0);
    const calls = FIXED_CALLS ?? Math.max(3, Math.min(200, Math.round((3000 * CONCURRENCY) / (performance.now() - s0))));
    const { ours: o, bare: b } = await compareAlternating(
      { calls, warmup: Math.min(CONCURRENCY, calls), concurrency: CONCURRENCY, runs: RUNS },
      oursOf,
      bareOf,
    );
    out.set(shape.name, o.p50);
    console.log(`  ${shape.name} (${calls} calls per run):`);
    console.log(`    ours (pageAfterSales):  p50 ${o.p50.toFixed(1)} ms/page, p99 ${o.p99.toFixed(1)} ms, ${o.rate.toFixed(1)} pages/s`);
    console.log(`    bare driver, same SQL:  p50 ${b.p50.toFixed(1)} ms/page, p99 ${b.p99.toFixed(1)} ms, ${b.rate.toFixed(1)} pages/s`);
    console.log(`    ratio ours/bare: throughput ${(o.rate / b.rate).toFixed(2)} (goal ≥ 0.70), p50 ${(o.p50 / b.p50).toFixed(2)}×`);
  }
  return out;
}

/** Each shape's two statements under EXPLAIN ANALYZE: time, the index the plan starts from, whether it scans or sorts the seller's rows. */
async function explainShapes(label: string) {
  console.log(`  EXPLAIN ANALYZE (${label}):`);
  for (const shape of shapes) {
    const statements = await recorded(shape.body(3));
    for (const [part, s] of statements.map((st, k) => [k === statements.length - 1 ? 'page' : 'counts', st] as const)) {
      await bare(s.sql, s.params); // warm: PGlite grows its WebAssembly memory on a first sort, which is not the query's cost
      const plan = ((await bare(`explain analyze ${s.sql}`, s.params)).rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
      const time = plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
      const indexes = [...new Set(plan.map((l) => /(?:Index(?: Only)? Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/.exec(l)?.[1]).filter(Boolean))];
      const seq = [...new Set(plan.map((l) => /Seq Scan on (\w+)/.exec(l)?.[1]).filter(Boolean))];
      const sorted = plan.some((l) => /Sort Method/.test(l));
      const notes = [indexes.length ? `index ${indexes.join(', ')}` : '', seq.length ? `SEQ SCAN ${seq.join(', ')}` : '', sorted ? 'sort' : '']
        .filter(Boolean)
        .join(' + ');
      console.log(`    ${`${shape.name}, ${part}`.padEnd(34)} ${time.padStart(11)}  ${notes}`);
      if (process.env.AFTER_SALES_BENCH_PLANS) console.log(plan.map((l) => `        ${l}`).join('\n'));
    }
  }
  // For scale: what the kept counters spare the unfiltered list, counting the seller's after-sales by status.
  const alone = `select status as s, count(*) as n from after_sales where org_id = $1 group by status`;
  await bare(alone, [orgId]);
  const plan = ((await bare(`explain analyze ${alone}`, [orgId])).rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
  console.log(
    `    ${'(a full count, for scale)'.padEnd(34)} ${(plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?').padStart(11)}`,
  );
}

await seedRows(0, SMALL);
seeded = SMALL;
await checkSeed();
const small = await measureShapes(`${SMALL.toLocaleString()} after-sales`);
// The statements' own time at both sizes: on a loaded machine the p50s of 8 callers are mostly queueing.
await explainShapes(`${SMALL.toLocaleString()} after-sales`);
await seedRows(SMALL, ROWS);
seeded = ROWS;
await checkSeed();
const full = await measureShapes(`${ROWS.toLocaleString()} after-sales`);
await explainShapes(`${ROWS.toLocaleString()} after-sales`);
console.log(`\n  p50 per page, ${SMALL.toLocaleString()} → ${ROWS.toLocaleString()} after-sales (goal ≤ 1.5×):`);
for (const shape of shapes) {
  const [a, b] = [small.get(shape.name) as number, full.get(shape.name) as number];
  console.log(`    ${shape.name.padEnd(24)} ${a.toFixed(1).padStart(8)} ms → ${b.toFixed(1).padStart(8)} ms  (${(b / a).toFixed(2)}×)`);
}
await close();
if (testServer) await onServer(`drop database ${benchDbName}`);
