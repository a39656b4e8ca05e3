/**
 * 利润统计 (decision 0038) read from its rollup, beside the bare raw per-order SQL of the same range
 * (what the calls computed before the rollup), in the same run: one seller with BENCH_ORDERS paid
 * orders (default 2,000) over 90 days across 4 shops, each with one line from a shop order item (no
 * ledger links or after-sales: their subqueries find none). The 90-day view by week per shop and one
 * page of the per-order list, p50 / p99 at 10 concurrent callers; the rollup side is the calls' path
 * (catch-up, then the read). Also: the first build, and a catch-up of 100 changed orders. Then the
 * history grows BENCH_GROWTH× (default 3) with orders paid before the range, and the same again.
 *
 *   npx tsx bench/statistics-profit.bench.ts                               # PGlite in memory
 *   DATABASE_URL=postgres://… npx tsx bench/statistics-profit.bench.ts     # a THROWAWAY PostgreSQL database
 */
import { beijingDay } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { wireModuleHooks } from '../apps/server/src/hooks.ts';
import { createOrganisation } from '../apps/server/src/modules/auth/accounts.ts';
import { profitOrders, profitSums } from '../apps/server/src/modules/statistics/profit.repository.ts';
import { profitOrdersSelect } from '../apps/server/src/modules/statistics/profit-raw.repository.ts';
import { catchUpProfit } from '../apps/server/src/modules/statistics/profit-rollup.service.ts';
import { measure, openBenchDb, useBenchReceiverKeys } from './support.ts';

useBenchReceiverKeys();
wireModuleHooks();

const url = process.env.DATABASE_URL || undefined;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2_000);
const GROWTH = Number(process.env.BENCH_GROWTH ?? 3);
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const CONCURRENCY = 10;

const { db, kind, close } = await openBenchDb(url, CONCURRENCY, '256MB');
const tag = Date.now().toString(36);
const seller = await createOrganisation(db, { type: 'seller', name: `bench-profit-${tag}` });
const shopIds: number[] = [];
for (let i = 0; i < 4; i++) {
  const r = (await db.execute(sql`insert into shops (org_id, channel, name) values (${seller}, 'TAOBAO', ${`店${i}`}) returning id`)) as unknown as {
    rows: { id: number }[];
  };
  shopIds.push(Number(r.rows[0]?.id));
}

/** `n` paid orders numbered from `first`, paid evenly between `daysAgoFrom` and `daysAgoTo` days ago. */
async function seed(first: number, n: number, daysAgoFrom: number, daysAgoTo: number) {
  const span = (daysAgoFrom - daysAgoTo) * 86_400;
  const paidAt = sql.raw(`now() - make_interval(secs => ${daysAgoTo * 86_400} + ((g - ${first}) * ${span}.0 / ${n}))`);
  const range = sql`generate_series(${first}::int, ${first + n - 1}::int) g`;
  await db.execute(sql`
    insert into shop_orders (org_id, shop_id, channel, platform_order_id, status, platform_status, platform_created_at, platform_modified_at, source)
    select ${seller}::int, (array[${sql.raw(shopIds.join(','))}])[1 + g % 4], 'TAOBAO', 'BP' || g, 'WAIT_SELLER_SEND', 'X', now(), now(), 'IMPORT' from ${range}`);
  await db.execute(sql`
    insert into shop_order_items (org_id, order_id, platform_item_id, quantity, price_fen, payment_fen)
    select ${seller}::int, so.id, so.platform_order_id || '-1', 1, 9900, 9900 from shop_orders so
    where so.org_id = ${seller} and so.platform_order_id in (select 'BP' || g from ${range})`);
  await db.execute(sql`
    insert into dropship_orders (org_id, order_no, source, shop_order_id, shop_id, shop_name, channel, receiver_name, receiver_phone,
      receiver_province, receiver_city, receiver_address, express_code, express_name, express_fee_fen, service_fee_fen, goods_fen,
      total_fen, item_count, status, combined_status, paid_at, pay_method)
    select ${seller}::int, 'BDF' || so.platform_order_id, 'SHOP_ORDER', so.id, so.shop_id, 'x', 'TAOBAO', '*', '*', '浙江省', '杭州市', '*', 'ZTO', '中通',
      450, 100, 3000, 3550, 1, 'WAITING_DELIVERING', 'WAITING_DELIVERING', ${paidAt}, 'BALANCE'
    from ${range} join shop_orders so on so.org_id = ${seller} and so.platform_order_id = 'BP' || g`);
  await db.execute(sql`
    insert into dropship_order_items (org_id, order_id, line_no, shop_order_item_id, snapshot, quantity, unit_cost_fen)
    select ${seller}::int, o.id, 1, si.id, '{}'::jsonb, 1, 3000 from dropship_orders o
    join shop_order_items si on si.order_id = o.shop_order_id
    where o.org_id = ${seller} and o.order_no in (select 'BDFBP' || g from ${range})`);
}

