/**
 * Reads of the after-sale rollup for 退货统计: sums of one scope's daily rows (a seller's after-sales,
 * or a purchaser's) over a range of Beijing days, by period and by one key; and the take items
 * placed on the same days for the same key, the base of the return rate.
 */
import type { ReturnStatisticsSplit, StatisticsPeriod } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { RETURN_FIGURES, RETURN_TABLE, type ReturnFigure } from './return-rollup.repository.js';
import { GRAINS } from './rollup.repository.js';

/** A seller's after-sales or a purchaser's (the purchaser serving the orders). */
export type ReturnScope = { sellerOrgId: number } | { purchaserOrgId: number };

const scopeWhere = (s: ReturnScope): SQL => ('sellerOrgId' in s ? sql`seller_org_id = ${s.sellerOrgId}` : sql`purchaser_org_id = ${s.purchaserOrgId}`);

const PERIOD: Record<StatisticsPeriod, string> = {
  DAY: `to_char(day, 'YYYY-MM-DD')`,
  WEEK: `to_char(date_trunc('week', day), 'YYYY-MM-DD')`,
  MONTH: `to_char(day, 'YYYY-MM')`,
};

const SPLIT: Record<ReturnStatisticsSplit, string> = {
  NONE: `''`,
  SELLER: `seller_org_id::text`,
  PURCHASER: `purchaser_org_id::text`,
  SHOP: `shop_id::text`,
  STALL: `stall_name`,
  GOODS: `stall_name || ' / ' || art_no`,
  REASON: `reason`,
  TYPE: `type`,
};

/** The take rollup has the same key for these splits (the same expressions); the others' rate is against the whole period. */
export const SHARED_WITH_TAKE: ReadonlySet<ReturnStatisticsSplit> = new Set(['NONE', 'SELLER', 'PURCHASER', 'STALL', 'GOODS']);

export type ReturnViewRow = { period: string; key: string } & Record<ReturnFigure, string | number>;
const SUMS = sql.raw(RETURN_FIGURES.map((c) => `coalesce(sum(${c}), 0) as ${c}`).join(', '));

/** Figures over [fromDay, toDay] by period (or none: `withPeriod` false) and by the split's key. */
export function returnViewRows(db: Db, scope: ReturnScope, fromDay: string, toDay: string, period: StatisticsPeriod | null, split: ReturnStatisticsSplit) {
  const p = period === null ? `''` : PERIOD[period];
  return queryRows<ReturnViewRow>(
    db,
    sql`select ${sql.raw(p)} as period, ${sql.raw(SPLIT[split])} as key, ${SUMS}
        from ${sql.raw(RETURN_TABLE)} where ${scopeWhere(scope)} and day between ${fromDay}::date and ${toDay}::date
        group by 1, 2 having sum(cases) <> 0 order by 1, 2`,
  );
}

/** Take items placed over [fromDay, toDay] by period (or none) and by the split's key when the take rollup has it ('' otherwise). */
export function placedRows(db: Db, scope: ReturnScope, fromDay: string, toDay: string, period: StatisticsPeriod | null, split: ReturnStatisticsSplit) {
  const p = period === null ? `''` : PERIOD[period];
  const shared = SHARED_WITH_TAKE.has(split);
  // The stall grain has no seller: a seller's stall split reads the fine grain by its seller index.
  const table =
    split === 'GOODS' || (split === 'STALL' && 'sellerOrgId' in scope) ? GRAINS.fine.table : split === 'STALL' ? GRAINS.stall.table : GRAINS.area.table;
  return queryRows<{ period: string; key: string; items: string | number }>(
    db,
    sql`select ${sql.raw(p)} as period, ${sql.raw(shared ? SPLIT[split] : `''`)} as key, coalesce(sum(items), 0) as items
        from ${sql.raw(table)} where ${scopeWhere(scope)} and day between ${fromDay}::date and ${toDay}::date
        group by 1, 2`,
  );
}
