/**
 * Reads of the take-item rollup for the statistics pages and the workbench: sums of the daily rows
 * of one scope (a purchaser, a seller, or one picker of a purchaser) over a range of Beijing days,
 * by period and by one dimension. Cost follows the range, never the raw history.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { FIGURE_COLUMNS, type FigureColumn, GRAINS } from './rollup.repository.js';

/** Whose numbers: a seller's items, a purchaser's, or only one picker's of a purchaser. */
export type Scope = { sellerOrgId: number } | { purchaserOrgId: number; pickerId?: number };

export type Period = 'DAY' | 'WEEK' | 'MONTH';
export type Split = 'NONE' | 'SELLER' | 'PURCHASER' | 'PICKER' | 'MARKET_AREA' | 'STALL' | 'GOODS' | 'SHOP' | 'CHANNEL';

/** Only these shops (the shop grain's filter; the service checks they are the seller's). */
export type ShopFilter = number[] | undefined;

function scopeWhere(scope: Scope, shopIds: ShopFilter): SQL {
  const shops = shopIds && shopIds.length > 0 ? sql` and r.shop_id = any(${`{${shopIds.join(',')}}`}::int[])` : sql``;
  if ('sellerOrgId' in scope) return sql`r.seller_org_id = ${scope.sellerOrgId}${shops}`;
  return scope.pickerId === undefined
    ? sql`r.purchaser_org_id = ${scope.purchaserOrgId}`
    : sql`r.purchaser_org_id = ${scope.purchaserOrgId} and r.picker_id = ${scope.pickerId}`;
}

// The bare `day` is the rollup's: the shops joined for the channel have none.
export const PERIOD: Record<Period, string> = {
  DAY: `to_char(day, 'YYYY-MM-DD')`,
  // ISO weeks start on Monday; the label is the Monday's date.
  WEEK: `to_char(date_trunc('week', day), 'YYYY-MM-DD')`,
  MONTH: `to_char(day, 'YYYY-MM')`,
};

const SPLIT: Record<Split, string> = {
  NONE: `''`,
  SELLER: `r.seller_org_id::text`,
  PURCHASER: `r.purchaser_org_id::text`,
  PICKER: `r.picker_id::text`,
  MARKET_AREA: `r.market_area`,
  STALL: `r.stall_name`,
  GOODS: `r.stall_name || ' / ' || r.art_no`,
  SHOP: `r.shop_id::text`,
  // A shop's platform never changes, so the shop grain keeps the shop and the platform is read through it.
  CHANNEL: `coalesce(s.channel, '')`,
};

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const d = new Date(`${firstOfMonth(day)}T00:00:00Z`);
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
};

/** The whole calendar months inside [fromDay, toDay], as their first days, or null. */
export function wholeMonths(fromDay: string, toDay: string): { first: string; last: string } | null {
  const first = fromDay.endsWith('-01') ? fromDay : nextMonth(fromDay);
  const afterTo = dayOf(Date.parse(`${toDay}T00:00:00Z`) + DAY_MS);
  // toDay ends its month when the day after it opens the next one.
  const last = afterTo.endsWith('-01') ? firstOfMonth(toDay) : dayOf(Date.UTC(Number(toDay.slice(0, 4)), Number(toDay.slice(5, 7)) - 2, 1));
  return first <= last ? { first, last } : null;
}

const STALL_COLUMNS = ['purchaser_org_id', 'picker_id', 'market_area', 'stall_name', ...FIGURE_COLUMNS].join(', ');

/**
 * A purchaser's (or picker's) stall rows of [fromDay, toDay] named `r` with a `day`: with `months`,
 * the whole months from the month grain (their first day as `day`) and only the edge days from the
 * day grain; a month row sums what its days' rows sum, so every per-month or per-key sum is the same.
 */
function stallRows(scope: Scope, fromDay: string, toDay: string, months: boolean) {
  const whole = months ? wholeMonths(fromDay, toDay) : null;
  const days = sql`select ${sql.raw(STALL_COLUMNS)}, day from ${sql.raw(GRAINS.stall.table)} r where ${scopeWhere(scope, undefined)}`;
  if (!whole) return sql`(${days}) r`;
  return sql`(select ${sql.raw(STALL_COLUMNS)}, month as day from ${sql.raw(GRAINS.stallMonth.table)} r
      where ${scopeWhere(scope, undefined)} and r.month between ${whole.first}::date and ${whole.last}::date
    union all ${days} and (r.day < ${whole.first}::date or r.day >= ${nextMonth(whole.last)}::date)) r`;
}

/**
 * Goods need the fine grain, stall the stall grains (a seller's stall split the fine one: the stall
 * grains have no seller), shop and channel the shop grain (a seller's splits, whose rows also
 * answer a shop filter); every other split reads the coarse one. `months`: the answer sums whole
 * months together (by month, or no period), so a month grain may serve them.
 */
