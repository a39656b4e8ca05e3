/**
 * The statistics rollup: a random history (seeded, size STATS_OPS, default small) run through the
 * real operations — paying orders, assigning and taking back, every mark, its undo, the seller's
 * stop and cancel, orders from two shops — leaves every grain of the take rollup (goods, stall by day,
 * by week within a month and by month, area, shop) equal to the rollup recomputed from the raw take
 * items, the stall grains' migration backfills equal to them too, and every view equal to a bare
 * GROUP BY, also over a history spread across months and ranges cut anywhere; the rebuild of a range repairs rows written behind the
 * writers' back; who sees what (seller, purchaser, picker's own numbers, another tenant); bad input.
 */

import { readFileSync } from 'node:fs';
import { beijingDay, ErrorCode, type ReturnStatisticsResult, type TakeStatisticsResult } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { inTransaction } from '../src/db/transaction.js';
import { createRole } from '../src/modules/account-permission/index.js';
import { stopItem } from '../src/modules/dropship-orders/change/items.service.js';
import { calendarSpans } from '../src/modules/statistics/calendar-spans.js';
import { rebuildTakeRollup } from '../src/modules/statistics/index.js';
import { rawAfterSaleRows, rebuildAfterSaleRows, storedAfterSaleRows } from '../src/modules/statistics/return-rollup.repository.js';
import { FIGURE_COLUMNS, rawTakeRows, rebuildTakeRows, storedTakeRows } from '../src/modules/statistics/rollup.repository.js';
import { rebuildStatistics } from '../src/modules/statistics/statistics.service.js';
import { keyTotals, type Period, rawViewRows, type Scope, type Split, viewRows } from '../src/modules/statistics/view.repository.js';
import { assignItems } from '../src/modules/take-assignment/assign.service.js';
import { callers, expectBadRequest } from './funds-payments-support.js';
import type { Session } from './helpers.js';
import { type PickingWorld, paidAssigned, startPickingWorld, type TakeItem } from './picking-support.js';

let w: PickingWorld;
const db = () => w.t.database.db;
const { post } = callers(() => w.t);
const OPS = Number(process.env.STATS_OPS ?? 40);
const FAR = ['2020-01-01', '2035-12-31'] as const;

/** mulberry32: the same history for the same seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const norm = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));

/** Every grain equal to its recomputation from the raw rows; answers the fine grain's row count. */
async function expectRollupExact() {
  for (const grain of ['area', 'fine', 'stall', 'stallWeek', 'stallMonth', 'shop'] as const) {
    const stored = await storedTakeRows(db(), w.purchaserOrg, ...FAR, grain);
    expect(norm(stored), grain).toEqual(norm(await rawTakeRows(db(), w.purchaserOrg, ...FAR, grain)));
  }
  return (await storedTakeRows(db(), w.purchaserOrg, ...FAR)).length;
}

const take = (s: Session, body: Record<string, unknown>) => post<TakeStatisticsResult>('/api/b2/statistics/take', s, body);
const today = () => beijingDay();

beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w?.t.close());

/** The picking world, with picker A also allowed the statistics pages (a sub-account sees only its own numbers there). */
async function startWorld() {
  const world = await startPickingWorld();
  const org = world.purchaserOrg;
  await createRole(world.t.database.db, org, '拿货统计', ['statistics/orderTakeStatistics', 'statistics/outStock'], [world.pickerA.userId]);
  return world;
}

