/**
 * The lists a seller opens every day — 代发订单 (`pageDropshipOrders`), 店铺订单 (`pageShopOrders`) and
 * 余额明细 (`pageEntries`) — for one organisation with BENCH_SMALL rows and one with ten times as many
 * (BENCH_LARGE) in the same database, same run: each shape's p50 / p99 at 8 concurrent callers for
 * both, and the growth of the p50 (goal ≤ 1.5× for 10× the data: no call may count or sort a whole
 * tenant). Beside each, the bare floor of a page through the bare driver in the same run: the
 * newest 20 of the organisation by the list's own order, no count, no filter.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/list-growth.bench.ts   # a THROWAWAY PostgreSQL database: 100,000 → 1,000,000
 *   npx tsx bench/list-growth.bench.ts                             # PGlite in memory: 20,000 → 200,000
 *
 * BENCH_SMALL / BENCH_LARGE set the sizes, BENCH_CALLS (400 on PostgreSQL, 100 on PGlite) the calls
 * per run, BENCH_RUNS (3) the runs alternating which size goes first.
 */
import type { DropshipPageBody, EntryQuery, ShopOrdersPageBody } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { createOrganisation } from '../apps/server/src/modules/auth/accounts.ts';
import { pageDropshipOrders } from '../apps/server/src/modules/dropship-orders/list/list.service.ts';
import { pageEntries } from '../apps/server/src/modules/funds/ledger/entries.service.ts';
import { pageShopOrders } from '../apps/server/src/modules/shop-orders/shop-orders-list.service.ts';
import { shops } from '../apps/server/src/modules/shops/shops.table.ts';
import type { Caller } from '../apps/server/src/plugins/auth.ts';
import { seedDropshipOrders } from './dropship-seed.ts';
import { compareAlternating, openBenchDb, useBenchReceiverKeys } from './support.ts';

useBenchReceiverKeys();

const url = process.env.DATABASE_URL || undefined;
const SMALL = Number(process.env.BENCH_SMALL ?? (url ? 100_000 : 20_000));
const LARGE = Number(process.env.BENCH_LARGE ?? SMALL * 10);
const CALLS = Number(process.env.BENCH_CALLS ?? (url ? 400 : 100));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONCURRENCY = 8;

const { db, kind, bare, close } = await openBenchDb(url, CONCURRENCY);
const tag = Date.now().toString(36);

/** `n` shop orders of one shop (a line each), paid over the last 180 days; a tenth waiting for payment, a tenth closed. */
async function seedShopOrders(orgId: number, n: number) {
  const [shop] = await db
    .insert(shops)
    .values({ orgId, channel: 'TAOBAO', name: `增长店${orgId}`, platformShopId: `growth-${tag}-${orgId}`, authState: 'AUTHORIZED' })
    .returning({ id: shops.id });
  const CHUNK = 100_000;
  for (let from = 1; from <= n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK - 1);
    await db.execute(sql`
      insert into shop_orders (org_id, shop_id, channel, source, platform_order_id, status, platform_status, buyer_nick, receiver_phone_tail,
        item_search, total_fen, post_fee_fen, payment_fen, platform_created_at, paid_at, platform_modified_at)
      select ${orgId}::int, ${shop?.id}::int, 'TAOBAO', 'SYNC', 'G' || ${orgId}::int || '-' || g,
        case g % 10 when 0 then 'WAIT_BUYER_PAY' when 1 then 'CLOSED' else 'WAIT_SELLER_SEND' end, 'X', '买家' || (g % 997),
        lpad((g % 10000)::text, 4, '0'), 'sku' || (g % 5000), 5000, 500, 5500,
        now() - ((${n}::int - g)::bigint * 15552 / ${n}::int) * interval '1000 seconds', now() - ((${n}::int - g)::bigint * 15552 / ${n}::int) * interval '1000 seconds', now()
      from generate_series(${from}::int, ${to}::int) g`);
  }
  await db.execute(sql`
    insert into shop_order_items (org_id, order_id, platform_item_id, item_id, sku_id, title, quantity, price_fen, payment_fen, refund_state)
    select org_id, id, 'I' || id, 'item' || (id % 5000), 'sku' || (id % 5000), '增长商品', 1, 5000, 5000, 'NONE' from shop_orders where org_id = ${orgId}`);
  return shop?.id as number;
}

/** `n` ledger entries over the last 180 days, every fifth a recharge. */
async function seedEntries(orgId: number, n: number) {
  await db.execute(sql`
    insert into ledger_entries (org_id, transaction_type, purpose, available_delta_fen, frozen_delta_fen, available_after_fen, frozen_after_fen,
      request_key, business_id, created_at)
    select ${orgId}::int, case when g % 5 = 0 then 'RECHARGE' else 'ORDER' end, case when g % 5 = 0 then 'RECHARGE' else 'ORDER_PAYMENT' end,
      case when g % 5 = 0 then 10000 else -2500 end, 0, 100000, 0, 'growth-' || ${orgId}::int || '-' || g, 'B' || g,
      now() - ((${n}::int - g)::bigint * 15552 / ${n}::int) * interval '1000 seconds'
    from generate_series(1, ${n}::int) g`);
}

interface Tenant {
  size: number;
  caller: Caller;
}

async function tenant(size: number): Promise<Tenant> {
  const orgId = await createOrganisation(db, { type: 'seller', name: `bench-growth-${size}-${tag}` });
  await seedDropshipOrders(db, kind, orgId, `${tag}${size}`, size);
  console.log(`seeding ${size.toLocaleString()} shop orders and ledger entries …`);
  const t0 = performance.now();
  await seedShopOrders(orgId, size);
  await seedEntries(orgId, size);
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { size, caller: { orgId, userId: 0, orgType: 'seller', isMain: true, sessionId: 0 } };
}

