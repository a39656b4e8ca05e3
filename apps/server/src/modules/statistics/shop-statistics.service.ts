/**
 * 店铺拿退货统计 (decision 0037): per seller shop (or its platform) and period, the take items of the
 * shop's orders placed on the days — placed, taken, out of stock — and the after-sales made on
 * them, with the take rate and the return rate (after-sales / items placed). A seller's own only.
 */
import {
  CHANNEL_NAMES,
  type Channel,
  ErrorCode,
  type ShopFigures,
  type ShopStatisticsBody,
  type ShopStatisticsResult,
  type ShopStatisticsSplit,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { areSellersShops, SHOP_RETURN_FIGURES, SHOP_TAKE_FIGURES, type ShopViewRow, shopNames, shopReturnRows, shopTakeRows } from './shop-view.repository.js';
import { daysOf, periodOf } from './statistics.service.js';

const FIGURES = [...SHOP_TAKE_FIGURES, ...SHOP_RETURN_FIGURES];
type Sums = Record<(typeof FIGURES)[number], number>;
const zero = (): Sums => Object.fromEntries(FIGURES.map((c) => [c, 0])) as Sums;
const rate = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000);

function figures(s: Sums): ShopFigures {
  return {
    items: s.items,
    quantity: s.quantity,
    amountFen: s.amount_fen,
    took: s.took + s.took_part,
    tookQuantity: s.took_quantity,
    tookFen: s.took_fen,
    lack: s.lack,
    takeRate: rate(s.took + s.took_part, s.items),
    cases: s.cases,
    returnedQuantity: s.returned_quantity,
    refundFen: s.refund_fen,
    refundedFen: s.refunded_fen,
    returnRate: rate(s.cases, s.items),
  };
}

/** The take and after-sale rows merged by period and key, in order. */
function merge(...lists: ShopViewRow[][]): { period: string; key: string; sums: Sums }[] {
  const byKey = new Map<string, { period: string; key: string; sums: Sums }>();
  for (const list of lists)
    for (const r of list) {
      const id = `${r.period}\u0000${r.key}`;
      const cell = byKey.get(id) ?? { period: r.period, key: String(r.key), sums: zero() };
      for (const c of FIGURES) if (c in r) cell.sums[c] += Number(r[c] ?? 0);
      byKey.set(id, cell);
    }
  return [...byKey.values()].sort((a, b) => (a.period === b.period ? a.key.localeCompare(b.key) : a.period < b.period ? -1 : 1));
}

async function keyNames(db: Db, split: ShopStatisticsSplit, keys: string[]): Promise<(k: string) => string> {
  if (split === 'CHANNEL') return (k) => (k === '' ? '（无店铺）' : (CHANNEL_NAMES[k as Channel] ?? k));
  const names = await shopNames(
    db,
    keys.map(Number).filter((n) => n > 0),
  );
  return (k) => (k === '0' ? '（无店铺）' : (names.get(k) ?? k));
}

export async function shopStatistics(db: Db, caller: Caller, q: ShopStatisticsBody): Promise<ShopStatisticsResult> {
  const seller = caller.orgId;
  // The link's shop and the picker's, together.
  const shopIds = [...(q.shopId === undefined ? [] : [q.shopId]), ...(q.shopIds ?? [])];
  if (!(await areSellersShops(db, seller, shopIds))) throw new AppError(ErrorCode.NOT_FOUND, '店铺不存在', 404);
  const { startDay: from, endDay: to, period, split } = q;
  const rows = merge(await shopTakeRows(db, seller, from, to, period, split, shopIds), await shopReturnRows(db, seller, from, to, period, split, shopIds));
  const keys = merge(await shopTakeRows(db, seller, from, to, null, split, shopIds), await shopReturnRows(db, seller, from, to, null, split, shopIds));
  const name = await keyNames(
    db,
    split,
    keys.map((k) => k.key),
  );
  const total = zero();
  for (const k of keys) for (const c of FIGURES) total[c] += k.sums[c];
  return {
    startDay: from,
    endDay: to,
    period,
    split,
    periods: [...new Set(daysOf(from, to).map((d) => periodOf(d, period)))],
    rows: rows.map((r) => ({ period: r.period, key: r.key, keyName: name(r.key), ...figures(r.sums) })),
    keys: keys.map((k) => ({ key: k.key, keyName: name(k.key), ...figures(k.sums) })),
    total: figures(total),
  };
}