describe('rollup against raw', () => {
  it(`a random history of ${OPS} operations leaves the rollup equal to the raw rows, and every view equal to a bare GROUP BY`, async () => {
    const rand = rng(Number(process.env.STATS_SEED ?? 20261126));
    const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)] as T;
    const items: TakeItem[] = [];
    const pickers = [w.pickerA, w.pickerB];
    let done = 0;
    for (let i = 0; i < OPS; i++) {
      const op = items.length < 3 ? 0 : Math.floor(rand() * 7);
      const item = pick(items);
      const [cur] = item ? await queryRows<{ assigned_user_id: number | null }>(db(), sql`select assigned_user_id from take_items where id = ${item.id}`) : [];
      const owner = pickers.find((p) => p.userId === cur?.assigned_user_id);
      if (op === 0) {
        const lines = Array.from({ length: 1 + Math.floor(rand() * 2) }, () => ({
          costFen: 1000 + Math.floor(rand() * 5000),
          quantity: 1 + Math.floor(rand() * 3),
        }));
        // Every third order from a second shop, so the shop grain has more than one key.
        const made = await paidAssigned(w, lines, pick([w.pickerA, w.pickerB, null]), i % 3 === 0 ? 'PDD' : 'TAOBAO');
        items.push(...made.items);
        done++;
      } else if (op === 1 && item) {
        const to = pick([w.pickerA.userId, w.pickerB.userId, null]);
        await assignItems(db(), w.mainCaller, [item.id], to).then(
          () => done++,
          () => undefined,
        );
      } else if ((op === 2 || op === 3) && item && owner) {
        const result = pick(['TOOK', 'TOOK_PART', 'E_LACK_TAKING', 'E_NEXT_TAKING', 'E_STOP_PRODUCTION'] as const);
        const body: Record<string, unknown> = { takeItemIds: [item.id], result };
        if (result === 'TOOK' || result === 'TOOK_PART') body.priceFen = item.unitCostFen + pick([0, 500, -200]);
        if (result === 'TOOK_PART') body.tookQuantity = 1;
        const r = await post('/api/b2/purchaser/picking/mark', owner, body);
        if (r.errorCode === 0) done++;
      } else if (op === 4 && item) {
        const r = await post('/api/b2/purchaser/assigned/cancelTook', w.main, { takeItemIds: [item.id] });
        if (r.errorCode === 0) done++;
      } else if (op === 5 && item) {
        await stopItem(db(), { orgId: w.sellerOrg, userId: w.seller.userId }, item.orderItemId).then(
          () => done++,
          () => undefined,
        );
      } else if (op === 6 && item) {
        const r = await post('/api/b2/post/orders/cancel', w.seller, { orderIds: [item.orderId], reason: '买家不要了' });
        if (r.errorCode === 0) done++;
      }
    }
    expect(done).toBeGreaterThan(OPS / 3);
    expect(await expectRollupExact()).toBeGreaterThan(0);
    expect(new Set((await storedTakeRows(db(), w.purchaserOrg, ...FAR, 'shop')).map((r) => r.shop_id)).size).toBeGreaterThan(1);

    const scopes: Scope[] = [{ purchaserOrgId: w.purchaserOrg }, { sellerOrgId: w.sellerOrg }, { purchaserOrgId: w.purchaserOrg, pickerId: w.pickerA.userId }];
    const from = '2026-01-01';
    const to = '2027-12-31';
    for (const scope of scopes)
      for (const period of ['DAY', 'WEEK', 'MONTH'] as Period[])
        for (const split of ['NONE', 'PICKER', 'STALL', 'GOODS', 'MARKET_AREA', 'SELLER'] as Split[]) {
          const view = await viewRows(db(), scope, from, to, period, split);
          expect(norm(view), `${JSON.stringify(scope)} ${period} ${split}`).toEqual(norm(await rawViewRows(db(), scope, from, to, period, split)));
        }
    // The stall split reads whole months from the month grain and the edge days from the day grain: ranges of both kinds.
    const monthStart = `${today().slice(0, 7)}-01`;
    for (const [a, b] of [
      [from, today()],
      [monthStart, today()],
      [today(), today()],
      ['2026-10-15', to],
    ])
      for (const scope of scopes)
        for (const period of ['DAY', 'MONTH'] as Period[]) {
          const view = await viewRows(db(), scope, a as string, b as string, period, 'STALL');
          expect(norm(view), `${a}..${b} ${JSON.stringify(scope)} ${period}`).toEqual(
            norm(await rawViewRows(db(), scope, a as string, b as string, period, 'STALL')),
          );
          const totals = await keyTotals(db(), scope, a as string, b as string, 'STALL');
          const rawTotals = await rawViewRows(db(), scope, a as string, b as string, 'MONTH', 'STALL');
          expect(totals.map((t) => [t.key, String(t.items)]).sort()).toEqual(
            [...new Set(rawTotals.map((r) => r.key))]
              .map((k) => [k, String(rawTotals.filter((r) => r.key === k).reduce((n, r) => n + Number(r.items), 0))])
              .sort(),
          );
        }
    // The seller's shop and channel splits read the shop grain, every figure (take time too), with and without a shop filter.
    const seller: Scope = { sellerOrgId: w.sellerOrg };
    const shopIds = [...new Set((await storedTakeRows(db(), w.purchaserOrg, ...FAR, 'shop')).map((r) => Number(r.shop_id)))];
    for (const period of ['DAY', 'WEEK', 'MONTH'] as Period[])
      for (const split of ['SHOP', 'CHANNEL', 'NONE'] as Split[])
        for (const only of [undefined, shopIds.slice(0, 1)]) {
          const view = await viewRows(db(), seller, from, to, period, split, only);
          expect(view.length, `${period} ${split} ${only}`).toBeGreaterThan(0);
          expect(norm(view), `${period} ${split} ${only}`).toEqual(norm(await rawViewRows(db(), seller, from, to, period, split, only)));
        }
  });

  it('a range splits into whole months, whole weeks within a month and days, each day in exactly one span', () => {
    const both = { months: true, weeks: true };
    // 2026-08-30 is a Sunday; Aug 31 a Monday whose week is cut by the month; Nov 23–29 is not whole by the 27th.
    expect(calendarSpans('2026-08-30', '2026-11-27', both)).toEqual([
      { grain: 'day', first: '2026-08-30', last: '2026-08-30' },
      { grain: 'week', first: '2026-08-31', last: '2026-08-31' },
      { grain: 'month', first: '2026-09-01', last: '2026-10-01' },
      { grain: 'week', first: '2026-11-01', last: '2026-11-16' },
      { grain: 'day', first: '2026-11-23', last: '2026-11-27' },
    ]);
    expect(calendarSpans('2026-09-01', '2026-11-30', both)).toEqual([{ grain: 'month', first: '2026-09-01', last: '2026-11-01' }]);
    expect(calendarSpans('2026-02-02', '2026-02-28', both)).toEqual([{ grain: 'week', first: '2026-02-02', last: '2026-02-23' }]);
    expect(calendarSpans('2026-09-01', '2026-09-30', { months: false, weeks: true }).map((x) => x.grain)).toEqual(['week']);
    expect(calendarSpans('2026-09-01', '2026-09-03', { months: false, weeks: false })).toEqual([{ grain: 'day', first: '2026-09-01', last: '2026-09-03' }]);
    expect(calendarSpans('2026-11-27', '2026-11-26', both)).toEqual([]);

    // Any range: the spans, unrolled to their days, are the range's days in order, each unit whole inside it.
    const DAY = 86_400_000;
    const day = (t: number) => new Date(t).toISOString().slice(0, 10);
    const rand = rng(7);
    for (let i = 0; i < 400; i++) {
      const from = Date.UTC(2025, 0, 1) + Math.floor(rand() * 800) * DAY;
      const to = from + Math.floor(rand() * 200) * DAY;
      const o = { months: rand() < 0.7, weeks: rand() < 0.7 };
      const days: string[] = [];
      for (const span of calendarSpans(day(from), day(to), o)) {
        expect(o.months || span.grain !== 'month').toBe(true);
        expect(o.weeks || span.grain !== 'week').toBe(true);
        for (let t = Date.parse(`${span.first}T00:00:00Z`); t <= Date.parse(`${span.last}T00:00:00Z`); t += DAY) {
          const d = new Date(t);
          const monday = t - ((d.getUTCDay() + 6) % 7) * DAY;
          const monthLast = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0);
          // A key is the first day of its unit; the unit's days follow it until the unit ends.
          const last = span.grain === 'month' ? monthLast : span.grain === 'week' ? Math.min(monday + 6 * DAY, monthLast) : t;
          if (span.grain === 'month') expect(d.getUTCDate()).toBe(1);
          if (span.grain === 'week') expect(d.getUTCDate() === 1 || d.getUTCDay() === 1).toBe(true);
          for (let u = t; u <= last; u += DAY) days.push(day(u));
          t = last;
        }
      }
      const expected: string[] = [];
      for (let t = from; t <= to; t += DAY) expected.push(day(t));
      expect(days, `${day(from)}..${day(to)} ${JSON.stringify(o)}`).toEqual(expected);
    }
  });

  it('over a history spread across months, every stall view and total equals the bare GROUP BY for ranges cut anywhere', async () => {
    const org = w.purchaserOrg;
    const kept = await queryRows<{ id: number; created_at: string }>(db(), sql`select id, created_at::text from take_items where purchaser_org_id = ${org}`);
    expect(kept.length).toBeGreaterThan(5);
    const rebuild = () => inTransaction(db(), (tx) => rebuildTakeRows(tx, org, ...FAR));
    // Each item moved back 0–150 days (seeded), the rollup rebuilt from them: what the writers would have left.
    await db().execute(sql`update take_items set created_at = created_at - ((id * 7919) % 151) * interval '1 day' - ((id * 31) % 24) * interval '1 hour'
      where purchaser_org_id = ${org}`);
    await rebuild();
    expect(await expectRollupExact()).toBeGreaterThan(0);
    const rand = rng(11);
    const scopes: Scope[] = [{ purchaserOrgId: org }, { purchaserOrgId: org, pickerId: w.pickerA.userId }];
    for (let i = 0; i < 12; i++) {
      const a = beijingDay(Date.now() - Math.floor(rand() * 160) * 86_400_000);
      const b = beijingDay(Date.parse(`${a}T00:00:00Z`) + Math.floor(rand() * 120) * 86_400_000);
      for (const scope of scopes) {
        for (const period of ['DAY', 'WEEK', 'MONTH'] as Period[]) {
          const view = await viewRows(db(), scope, a, b, period, 'STALL');
          expect(norm(view), `${a}..${b} ${JSON.stringify(scope)} ${period}`).toEqual(norm(await rawViewRows(db(), scope, a, b, period, 'STALL')));
        }
        const totals = await keyTotals(db(), scope, a, b, 'STALL');
        const raw = await rawViewRows(db(), scope, a, b, 'MONTH', 'STALL');
        const sums = new Map<string, number>();
        for (const r of raw) sums.set(r.key, (sums.get(r.key) ?? 0) + Number(r.items));
        expect(totals.map((t) => [t.key, Number(t.items)]).sort(), `${a}..${b} totals`).toEqual([...sums].filter(([, n]) => n !== 0).sort());
      }
    }
    // Every figure by name against the grain recomputed from the raw items (the view's oracle above shares its packing of the figures).
    const byStall = new Map<string, Record<string, number>>();
    for (const r of await rawTakeRows(db(), org, ...FAR, 'stall')) {
      const sums = byStall.get(String(r.stall_name)) ?? {};
      for (const c of FIGURE_COLUMNS) sums[c] = (sums[c] ?? 0) + Number(r[c]);
      byStall.set(String(r.stall_name), sums);
    }
    const whole = await keyTotals(db(), { purchaserOrgId: org }, ...FAR, 'STALL');
    expect(whole.length).toBe(byStall.size);
    for (const t of whole) for (const c of FIGURE_COLUMNS) expect(t[c], `${t.key} ${c}`).toBe(byStall.get(t.key)?.[c]);
    // Back to today, as the tests after this one expect.
    for (const k of kept) await db().execute(sql`update take_items set created_at = ${k.created_at}::timestamptz where id = ${k.id}`);
    await rebuild();
    expect(await expectRollupExact()).toBeGreaterThan(0);
  });

  it('the migration that added the stall grains fills them from the goods grain with the raw figures', async () => {
    const stall = await storedTakeRows(db(), w.purchaserOrg, ...FAR, 'stall');
    expect(stall.length).toBeGreaterThan(0);
    // A stall's day sums several goods rows, or the grain would not compress.
    expect(stall.length).toBeLessThan((await storedTakeRows(db(), w.purchaserOrg, ...FAR, 'fine')).length);
    const month = await storedTakeRows(db(), w.purchaserOrg, ...FAR, 'stallMonth');
    const week = await storedTakeRows(db(), w.purchaserOrg, ...FAR, 'stallWeek');
    // 0046 fills the day and month grains from the goods grain, 0048 the week grain from the day grain.
    const backfills = ['0046_stall_rollups', '0048_stall_weeks'].flatMap((name) =>
      readFileSync(new URL(`../drizzle/${name}.sql`, import.meta.url), 'utf8')
        .split('--> statement-breakpoint')
        .filter((s) => s.includes('INSERT INTO')),
    );
    expect(backfills).toHaveLength(3);
    await inTransaction(db(), async (tx) => {
      await tx.execute(sql`delete from stat_take_daily_stall`);
      await tx.execute(sql`delete from stat_take_monthly_stall`);
      await tx.execute(sql`delete from stat_take_weekly_stall`);
      for (const statement of backfills) await tx.execute(sql.raw(statement));
    });
    expect(norm(await storedTakeRows(db(), w.purchaserOrg, ...FAR, 'stall'))).toEqual(norm(stall));
    expect(norm(await storedTakeRows(db(), w.purchaserOrg, ...FAR, 'stallMonth'))).toEqual(norm(month));
    expect(norm(await storedTakeRows(db(), w.purchaserOrg, ...FAR, 'stallWeek'))).toEqual(norm(week));
    await expectRollupExact();
  });

  it('the rebuild of a range replaces rows written behind the writers’ back by the raw figures, and touches no other day', async () => {
    const made = await paidAssigned(w, [{ costFen: 2500, quantity: 2 }], w.pickerA);
    const id = made.items[0]?.id as number;
    // A history written outside the operations (an import, a repair): the rollup no longer agrees.
    await db().execute(sql`update take_items set created_at = created_at - interval '3 days' where id = ${id}`);
    const stored = await storedTakeRows(db(), w.purchaserOrg, ...FAR);
    expect(norm(stored)).not.toEqual(norm(await rawTakeRows(db(), w.purchaserOrg, ...FAR)));
    const threeDaysAgo = beijingDay(Date.now() - 3 * 86_400_000);
    const before = norm(await storedTakeRows(db(), w.purchaserOrg, '2020-01-01', beijingDay(Date.now() - 5 * 86_400_000)));
    // By the call (the purchaser's main account) for its own items.
    const r = await post<{ days: number }>('/api/b2/statistics/rebuild', w.main, { startDay: threeDaysAgo, endDay: today() });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.days).toBe(4);
    await expectRollupExact();
    expect(norm(await storedTakeRows(db(), w.purchaserOrg, '2020-01-01', beijingDay(Date.now() - 5 * 86_400_000)))).toEqual(before);
    // The job's form (every purchaser) is idempotent.
    await rebuildTakeRollup(db(), threeDaysAgo, today());
    await rebuildTakeRollup(db(), threeDaysAgo, today());
    await expectRollupExact();
  });
});