const small = await tenant(SMALL);
const large = await tenant(LARGE);
for (const table of ['shop_orders', 'shop_order_items', 'ledger_entries']) await db.execute(sql.raw(`vacuum analyze ${table}`));

const weekAgo = new Date(Date.now() - 7 * 86_400_000);
const day = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
type Shape = { list: string; name: string; call: (db: Db, caller: Caller, i: number) => Promise<unknown>; floor: string };
// The list's own order (decision 0041): a plain `id desc` lets the planner read the primary key backwards through the other tenant's rows.
const DROPSHIP_FLOOR = 'select * from dropship_orders where org_id = $1 order by id desc nulls last limit 20';
const SHOP_FLOOR = 'select * from shop_orders where org_id = $1 order by paid_at desc nulls last, id desc nulls last limit 20';
const ENTRY_FLOOR = 'select * from ledger_entries where org_id = $1 order by id desc limit 20';
const shapes: Shape[] = [
  { list: '代发订单', name: '全部 page 1', call: (d, c) => pageDropshipOrders(d, c, { pageNo: 1, pageSize: 20 } as DropshipPageBody), floor: DROPSHIP_FLOOR },
  {
    list: '代发订单',
    name: '待拿货 pages 1–50',
    call: (d, c, i) => pageDropshipOrders(d, c, { pageNo: 1 + (i % 50), pageSize: 20, status: 'WAITING_TAKING' } as DropshipPageBody),
    floor: DROPSHIP_FLOOR,
  },
  {
    list: '代发订单',
    name: 'phone tail (counted)',
    call: (d, c, i) => pageDropshipOrders(d, c, { pageNo: 1, pageSize: 20, phoneTail: String(1000 + (i % 9000)) } as DropshipPageBody),
    floor: DROPSHIP_FLOOR,
  },
  { list: '店铺订单', name: '全部 page 1', call: (d, c) => pageShopOrders(d, c, { pageNo: 1, pageSize: 20 } as ShopOrdersPageBody), floor: SHOP_FLOOR },
  {
    list: '店铺订单',
    name: '待发货, last 7 days',
    call: (d, c) =>
      pageShopOrders(d, c, { pageNo: 1, pageSize: 20, status: 'WAIT_SELLER_SEND', paidFrom: day(weekAgo), paidTo: day(new Date()) } as ShopOrdersPageBody),
    floor: SHOP_FLOOR,
  },
  {
    list: '店铺订单',
    name: 'phone tail',
    call: (d, c, i) => pageShopOrders(d, c, { pageNo: 1, pageSize: 20, phoneTail: String(1000 + (i % 9000)) } as ShopOrdersPageBody),
    floor: SHOP_FLOOR,
  },
  { list: '余额明细', name: '全部 page 1', call: (d, c) => pageEntries(d, c.orgId, { pageNo: 1, pageSize: 20 } as EntryQuery), floor: ENTRY_FLOOR },
  {
    list: '余额明细',
    name: '充值, pages 1–50',
    call: (d, c, i) => pageEntries(d, c.orgId, { pageNo: 1 + (i % 50), pageSize: 20, transactionType: 'RECHARGE' } as EntryQuery),
    floor: ENTRY_FLOOR,
  },
  {
    list: '余额明细',
    name: 'last 7 days',
    call: (d, c) => pageEntries(d, c.orgId, { pageNo: 1, pageSize: 20, startTime: weekAgo.toISOString(), endTime: new Date().toISOString() } as EntryQuery),
    floor: ENTRY_FLOOR,
  },
];

console.log(
  `list growth: ${SMALL.toLocaleString()} → ${LARGE.toLocaleString()} rows a list, ${CALLS} calls per run, ${CONCURRENCY} callers, ${RUNS} runs, ${kind} (node ${process.version})`,
);
const o = { calls: CALLS, warmup: Math.min(50, CALLS), concurrency: CONCURRENCY, runs: RUNS };
const growths: number[] = [];
for (const s of shapes) {
  const sizes = await compareAlternating(
    o,
    (i) => s.call(db, small.caller, i),
    (i) => s.call(db, large.caller, i),
  );
  const floors = await compareAlternating(
    o,
    () => bare(s.floor, [small.caller.orgId]),
    () => bare(s.floor, [large.caller.orgId]),
  );
  const growth = sizes.bare.p50 / sizes.ours.p50;
  growths.push(growth);
  const ms = (m: { p50: number; p99: number }) => `p50 ${m.p50.toFixed(1)} ms p99 ${m.p99.toFixed(1)} ms`;
  console.log(`${s.list} ${s.name}:`);
  console.log(`  ${SMALL.toLocaleString()}: ${ms(sizes.ours)} (bare page ${ms(floors.ours)}, ${(sizes.ours.p50 / floors.ours.p50).toFixed(1)}×)`);
  console.log(`  ${LARGE.toLocaleString()}: ${ms(sizes.bare)} (bare page ${ms(floors.bare)}, ${(sizes.bare.p50 / floors.bare.p50).toFixed(1)}×)`);
  console.log(`  p50 growth with ${(LARGE / SMALL).toFixed(0)}× the rows: ${growth.toFixed(2)}× (goal ≤ 1.5×)`);
}
console.log(`largest p50 growth: ${Math.max(...growths).toFixed(2)}×`);
await close();
