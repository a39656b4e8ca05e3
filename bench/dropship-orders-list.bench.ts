/**
 * The dropship order list call (/order/daifaOrderList, POST /api/b2/post/orders/page, i.e.
 * pageDropshipOrders) with one seller holding 1,000,000 orders on PostgreSQL or 200,000 on
 * PGlite: p50, p99 and throughput at 20 concurrent callers, each next to the very same SQL
 * statements (the repository's own SQL, rendered by drizzle's dialect) run through the bare
 * driver in the same run, with the same concurrency and the same order (the three reads together,
 * then the lines of the page's orders).
 *
 *   npx tsx bench/dropship-orders-list.bench.ts                                  # PGlite in memory, 200,000 orders
 *   DATABASE_URL=postgres://… npx tsx bench/dropship-orders-list.bench.ts        # a THROWAWAY PostgreSQL database, 1,000,000
 *
 * BENCH_ORDERS overrides the count, BENCH_CALLS the calls per run; BENCH_REUSE=1 reuses a seller
 * seeded by an earlier run on the same database (seeding a million orders takes a minute or two).
 */

import type { DropshipPageBody } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createOrganisation } from '../apps/server/src/modules/auth/accounts.ts';
import * as repo from '../apps/server/src/modules/dropship-orders/list/list.repository.ts';
import { pageDropshipOrders } from '../apps/server/src/modules/dropship-orders/list/list.service.ts';
import type { Caller } from '../apps/server/src/plugins/auth.ts';
import { seedDropshipOrders } from './dropship-seed.ts';
import { compareAlternating, openBenchDb, useBenchReceiverKeys } from './support.ts';

useBenchReceiverKeys();

const url = process.env.DATABASE_URL || undefined;
const ORDERS = Number(process.env.BENCH_ORDERS ?? (url ? 1_000_000 : 200_000));
const CALLS = Number(process.env.BENCH_CALLS ?? (url ? 4_000 : 600));
const CONCURRENCY = 20;
const RUNS = 3;

const { db, kind, bare, close } = await openBenchDb(url, CONCURRENCY);
const tag = Date.now().toString(36);
const reused = process.env.BENCH_REUSE
  ? await db.execute(sql`select c.org_id from dropship_order_counts c join organisations o on o.id = c.org_id
      where o.name like 'bench-list-%' group by c.org_id having sum(c.n) = ${ORDERS} limit 1`)
  : null;
const reusedOrg = (reused as unknown as { rows: { org_id: number }[] } | null)?.rows[0]?.org_id;
const orgId = reusedOrg ?? (await createOrganisation(db, { type: 'seller', name: `bench-list-${tag}` }));
const caller: Caller = { orgId, userId: 0, orgType: 'seller', isMain: true, sessionId: 0 };
if (reusedOrg) console.log(`reusing the ${ORDERS.toLocaleString()} orders of organisation ${orgId}`);
else await seedDropshipOrders(db, kind, orgId, tag, ORDERS);

const dialect = new PgDialect();
const toQuery = (q: SQL) => dialect.sqlToQuery(q);

/** The same statements the service issues for one body, as text and parameters for the bare driver. */
function bareCall(body: DropshipPageBody) {
  const { pageNo, pageSize, ...f } = body;
  const where = repo.filterWhere(orgId, f);
  const counts = toQuery(repo.tabCountsSql(orgId));
  const page = toQuery(repo.pageSql(where, pageSize, (pageNo - 1) * pageSize));
  const count = repo.narrowsBeyondTab(f) ? toQuery(repo.countSql(where)) : null;
  const items = toQuery(repo.itemsSql(orgId, [])).sql;
  return async () => {
    const [, rows] = await Promise.all([bare(counts.sql, counts.params), bare(page.sql, page.params), count ? bare(count.sql, count.params) : null]);
    const ids = (rows.rows as { id: string | number }[]).map((r) => Number(r.id));
    if (ids.length) await bare(items, [orgId, ids]);
  };
}

const shapes: { name: string; body: (i: number) => DropshipPageBody }[] = [
  { name: '全部, page 1 of 20', body: () => ({ pageNo: 1, pageSize: 20 }) },
  { name: '待拿货 tab, pages 1–50', body: (i) => ({ pageNo: 1 + (i % 50), pageSize: 20, status: 'WAITING_TAKING' }) },
  { name: 'phone tail filter (counted)', body: (i) => ({ pageNo: 1, pageSize: 20, phoneTail: String(1000 + (i % 9000)) }) },
];

// The bare side must read what ours reads: check the parameters of the lines statement once.
const sample = toQuery(repo.itemsSql(orgId, [7, 8]));
if (JSON.stringify(sample.params) !== JSON.stringify([orgId, [7, 8]])) throw new Error(`unexpected parameter order ${JSON.stringify(sample.params)}`);
const check = await pageDropshipOrders(db, caller, { pageNo: 1, pageSize: 20 });
if (check.list.length !== 20 || check.total !== ORDERS) throw new Error(`seed not visible: ${check.total}`);

console.log(
  `dropship order list: ${ORDERS.toLocaleString()} orders of one seller, ${CALLS} calls per run, ${CONCURRENCY} concurrent callers, ${RUNS} runs, ${kind} (node ${process.version})`,
);
for (const shape of shapes) {
  const bareCalls = new Map<number, () => Promise<void>>();
  const bareOf = (i: number) => {
    const key = i % 100;
    if (!bareCalls.has(key)) bareCalls.set(key, bareCall(shape.body(i)));
    return (bareCalls.get(key) as () => Promise<void>)();
  };
  const oursOf = (i: number) => pageDropshipOrders(db, caller, shape.body(i % 100));
  const { ours: o, bare: b } = await compareAlternating({ calls: CALLS, warmup: Math.min(200, CALLS), concurrency: CONCURRENCY, runs: RUNS }, oursOf, bareOf);
  console.log(`  ${shape.name}:`);
  console.log(`    ours (pageDropshipOrders): p50 ${o.p50.toFixed(2)} ms, p99 ${o.p99.toFixed(2)} ms, ${o.rate.toFixed(0)} calls/s`);
  console.log(`    bare driver, same SQL:     p50 ${b.p50.toFixed(2)} ms, p99 ${b.p99.toFixed(2)} ms, ${b.rate.toFixed(0)} calls/s`);
  console.log(
    `    ratio ours/bare: throughput ${(o.rate / b.rate).toFixed(2)} (goal ≥ 0.70), p50 ${(o.p50 / b.p50).toFixed(2)}×, p99 ${(o.p99 / b.p99).toFixed(2)}×`,
  );
}
await close();