/** The after-sale rollup equal to its recomputation from the raw after-sales; answers its row count. */
async function expectReturnRollupExact() {
  const stored = await storedAfterSaleRows(db(), w.sellerOrg, ...FAR);
  expect(norm(stored)).toEqual(norm(await rawAfterSaleRows(db(), w.sellerOrg, ...FAR)));
  return stored.length;
}

const returns = (s: Session, body: Record<string, unknown>) => post<ReturnStatisticsResult>('/api/b2/statistics/takeReturn', s, body);

describe('after-sale rollup against raw', () => {
  it('a random run of 申请售后 / 撤销 / 拦截 leaves the after-sale rollup equal to the raw rows; the rebuild repairs a range', async () => {
    const rand = rng(Number(process.env.STATS_SEED ?? 20261126) + 1);
    const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)] as T;
    const items: TakeItem[] = [];
    let done = 0;
    for (let i = 0; i < Math.max(12, OPS / 2); i++) {
      const op = items.length < 2 ? 0 : Math.floor(rand() * 4);
      const item = pick(items);
      if (op === 0) {
        items.push(...(await paidAssigned(w, [{ costFen: 1500 + Math.floor(rand() * 3000), quantity: 1 }], null)).items);
      } else if (op === 1 && item) {
        const r = await post<{ ids?: number[]; afterSales?: { id: number }[] }>('/api/b2/aftersale/orders/apply', w.seller, {
          orderId: item.orderId,
          kind: pick(['REFUND_ONLY', 'REFUND_ONLY', 'RETURN_REFUND'] as const),
          lines: [{ itemId: item.orderItemId, quantity: 1 }],
          reason: pick(['买家不想要了', '质量问题', '尺码不合适']),
          requestKey: `stat-apply-${i}`,
        });
        if (r.errorCode === 0) done++;
      } else if (op === 2 || op === 3) {
        const [open] = await queryRows<{ id: number }>(
          db(),
          sql`select id from after_sales where org_id = ${w.sellerOrg} and finished_at is null order by random() limit 1`,
        );
        if (!open) continue;
        const path = op === 2 ? 'cancel' : 'intercept';
        const r = await post(`/api/b2/aftersale/orders/${path}`, w.seller, { id: Number(open.id), requestKey: `stat-undo-${i}` });
        if (r.errorCode === 0) done++;
      }
    }
    expect(done).toBeGreaterThan(0);
    expect(await expectReturnRollupExact()).toBeGreaterThan(0);
    // Rows written behind the writers' back: the rebuild of the range puts the raw figures back.
    await db().execute(sql`update stat_after_sale_daily set cases = cases + 5 where seller_org_id = ${w.sellerOrg}`);
    expect(norm(await storedAfterSaleRows(db(), w.sellerOrg, ...FAR))).not.toEqual(norm(await rawAfterSaleRows(db(), w.sellerOrg, ...FAR)));
    await inTransaction(db(), (t) => rebuildAfterSaleRows(t, w.sellerOrg, ...FAR));
    await expectReturnRollupExact();
    // The purchaser's rebuild call and the job's form (every seller) rebuild the after-sale rollup too.
    await db().execute(sql`update stat_after_sale_daily set returned_quantity = returned_quantity + 2 where purchaser_org_id = ${w.purchaserOrg}`);
    const r = await post('/api/b2/statistics/rebuild', w.main, { startDay: beijingDay(Date.now() - 10 * 86_400_000), endDay: today() });
    expect(r.errorCode, r.errorMsg).toBe(0);
    await expectReturnRollupExact();
    await db().execute(sql`update stat_after_sale_daily set refund_fen = refund_fen + 100 where seller_org_id = ${w.sellerOrg}`);
    await rebuildStatistics(db(), beijingDay(Date.now() - 10 * 86_400_000), today());
    await expectReturnRollupExact();
    await expectRollupExact();
  });
});

