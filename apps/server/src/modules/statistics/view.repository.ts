/**
 * Reads of the take-item rollup for the statistics pages and the workbench: sums of the daily rows
 * of one scope (a purchaser, a seller, or one picker of a purchaser) over a range of Beijing days,
 * by period and by one dimension. Cost follows the range, never the raw history.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { calendarSpans, type SpanGrain } from './calendar-spans.js';
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

const STALL_COLUMNS = ['purchaser_org_id', 'picker_id', 'market_area', 'stall_name', ...FIGURE_COLUMNS].join(', ');
const STALL_TABLE: Record<SpanGrain, { table: string; column: string }> = {
  month: { table: GRAINS.stallMonth.table, column: 'month' },
  week: { table: GRAINS.stallWeek.table, column: 'week' },
  day: { table: GRAINS.stall.table, column: 'day' },
};

/**
 * A purchaser's (or picker's) stall rows of [fromDay, toDay] named `r` with a `day` (a month's or a
 * week's first day for their rows): the range's whole months from the month grain, its whole weeks
 * within a month from the week grain and the days left over from the day grain, as far as the
 * view's period allows. A month or week row sums what its days' rows sum, and its first day falls in
 * the same month as each of its days (a week's also in the same ISO week), so every per-period or
 * per-key sum is the same.
 * `coarsest`: the view's period (a view by week cannot use a month, one by day only days).
 */
function stallRows(scope: Scope, fromDay: string, toDay: string, coarsest: Period) {
  const spans = calendarSpans(fromDay, toDay, { months: coarsest === 'MONTH', weeks: coarsest !== 'DAY' });
  // An empty range (from after to) still needs a well-formed table: the day grain, matching nothing.
  if (spans.length === 0) spans.push({ grain: 'day', first: fromDay, last: toDay });
  const parts = spans.map(({ grain, first, last }) => {
    const { table, column } = STALL_TABLE[grain];
    return sql`select ${sql.raw(STALL_COLUMNS)}, ${sql.raw(column)} as day from ${sql.raw(table)} r
      where ${scopeWhere(scope, undefined)} and r.${sql.raw(column)} between ${first}::date and ${last}::date`;
  });
  return sql`(${sql.join(parts, sql` union all `)}) r`;
}

/**
 * Goods need the fine grain, stall the stall grains (a seller's stall split the fine one: the stall
 * grains have no seller), shop and channel the shop grain (a seller's splits, whose rows also
 * answer a shop filter); every other split reads the coarse one. `coarsest`: the answer sums whole
 * months (by month, or no period) or weeks together, so a month or week grain may serve them.
 */
function tableOf(split: Split, scope: Scope, shopIds: ShopFilter, fromDay: string, toDay: string, coarsest: Period) {
  if (split === 'GOODS' || (split === 'STALL' && 'sellerOrgId' in scope)) return sql.raw(`${GRAINS.fine.table} r`);
  if (split === 'STALL') return stallRows(scope, fromDay, toDay, coarsest);
  if (split === 'SHOP' || split === 'CHANNEL' || (shopIds && shopIds.length > 0))
    return sql.raw(`${GRAINS.shop.table} r${split === 'CHANNEL' ? ' left join shops s on s.id = r.shop_id' : ''}`);
  return sql.raw(`${GRAINS.area.table} r`);
}

export type ViewRow = { period: string; key: string } & Record<FigureColumn, string | number>;

// A bucket whose items all moved to another (a re-assignment) keeps a row of zeros: `having` leaves it out.
// The figures travel as one comma-separated text, split by `unpack`: PGlite pays per field of a
// result, and a per-stall view answers thousands of rows (measured, 1,600 rows: 12 sum fields
// ~30 ms, one text field ~6 ms, the query itself ~16 ms).
const SUMS = sql.raw(`concat_ws(',', ${FIGURE_COLUMNS.map((c) => `coalesce(sum(r.${c}), 0)`).join(', ')}) as figures`);

/** The rows with their packed figures spread back into columns, as numbers. */
async function unpack<K extends object>(rows: Promise<(K & { figures: string })[]>): Promise<(K & Record<FigureColumn, number>)[]> {
  return (await rows).map(({ figures, ...rest }) => {
    const values = figures.split(',');
    const out = rest as unknown as K & Record<FigureColumn, number>;
    FIGURE_COLUMNS.forEach((c, i) => {
      out[c] = Number(values[i]);
    });
    return out;
  });
}

/** Figures of the scope over [fromDay, toDay], by period and by the split's key. */
export function viewRows(db: Db, scope: Scope, fromDay: string, toDay: string, period: Period, split: Split, shopIds?: ShopFilter) {
  return unpack(
    queryRows<{ period: string; key: string; figures: string }>(
      db,
      sql`select ${sql.raw(PERIOD[period])} as period, ${sql.raw(SPLIT[split])} as key, ${SUMS}
        from ${tableOf(split, scope, shopIds, fromDay, toDay, period)} where ${scopeWhere(scope, shopIds)} and r.day between ${fromDay}::date and ${toDay}::date
        group by 1, 2 having sum(r.items) <> 0 order by 1, 2`,
    ),
  );
}

/** The same figures by the split's key alone (the table's totals per row, the chart's split). */
export function keyTotals(db: Db, scope: Scope, fromDay: string, toDay: string, split: Split, shopIds?: ShopFilter) {
  return unpack(
    queryRows<{ key: string; figures: string }>(
      db,
      sql`select ${sql.raw(SPLIT[split])} as key, ${SUMS}
        from ${tableOf(split, scope, shopIds, fromDay, toDay, 'MONTH')} where ${scopeWhere(scope, shopIds)} and r.day between ${fromDay}::date and ${toDay}::date
        group by 1 having sum(r.items) <> 0 order by 1`,
    ),
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
  return unpack(
    queryRows<{ period: string; key: string; figures: string }>(
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
    ),
  );
}