function tableOf(split: Split, scope: Scope, shopIds: ShopFilter, fromDay: string, toDay: string, months: boolean) {
  if (split === 'GOODS' || (split === 'STALL' && 'sellerOrgId' in scope)) return sql.raw(`${GRAINS.fine.table} r`);
  if (split === 'STALL') return stallRows(scope, fromDay, toDay, months);
  if (split === 'SHOP' || split === 'CHANNEL' || (shopIds && shopIds.length > 0))
    return sql.raw(`${GRAINS.shop.table} r${split === 'CHANNEL' ? ' left join shops s on s.id = r.shop_id' : ''}`);
  return sql.raw(`${GRAINS.area.table} r`);
}

export type ViewRow = { period: string; key: string } & Record<FigureColumn, string | number>;

// A bucket whose items all moved to another (a re-assignment) keeps a row of zeros: `having` leaves it out.
const SUMS = sql.raw(FIGURE_COLUMNS.map((c) => `coalesce(sum(r.${c}), 0) as ${c}`).join(', '));

/** Figures of the scope over [fromDay, toDay], by period and by the split's key. */
export function viewRows(db: Db, scope: Scope, fromDay: string, toDay: string, period: Period, split: Split, shopIds?: ShopFilter) {
  return queryRows<ViewRow>(
    db,
    sql`select ${sql.raw(PERIOD[period])} as period, ${sql.raw(SPLIT[split])} as key, ${SUMS}
        from ${tableOf(split, scope, shopIds, fromDay, toDay, period === 'MONTH')} where ${scopeWhere(scope, shopIds)} and r.day between ${fromDay}::date and ${toDay}::date
        group by 1, 2 having sum(r.items) <> 0 order by 1, 2`,
  );
}

/** The same figures by the split's key alone (the table's totals per row, the chart's split). */
export function keyTotals(db: Db, scope: Scope, fromDay: string, toDay: string, split: Split, shopIds?: ShopFilter) {
  return queryRows<Omit<ViewRow, 'period'>>(
    db,
    sql`select ${sql.raw(SPLIT[split])} as key, ${SUMS}
        from ${tableOf(split, scope, shopIds, fromDay, toDay, true)} where ${scopeWhere(scope, shopIds)} and r.day between ${fromDay}::date and ${toDay}::date
        group by 1 having sum(r.items) <> 0 order by 1`,
  );
}

/** The bare GROUP BY over the raw take items that gives the same answer as `viewRows` (the bench's baseline and a test's oracle). */
export function rawViewRows(db: Db, scope: Scope, fromDay: string, toDay: string, period: Period, split: Split, shopIds?: ShopFilter) {
  const filtered = shopIds !== undefined && shopIds.length > 0;
  const shops = filtered ? sql` and coalesce(o.shop_id, 0) = any(${`{${shopIds.join(',')}}`}::int[])` : sql``;
  // Only the shop splits and filter read the order's shop (the bench's baseline of the other views stays a bare scan).
  const byShop = filtered || split === 'SHOP' || split === 'CHANNEL';
  const shopCols = byShop ? sql.raw('coalesce(o.shop_id, 0) as shop_id, sh.channel,') : sql``;
  const shopJoin = byShop ? sql.raw(' left join dropship_orders o on o.id = t.order_id left join shops sh on sh.id = o.shop_id') : sql``;
  const where =
    'sellerOrgId' in scope
      ? sql`t.seller_org_id = ${scope.sellerOrgId}`
      : scope.pickerId === undefined
        ? sql`t.purchaser_org_id = ${scope.purchaserOrgId}`
        : sql`t.purchaser_org_id = ${scope.purchaserOrgId} and coalesce(t.assigned_user_id, 0) = ${scope.pickerId}`;
  return queryRows<ViewRow>(
    db,
    sql`select ${sql.raw(PERIOD[period])} as period, ${sql.raw(SPLIT[split].replace('s.channel', 'r.channel'))} as key, ${SUMS}
        from (select t.purchaser_org_id, t.seller_org_id, (t.created_at at time zone 'Asia/Shanghai')::date as day,
                coalesce(t.assigned_user_id, 0) as picker_id, t.market_area, t.stall_name, t.art_no, ${shopCols}
                1 as items, t.quantity, t.quantity::bigint * t.unit_cost_fen as amount_fen,
                (t.taking_status = 'TOOK')::int as took, (t.taking_status = 'TOOK_PART')::int as took_part,
                (t.taking_status = 'E_LACK_TAKING')::int as lack, (t.taking_status = 'E_NEXT_TAKING')::int as next_day,
                (t.assignment_status in ('CLOSE', 'E_STOP_TAKING', 'E_STOP_PRODUCTION'))::int as stopped,
                t.took_quantity, t.took_quantity::bigint * coalesce(t.took_price_fen, 0) as took_fen,
                case when t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null
                  then floor(extract(epoch from t.took_at - t.assigned_at))::bigint else 0 end as take_seconds,
                (t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null)::int as take_timed
              from take_items t${shopJoin}
              where ${where}${shops}
                and t.created_at >= (${fromDay}::date::timestamp at time zone 'Asia/Shanghai')
                and t.created_at < ((${toDay}::date + 1)::timestamp at time zone 'Asia/Shanghai')) r
        group by 1, 2 order by 1, 2`,
  );
}
