/**
 * Statistics read from the daily rollups (docs/decisions/0034-statistics-rollups.md): who sees what
 * (a seller its own items, a purchaser's main account all of its items, a purchaser's sub-account —
 * a picker — only the items assigned to it), the figures shaped with their rates, and the rebuild of
 * any range from the raw rows.
 */
import {
  CHANNEL_NAMES,
  type Channel,
  ErrorCode,
  SHOP_SPLITS,
  type StatisticsPeriod,
  type StatisticsSplit,
  type TakeFigures,
  type TakeStatisticsBody,
  type TakeStatisticsResult,
} from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { rebuildAllProfit } from './profit-rollup.service.js';
import { type AfterSaleOwner, rebuildAfterSales, sellersWithAfterSales } from './return-rollup.repository.js';
import { FIGURE_COLUMNS, type FigureColumn, purchasersWithItems, rebuildTakeRows } from './rollup.repository.js';
import { areSellersShops, shopNames } from './shop-view.repository.js';
import { keyTotals, type Scope, viewRows } from './view.repository.js';

const num = (v: unknown) => Number(v ?? 0);

/** Whose numbers a caller sees. */
export function scopeOf(caller: Caller): Scope {
  if (caller.orgType === 'seller') return { sellerOrgId: caller.orgId };
  return caller.isMain ? { purchaserOrgId: caller.orgId } : { purchaserOrgId: caller.orgId, pickerId: caller.userId };
}

type Sums = Record<FigureColumn, number>;
const zero = (): Sums => Object.fromEntries(FIGURE_COLUMNS.map((c) => [c, 0])) as Sums;
const sumsOf = (r: Record<string, unknown>): Sums => Object.fromEntries(FIGURE_COLUMNS.map((c) => [c, num(r[c])])) as Sums;
const rate = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000);

export function figures(s: Sums): TakeFigures {
  return {
    items: s.items,
    quantity: s.quantity,
    amountFen: s.amount_fen,
    took: s.took,
    tookPart: s.took_part,
    lack: s.lack,
    nextDay: s.next_day,
    stopped: s.stopped,
    tookQuantity: s.took_quantity,
    tookFen: s.took_fen,
    takeRate: rate(s.took + s.took_part, s.items),
    lackRate: rate(s.lack, s.items),
    avgTakeSeconds: s.take_timed === 0 ? null : Math.round(s.take_seconds / s.take_timed),
  };
}

