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
export type Split = 'NONE' | 'SELLER' | 'PURCHASER' | 'PICKER' | 'MARKET_AREA' | 'STALL' | 'GOODS';

function scopeWhere(scope: Scope): SQL {
  if ('sellerOrgId' in scope) return sql`seller_org_id = ${scope.sellerOrgId}`;
  return scope.pickerId === undefined
    ? sql`purchaser_org_id = ${scope.purchaserOrgId}`
    : sql`purchaser_org_id = ${scope.purchaserOrgId} and picker_id = ${scope.pickerId}`;
}

export const PERIOD: Record<Period, string> = {
  DAY: `to_char(day, 'YYYY-MM-DD')`,
  // ISO weeks start on Monday; the label is the Monday's date.
  WEEK: `to_char(date_trunc('week', day), 'YYYY-MM-DD')`,
  MONTH: `to_char(day, 'YYYY-MM')`,
};

const SPLIT: Record<Split, string> = {
  NONE: `''`,
  SELLER: `seller_org_id::text`,
  PURCHASER: `purchaser_org_id::text`,
  PICKER: `picker_id::text`,
  MARKET_AREA: `market_area`,
  STALL: `stall_name`,
  GOODS: `stall_name || ' / ' || art_no`,
};

/** Stall and goods need the fine grain; every other split reads the coarse one. */
const tableOf = (split: Split) => sql.raw(split === 'STALL' || split === 'GOODS' ? GRAINS.fine.table : GRAINS.area.table);

export type ViewRow = { period: string; key: string } & Record<FigureColumn, string | number>;

// A bucket whose items all moved to another (a re-assignment) keeps a row of zeros: `having` leaves it out.
const SUMS = sql.raw(FIGURE_COLUMNS.map((c) => `coalesce(sum(${c}), 0) as ${c}`).join(', '));

/** Figures of the scope over [fromDay, toDay], by period and by the split's key. */
export function viewRows(db: Db, scope: Scope, fromDay: string, toDay: string, period: Period, split: Split) {
  return queryRows<ViewRow>(
    db,
    sql`select ${sql.raw(PERIOD[period])} as period, ${sql.raw(SPLIT[split])} as key, ${SUMS}
        from ${tableOf(split)} where ${scopeWhere(scope)} and day between ${fromDay}::date and ${toDay}::date
        group by 1, 2 having sum(items) <> 0 order by 1, 2`,
  );
}

/** The same figures by the split's key alone (the table's totals per row, the chart's split). */
export function keyTotals(db: Db, scope: Scope, fromDay: string, toDay: string, split: Split) {
  return queryRows<Omit<ViewRow, 'period'>>(
    db,
    sql`select ${sql.raw(SPLIT[split])} as key, ${SUMS}
        from ${tableOf(split)} where ${scopeWhere(scope)} and day between ${fromDay}::date and ${toDay}::date
        group by 1 having sum(items) <> 0 order by 1`,
  );
}

/** The bare GROUP BY over the raw take items that gives the same answer as `viewRows` (the bench's baseline and a test's oracle). */
export function rawViewRows(db: Db, scope: Scope, fromDay: string, toDay: string, period: Period, split: Split) {
  const where =
    'sellerOrgId' in scope
      ? sql`t.seller_org_id = ${scope.sellerOrgId}`
      : scope.pickerId === undefined
        ? sql`t.purchaser_org_id = ${scope.purchaserOrgId}`
        : sql`t.purchaser_org_id = ${scope.purchaserOrgId} and coalesce(t.assigned_user_id, 0) = ${scope.pickerId}`;
  return queryRows<ViewRow>(
    db,
    sql`select ${sql.raw(PERIOD[period])} as period, ${sql.raw(SPLIT[split])} as key, ${SUMS}
        from (select t.purchaser_org_id, t.seller_org_id, (t.created_at at time zone 'Asia/Shanghai')::date as day,
                coalesce(t.assigned_user_id, 0) as picker_id, t.market_area, t.stall_name, t.art_no,
                1 as items, t.quantity, t.quantity::bigint * t.unit_cost_fen as amount_fen,
                (t.taking_status = 'TOOK')::int as took, (t.taking_status = 'TOOK_PART')::int as took_part,
                (t.taking_status = 'E_LACK_TAKING')::int as lack, (t.taking_status = 'E_NEXT_TAKING')::int as next_day,
                (t.assignment_status in ('CLOSE', 'E_STOP_TAKING', 'E_STOP_PRODUCTION'))::int as stopped,
                t.took_quantity, t.took_quantity::bigint * coalesce(t.took_price_fen, 0) as took_fen,
                case when t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null
                  then floor(extract(epoch from t.took_at - t.assigned_at))::bigint else 0 end as take_seconds,
                (t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null)::int as take_timed
              from take_items t where ${where}
                and t.created_at >= (${fromDay}::date::timestamp at time zone 'Asia/Shanghai')
                and t.created_at < ((${toDay}::date + 1)::timestamp at time zone 'Asia/Shanghai')) x
        group by 1, 2 order by 1, 2`,
  );
}
