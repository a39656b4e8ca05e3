/**
 * The workbench call (POST /api/home/data, i.e. homeData) for a seller and for a purchaser, with
 * `ROWS` dropship orders (and as many take items) spread over 90 days: p50 and p99 at 10 concurrent
 * callers, beside the bare queries it used to send (the to-do statements and the 7 days of figures
 * counted from the raw tables, through the bare driver, same concurrency, same run): the call now
 * counts only today live and reads the closed days kept in workbench_day_figures (decision 0035), so
 * the ratio shows what that saves. Goal: p50 under 50 ms on PostgreSQL at 1,000,000 take items.
 *
 *   npx tsx bench/workbench.bench.ts                              # PGlite in memory, 200,000
 *   DATABASE_URL=postgres://… npx tsx bench/workbench.bench.ts    # a THROWAWAY PostgreSQL database, 1,000,000
 *
 * WORKBENCH_BENCH_ROWS overrides the size, WORKBENCH_BENCH_CALLS the calls per run (default 200);
 * BENCH_REUSE=1 reuses the organisations seeded by an earlier run on the same database (seeding a
 * million orders and take items takes minutes). Prints the p50 at 10 callers and at one caller: the
 * first is mostly the queue on 2 cores, the second what one call costs.
 */
import { beijingDay, beijingDayEnd, beijingDayStart } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { createOrganisation } from '../apps/server/src/modules/auth/accounts.ts';
import { homeData } from '../apps/server/src/modules/workbench/workbench.service.ts';
import type { Caller } from '../apps/server/src/plugins/auth.ts';
import { compareAlternating, measure, openBenchDb, useBenchReceiverKeys } from './support.ts';

useBenchReceiverKeys();

const url = process.env.DATABASE_URL || undefined;
const ROWS = Number(process.env.WORKBENCH_BENCH_ROWS ?? (url ? 1_000_000 : 200_000));
const CALLS = Number(process.env.WORKBENCH_BENCH_CALLS ?? 200);
const CONCURRENCY = 10;
const DAYS = 90;
const tag = Date.now().toString(36);

const { db, kind, bare, close } = await openBenchDb(url, CONCURRENCY, '256MB');
const reused = process.env.BENCH_REUSE
  ? (
      (await db.execute(sql`select s.id as seller, p.id as purchaser from organisations s join organisations p on p.name = 'bench-workbench-p-' || substr(s.name, 19)
      where s.name like 'bench-workbench-s-%' and (select count(*) from take_items t where t.seller_org_id = s.id) = ${ROWS} order by s.id desc limit 1`)) as unknown as {
        rows: { seller: number; purchaser: number }[];
      }
    ).rows[0]
  : undefined;
const seller = reused?.seller ?? (await createOrganisation(db, { type: 'seller', name: `bench-workbench-s-${tag}` }));
const purchaser = reused?.purchaser ?? (await createOrganisation(db, { type: 'purchaser', name: `bench-workbench-p-${tag}` }));
if (reused) console.log(`reusing seller ${seller} and purchaser ${purchaser} (${ROWS.toLocaleString()} each)`);
else await seed();