describe('the calls: who sees what', () => {
  it('the purchaser sees all its items, a picker only its own, the seller its own, another purchaser none', async () => {
    await paidAssigned(w, [{ costFen: 3000 }], w.pickerB);
    const body = { startDay: beijingDay(Date.now() - 10 * 86_400_000), endDay: today(), period: 'DAY', split: 'PICKER' };
    const main = await take(w.main, body);
    expect(main.errorCode, main.errorMsg).toBe(0);
    const [raw] = await queryRows<{ all: number; a: number; seller: number }>(
      db(),
      sql`select count(*) filter (where purchaser_org_id = ${w.purchaserOrg}) as all, count(*) filter (where purchaser_org_id = ${w.purchaserOrg} and assigned_user_id = ${w.pickerA.userId}) as a,
            count(*) filter (where seller_org_id = ${w.sellerOrg}) as seller
          from take_items where created_at >= now() - interval '9 days'`,
    );
    expect(main.data.total.items).toBe(Number(raw?.all));
    expect(main.data.ownOnly).toBe(false);
    expect(main.data.keys.map((k) => k.keyName)).toEqual(expect.arrayContaining(['picker_a', 'picker_b']));
    expect(main.data.periods).toHaveLength(11);
    const a = await take(w.pickerA, body);
    expect(a.errorCode, a.errorMsg).toBe(0);
    expect(a.data.ownOnly).toBe(true);
    expect(a.data.split).toBe('NONE');
    expect(a.data.total.items).toBe(Number(raw?.a));
    const seller = await take(w.seller, { ...body, split: 'STALL' });
    expect(seller.errorCode, seller.errorMsg).toBe(0);
    expect(seller.data.total.items).toBe(Number(raw?.seller));
    const other = await take(w.otherPurchaser, body);
    expect(other.errorCode, other.errorMsg).toBe(0);
    expect(other.data.total.items).toBe(0);
    expect(other.data.rows).toEqual([]);
    // The 缺货统计 page's call answers the same figures under its own permission.
    const out = await post<TakeStatisticsResult>('/api/b2/statistics/outStock', w.main, { ...body, split: 'GOODS' });
    expect(out.data.total).toEqual(main.data.total);
  });

  it('exports the table as Excel', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/b2/statistics/take/export',
      headers: w.main.headers(),
      payload: { startDay: today(), endDay: today(), period: 'DAY', split: 'STALL' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('rebuild is for the purchaser’s main account only', async () => {
    const body = { startDay: today(), endDay: today() };
    const picker = await post('/api/b2/statistics/rebuild', w.pickerA, body);
    expect(picker.errorCode).not.toBe(0);
    expect((await post('/api/b2/statistics/rebuild', w.seller, body)).errorCode).not.toBe(0);
  });
});

describe('退货统计', () => {
  it('the seller and the purchaser see the after-sales of their orders, another purchaser none; export is Excel', async () => {
    const body = { startDay: beijingDay(Date.now() - 10 * 86_400_000), endDay: today(), period: 'WEEK', split: 'REASON' };
    const [raw] = await queryRows<{ cases: number; fen: number }>(
      db(),
      sql`select count(*) as cases, coalesce(sum(refund_fen), 0) as fen from after_sales where org_id = ${w.sellerOrg} and created_at >= now() - interval '9 days'`,
    );
    const seller = await returns(w.seller, body);
    expect(seller.errorCode, seller.errorMsg).toBe(0);
    expect(seller.data.total.cases).toBe(Number(raw?.cases));
    expect(seller.data.total.refundFen).toBe(Number(raw?.fen));
    expect(seller.data.total.placed).toBeGreaterThan(0);
    expect(seller.data.keys.reduce((a, k) => a + k.cases, 0)).toBe(seller.data.total.cases);
    const main = await returns(w.main, { ...body, split: 'STALL' });
    expect(main.errorCode, main.errorMsg).toBe(0);
    expect(main.data.total.cases).toBe(Number(raw?.cases));
    const other = await returns(w.otherPurchaser, body);
    expect(other.errorCode, other.errorMsg).toBe(0);
    expect(other.data.total.cases).toBe(0);
    expect(other.data.rows).toEqual([]);
    const res = await w.t.app.inject({ method: 'POST', url: '/api/b2/statistics/takeReturn/export', headers: w.seller.headers(), payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses bad ranges and splits with a Chinese message, changing nothing', async () => {
    const before = await expectReturnRollupExact();
    expectBadRequest(await returns(w.seller, { startDay: '2026-05-02', endDay: '2026-05-01' }), /开始日期不能晚于结束日期/);
    expectBadRequest(await returns(w.seller, { startDay: '2024-01-01', endDay: '2026-05-01' }), /统计范围最多400天/);
    expectBadRequest(await returns(w.seller, { startDay: '2026-05-01', endDay: '2026-05-02', split: 'PICKER' }), /分组维度/);
    expect(await expectReturnRollupExact()).toBe(before);
  });
});

describe('bad input', () => {
  it('refuses reversed, too long and malformed ranges and unknown periods with a Chinese message, changing nothing', async () => {
    const before = await expectRollupExact();
    expectBadRequest(await take(w.main, { startDay: '2026-05-02', endDay: '2026-05-01' }), /开始日期不能晚于结束日期/);
    expectBadRequest(await take(w.main, { startDay: '2024-01-01', endDay: '2026-05-01' }), /统计范围最多400天/);
    expectBadRequest(await take(w.main, { startDay: '2026-02-30', endDay: '2026-03-01' }), /不是有效日期/);
    expectBadRequest(await take(w.main, { startDay: '2026-05-01', endDay: '2026-05-02', period: 'YEAR' }), /统计周期/);
    expectBadRequest(await take(w.main, { startDay: '2026-05-01', endDay: '2026-05-02', split: 'COLOUR' }), /分组维度/);
    expectBadRequest(await post('/api/b2/statistics/rebuild', w.main, { startDay: '2026-05-02' }), /结束日期/);
    expect(await expectRollupExact()).toBe(before);
  });

  it('answers the rebuild refusal with the statistics error code', async () => {
    const r = await post('/api/b2/statistics/rebuild', w.pickerA, { startDay: today(), endDay: today() });
    expect(r.errorCode).toBe(ErrorCode.STATISTICS_MAIN_ONLY);
    expect(r.errorMsg).toMatch(/主账号/);
  });
});