const ms = (t0: number) => `${(performance.now() - t0).toFixed(0)} ms`;
const f = (x: { p50: number; p99: number }) => `p50 ${x.p50.toFixed(1)} ms p99 ${x.p99.toFixed(1)} ms`;

async function run(label: string) {
  const s = { sellerOrgId: seller, fromDay: beijingDay(Date.now() - 89 * 86_400_000), toDay: beijingDay() };
  const raw = profitOrdersSelect({ orgId: seller, fromDay: s.fromDay, toDay: s.toDay });
  // The bare side: the raw per-order SQL summed by week and shop; its newest page of one shop and that shop's sums (the list call's two reads).
  const bareView = await measure(CALLS, CONCURRENCY, () =>
    db.execute(sql`select to_char(date_trunc('week', day), 'YYYY-MM-DD'), shop_id, count(*), sum(sale_fen), sum(goods_fen), sum(express_fen),
      sum(service_fen), sum(back_fen) from (${raw}) po group by 1, 2`),
  );
  const barePage = await measure(CALLS, CONCURRENCY, async () => {
    await db.execute(sql`select * from (${raw}) po where shop_id = ${shopIds[0]} order by day desc, order_id desc limit 20`);
    return db.execute(sql`select count(*), sum(sale_fen), sum(goods_fen), sum(express_fen), sum(service_fen), sum(back_fen)
      from (${raw}) po where shop_id = ${shopIds[0]}`);
  });
  const view = await measure(CALLS, CONCURRENCY, async () => {
    await catchUpProfit(db, seller);
    return profitSums(db, s, 'WEEK', 'SHOP');
  });
  const page = await measure(CALLS, CONCURRENCY, async () => {
    await catchUpProfit(db, seller);
    return profitOrders(db, { ...s, shopId: shopIds[0] }, 1, 20);
  });
  console.log(`${label} 按周×店铺 汇总表 ${f(view)} | 原始逐单SQL ${f(bareView)} | 比值 ${(view.p50 / bareView.p50).toFixed(3)}`);
  console.log(`${label} 订单明细一页 汇总表 ${f(page)} | 原始逐单SQL ${f(barePage)} | 比值 ${(page.p50 / barePage.p50).toFixed(3)}`);
  // 100 orders changed since the last read (queued as the triggers do): what the next read's catch-up costs.
  await db.execute(sql`insert into stat_profit_dirty (org_id, order_id)
    select org_id, id from dropship_orders where org_id = ${seller} and paid_at is not null order by random() limit 100`);
  const t0 = performance.now();
  await catchUpProfit(db, seller);
  console.log(`${label} 追上100笔变动的订单 ${ms(t0)}`);
  return view.p50;
}

console.log(`${kind}: ${ORDERS} 笔已支付订单（90天内）`);
await seed(1, ORDERS, 89, 0);
let t0 = performance.now();
await catchUpProfit(db, seller);
console.log(`首次建立（全部历史） ${ms(t0)}`);
const before = await run('90天');
await seed(ORDERS + 1, ORDERS * (GROWTH - 1), 400, 100);
t0 = performance.now();
await catchUpProfit(db, seller);
console.log(`追上新增的 ${ORDERS * (GROWTH - 1)} 笔历史订单 ${ms(t0)}`);
const after = await run(`历史增至 ${GROWTH}×`);
console.log(`汇总表 p50 增长 ${(after / before).toFixed(2)}×`);
await close();