/** Every Beijing day of [from, to], in order. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The label of the period a day falls in (the same as the SQL's: a week by its Monday). */
export function periodOf(day: string, period: StatisticsPeriod): string {
  if (period === 'MONTH') return day.slice(0, 7);
  if (period === 'DAY') return day;
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** Display names of the split's keys (organisations, pickers); the other keys are their own names. */
async function keyNames(db: Db, split: StatisticsSplit, keys: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const ids = keys.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  if ((split === 'SELLER' || split === 'PURCHASER') && ids.length > 0) {
    const rows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from organisations where id = any(${`{${ids.join(',')}}`}::int[])`);
    for (const r of rows) names.set(String(r.id), r.name);
  }
  if (split === 'PICKER') {
    if (ids.length > 0) {
      const rows = await queryRows<{ id: number; name: string }>(
        db,
        sql`select id, coalesce(name, username) as name from users where id = any(${`{${ids.join(',')}}`}::int[])`,
      );
      for (const r of rows) names.set(String(r.id), r.name);
    }
    names.set('0', '未分配');
  }
  if (split === 'SHOP') {
    for (const [k, v] of await shopNames(db, ids)) names.set(k, v);
    names.set('0', '（无店铺）');
  }
  if (split === 'CHANNEL') {
    for (const k of keys) names.set(k, CHANNEL_NAMES[k as Channel] ?? k);
    names.set('', '（无店铺）');
  }
  return names;
}

/**
 * The take figures of the caller's scope. The shop and channel splits (and the shop filter, which
 * the contract allows only with them) are a seller's: a purchaser serves many sellers and sees them,
 * not their shops, so its call is refused (decision 0037, "Shop and channel splits").
 */
export async function takeStatistics(db: Db, caller: Caller, q: TakeStatisticsBody): Promise<TakeStatisticsResult> {
  const scope = scopeOf(caller);
  const ownOnly = 'pickerId' in scope && scope.pickerId !== undefined;
  if (SHOP_SPLITS.includes(q.split) && caller.orgType !== 'seller') throw new AppError(ErrorCode.STATISTICS_SELLER_SPLIT, undefined, 403);
  const shopIds = q.shopIds ?? [];
  if (!(await areSellersShops(db, caller.orgId, shopIds))) throw new AppError(ErrorCode.NOT_FOUND, '店铺不存在', 404);
  // A picker's own numbers have a single picker and no purchaser to split by.
  const split: StatisticsSplit = ownOnly && (q.split === 'PICKER' || q.split === 'PURCHASER') ? 'NONE' : q.split;
  const rows = await viewRows(db, scope, q.startDay, q.endDay, q.period, split, shopIds);
  const keys = await keyTotals(db, scope, q.startDay, q.endDay, split, shopIds);
  const names = await keyNames(
    db,
    split,
    keys.map((k) => String(k.key)),
  );
  const name = (k: string) => (split === 'NONE' ? '合计' : (names.get(k) ?? (k === '' ? '（未填）' : k)));
  const total = zero();
  for (const k of keys) for (const c of FIGURE_COLUMNS) total[c] += num(k[c]);
  return {
    startDay: q.startDay,
    endDay: q.endDay,
    period: q.period,
    split,
    periods: [...new Set(daysOf(q.startDay, q.endDay).map((d) => periodOf(d, q.period)))],
    rows: rows.map((r) => ({ period: r.period, key: String(r.key), keyName: name(String(r.key)), ...figures(sumsOf(r)) })),
    keys: keys.map((k) => ({ key: String(k.key), keyName: name(String(k.key)), ...figures(sumsOf(k)) })),
    total: figures(total),
    ownOnly,
  };
}

export type DailyTotal = { day: string } & TakeFigures;

/**
 * Per Beijing day of [fromDay, toDay] (every day, empty ones as zeros), the take-item figures of an
 * organisation: a seller's items, a purchaser's, or one picker's of a purchaser. For the workbench's
 * today-vs-yesterday and 7-day chart; reads only the rollup.
 */
export async function dailyTotals(
  db: Db,
  org: number,
  audience: 'seller' | 'purchaser' | { pickerId: number },
  fromDay: string,
  toDay: string,
): Promise<DailyTotal[]> {
  const scope: Scope =
    audience === 'seller' ? { sellerOrgId: org } : audience === 'purchaser' ? { purchaserOrgId: org } : { purchaserOrgId: org, pickerId: audience.pickerId };
  const rows = await viewRows(db, scope, fromDay, toDay, 'DAY', 'NONE');
  const byDay = new Map(rows.map((r) => [r.period, sumsOf(r)]));
  return daysOf(fromDay, toDay).map((day) => ({ day, ...figures(byDay.get(day) ?? zero()) }));
}

/** A purchaser's main account rebuilds its own rollups of a range (a sub-account sees only its own numbers, so it may not). */
export async function rebuildOwn(db: Db, caller: Caller, fromDay: string, toDay: string) {
  if (caller.orgType !== 'purchaser' || !caller.isMain) throw new AppError(ErrorCode.STATISTICS_MAIN_ONLY, undefined, 403);
  const r = await rebuildStatistics(db, fromDay, toDay, caller.orgId);
  return { days: r.days };
}

/** Rebuilds the take rollup (every grain) of [fromDay, toDay] from the raw rows, one purchaser at a time (each in its own transaction). */
export async function rebuildTakeRollup(db: Db, fromDay: string, toDay: string, purchaserOrgId?: number) {
  const orgs = purchaserOrgId === undefined ? await purchasersWithItems(db) : [purchaserOrgId];
  for (const org of orgs) await inTransaction(db, (t) => rebuildTakeRows(t, org, fromDay, toDay));
  return { days: daysOf(fromDay, toDay).length, orgs: orgs.length };
}

/**
 * Rebuilds every rollup of [fromDay, toDay]: the take rollup as `rebuildTakeRollup`, and the
 * after-sale rollup — one purchaser's (the orders it serves) or, for all, one seller at a time; for
 * all, also 利润统计's rows of every seller built so far (a seller's figures, not a purchaser's).
 */
export async function rebuildStatistics(db: Db, fromDay: string, toDay: string, purchaserOrgId?: number) {
  const take = await rebuildTakeRollup(db, fromDay, toDay, purchaserOrgId);
  const owners: AfterSaleOwner[] =
    purchaserOrgId === undefined ? (await sellersWithAfterSales(db)).map((sellerOrgId) => ({ sellerOrgId })) : [{ purchaserOrgId }];
  for (const owner of owners) await inTransaction(db, (t) => rebuildAfterSales(t, owner, fromDay, toDay));
  const profitSellers = purchaserOrgId === undefined ? await rebuildAllProfit(db, fromDay, toDay) : 0;
  return { ...take, sellers: purchaserOrgId === undefined ? owners.length : 0, profitSellers };
}