async function seed() {
  console.log(`seeding ${ROWS.toLocaleString()} orders and take items over ${DAYS} days (${kind}) …`);
  const t0 = performance.now();
  const step = (DAYS * 86_400) / ROWS;
  const CHUNK = 100_000;
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    await db.execute(sql`
      insert into dropship_orders (org_id, purchaser_org_id, order_no, source, shop_name, channel, platform_order_id, receiver_name, receiver_phone,
        receiver_phone_tail, receiver_province, receiver_city, receiver_district, receiver_address, express_code, express_name,
        express_fee_fen, service_fee_fen, goods_fen, total_fen, item_count, status, combined_status, pay_method, paid_at, delivered_at, created_at)
      select ${seller}::int, ${purchaser}::int, 'W' || ${tag}::text || lpad(g::text, 9, '0'), 'SHOP_ORDER', '基准店铺', 'TAOBAO', 'P' || g,
        '买*', '138****0000', '0000', '浙江省', '杭州市', '西湖区', '文三路**号', 'ZTO', '中通快递', 450, 100, 4500, 5050, 1,
        'DELIVERED', 'DELIVERED', 'BALANCE', t, t + interval '20 hours', t
      from generate_series(${from}::int, ${to}::int) g, lateral (select now() - ((${ROWS}::int - g) * ${step}::float8) * interval '1 second' as t) x`);
  }
  await db.execute(sql`
    insert into take_items (purchaser_org_id, seller_org_id, order_id, order_item_id, order_no, take_code, assignment_status, taking_status,
      quantity, took_quantity, took_at, created_at)
    select ${purchaser}, ${seller}, id, id, order_no, 'B' || id, 'TOOK', 'TOOK', 1, 1, created_at + interval '6 hours', created_at
    from dropship_orders where org_id = ${seller}`);
  for (const table of ['dropship_orders', 'take_items']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const callerOf = (orgId: number, orgType: 'seller' | 'purchaser'): Caller => ({ orgId, orgType, userId: 0, isMain: true, sessionId: 0 });
const today = beijingDay();
const from = beijingDayStart(beijingDay(Date.now() - 6 * 86_400_000)).toISOString();
const to = beijingDayEnd(today).toISOString();
const day = (c: string) => `to_char((${c} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/** The statements homeData sends for each audience, written out for the bare driver. */
const BARE: Record<'seller' | 'purchaser', [string, unknown[]][]> = {
  seller: [
    [
      `select (select n from dropship_order_counts where org_id = $1 and combined_status = 'WAITING_PAYMENT'),
        (select count(*) from replenish_requests where org_id = $1 and status = 'WAITING_PAYMENT'),
        (select count(*) from shops where org_id = $1 and not not_remind and removed_at is null and auth_state <> 'PAUSED' and expire_time <= now() + interval '7 days'),
        (select count(*) from courier_traces where seller_org_id = $1 and problem is not null)`,
      [seller],
    ],
    [
      `select count(*) from problem_parcels where org_id = $1 and ((kind = 'PROBLEM' and status = 'WAITING_PROCESS') or (kind = 'HEADLESS' and status = 'CLAIMED'))
        and deadline_at <= now() + interval '86400 seconds'`,
      [seller],
    ],
    [
      `select t.tracking_no, t.courier_code, o.order_no, t.problem, t.last_event_at, t.events->0->>'context'
        from courier_traces t join waybills w on w.id = t.waybill_id join dropship_orders o on o.id = w.order_id
        where t.seller_org_id = $1 and t.problem is not null order by t.last_event_at nulls first limit 10`,
      [seller],
    ],
    [`select ${day('created_at')}, count(*) from dropship_orders where org_id = $1 and created_at >= $2 and created_at < $3 group by 1`, [seller, from, to]],
    [`select ${day('paid_at')}, sum(total_fen) from dropship_orders where org_id = $1 and paid_at >= $2 and paid_at < $3 group by 1`, [seller, from, to]],
    [
      `select ${day('delivered_at')}, count(*) from dropship_orders where org_id = $1 and delivered_at >= $2 and delivered_at < $3 group by 1`,
      [seller, from, to],
    ],
    [`select ${day('signed_at')}, count(*) from courier_traces where seller_org_id = $1 and signed_at >= $2 and signed_at < $3 group by 1`, [seller, from, to]],
  ],
  purchaser: [
    [
      `select (select count(*) from take_items where purchaser_org_id = $1 and assignment_status = 'WAITING_ASSIGNED'),
        (select count(*) from take_items where purchaser_org_id = $1 and assignment_status = 'TAKING'),
        (select count(*) from sorting_slots where purchaser_org_id = $1),
        (select count(*) from courier_traces where purchaser_org_id = $1 and problem is not null)`,
      [purchaser],
    ],
    [
      `select t.tracking_no, t.courier_code, o.order_no, t.problem, t.last_event_at, t.events->0->>'context'
        from courier_traces t join waybills w on w.id = t.waybill_id join dropship_orders o on o.id = w.order_id
        where t.purchaser_org_id = $1 and t.problem is not null order by t.last_event_at nulls first limit 10`,
      [purchaser],
    ],
    [`select ${day('took_at')}, count(*) from take_items where purchaser_org_id = $1 and took_at >= $2 and took_at < $3 group by 1`, [purchaser, from, to]],
    [
      `select ${day('created_at')}, count(*) from waybills where purchaser_org_id = $1 and created_at >= $2 and created_at < $3 group by 1`,
      [purchaser, from, to],
    ],
    [
      `select ${day('signed_at')}, count(*) from courier_traces where purchaser_org_id = $1 and signed_at >= $2 and signed_at < $3 group by 1`,
      [purchaser, from, to],
    ],
  ],
};

const ms = (v: number) => `${v.toFixed(1)} ms`;
for (const side of ['seller', 'purchaser'] as const) {
  const caller = callerOf(side === 'seller' ? seller : purchaser, side);
  // The first call keeps the 6 closed days (workbench_day_figures); the timed ones read them and count today live.
  const f0 = performance.now();
  await homeData(db, caller);
  console.log(`${side.padEnd(9)} first call (keeps the closed days) ${ms(performance.now() - f0)}`);
  const r = await compareAlternating(
    { calls: CALLS, warmup: 20, concurrency: CONCURRENCY, runs: 3 },
    () => homeData(db, caller),
    () => Promise.all(BARE[side].map(([text, params]) => bare(text, params))),
  );
  console.log(
    `${side.padEnd(9)} homeData p50 ${ms(r.ours.p50)} p99 ${ms(r.ours.p99)} (${r.ours.rate.toFixed(0)}/s) · bare p50 ${ms(r.bare.p50)} p99 ${ms(r.bare.p99)} (${r.bare.rate.toFixed(0)}/s) · ratio p50 ${(r.ours.p50 / r.bare.p50).toFixed(2)}×`,
  );
  const one = await measure(Math.max(20, CALLS / 4), 1, () => homeData(db, caller));
  const oneBare = await measure(Math.max(20, CALLS / 4), 1, () => Promise.all(BARE[side].map(([text, params]) => bare(text, params))));
  console.log(`${side.padEnd(9)} one caller: homeData p50 ${ms(one.p50)} p99 ${ms(one.p99)} · bare p50 ${ms(oneBare.p50)}`);
}
await close();
