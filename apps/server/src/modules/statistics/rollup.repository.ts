/**
 * SQL of the take-item rollup (stat_take_daily, statistics.table.ts). Every write of a counted
 * column of take_items is bracketed by `takeDelta`: before the write the items' current
 * contribution is subtracted (their rows locked first, so a concurrent write waits), after it their
 * new one is added, in the writer's transaction. The figures are therefore always the sum over the
 * raw rows, which `rawTakeRows` recomputes for any range (the rebuild and the tests compare them).
 * Plain SQL on take_items, so this file imports no other module and any module may call it.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export const KEY_COLUMNS = ['purchaser_org_id', 'seller_org_id', 'day', 'picker_id', 'market_area', 'stall_name', 'art_no'] as const;
export const FIGURE_COLUMNS = [
  'items',
  'quantity',
  'amount_fen',
  'took',
  'took_part',
  'lack',
  'next_day',
  'stopped',
  'took_quantity',
  'took_fen',
  'take_seconds',
  'take_timed',
] as const;
export type FigureColumn = (typeof FIGURE_COLUMNS)[number];

const TIMED = `t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null`;

/** The key expressions and the figures of a set of take-item rows named `t`, times `sign`. */
function rollupSelect(sign: 1 | -1) {
  const s = sign === 1 ? '' : '-';
  return sql.raw(`t.purchaser_org_id, t.seller_org_id, (t.created_at at time zone 'Asia/Shanghai')::date as day,
      coalesce(t.assigned_user_id, 0) as picker_id, t.market_area, t.stall_name, t.art_no,
      ${s}count(*) as items, ${s}sum(t.quantity) as quantity, ${s}sum(t.quantity::bigint * t.unit_cost_fen) as amount_fen,
      ${s}count(*) filter (where t.taking_status = 'TOOK') as took,
      ${s}count(*) filter (where t.taking_status = 'TOOK_PART') as took_part,
      ${s}count(*) filter (where t.taking_status = 'E_LACK_TAKING') as lack,
      ${s}count(*) filter (where t.taking_status = 'E_NEXT_TAKING') as next_day,
      ${s}count(*) filter (where t.assignment_status in ('CLOSE', 'E_STOP_TAKING', 'E_STOP_PRODUCTION')) as stopped,
      ${s}sum(t.took_quantity) as took_quantity,
      ${s}sum(t.took_quantity::bigint * coalesce(t.took_price_fen, 0)) as took_fen,
      ${s}coalesce(sum(floor(extract(epoch from t.took_at - t.assigned_at))::bigint) filter (where ${TIMED}), 0) as take_seconds,
      ${s}count(*) filter (where ${TIMED}) as take_timed`);
}

const GROUP = sql.raw('group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7');
const UPSERT = sql.raw(
  `on conflict (${['purchaser_org_id', 'day', 'seller_org_id', 'picker_id', 'market_area', 'stall_name', 'art_no'].join(', ')}) do update set ${FIGURE_COLUMNS.map(
    (c) => `${c} = stat_take_daily.${c} + excluded.${c}`,
  ).join(', ')}`,
);
const INTO = sql.raw(`insert into stat_take_daily (${[...KEY_COLUMNS, ...FIGURE_COLUMNS].join(', ')})`);

/**
 * Adds (+1) or takes out (-1) the contribution of the take items matching `where` (a condition on
 * take_items' own columns, unqualified). Taking out locks the rows (for update) so that what is
 * subtracted is what the write that follows changes.
 */
export async function takeDelta(db: Db, where: SQL, sign: 1 | -1) {
  const source = sign === -1 ? sql`(select * from take_items where ${where} for update)` : sql`(select * from take_items where ${where})`;
  await db.execute(sql`${INTO} select ${rollupSelect(sign)} from ${source} t ${GROUP} ${UPSERT}`);
}

/** Runs `write` between taking out and adding back the items matching `where` (which must still match them after the write). */
export async function withTakeRollup<T>(db: Db, where: SQL, write: () => Promise<T>): Promise<T> {
  await takeDelta(db, where, -1);
  const result = await write();
  await takeDelta(db, where, 1);
  return result;
}

const beijingStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Shanghai')`;
const beijingEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Asia/Shanghai')`;

export type RollupRow = Record<(typeof KEY_COLUMNS)[number] | FigureColumn, string | number>;

/** The rollup recomputed from the raw take items of one purchaser, for the Beijing days [fromDay, toDay]. */
export function rawTakeRows(db: Db, purchaserOrgId: number, fromDay: string, toDay: string) {
  return queryRows<RollupRow>(
    db,
    sql`select ${rollupSelect(1)} from take_items t where t.purchaser_org_id = ${purchaserOrgId}
        and t.created_at >= ${beijingStart(fromDay)} and t.created_at < ${beijingEnd(toDay)} ${GROUP}`,
  );
}

/** The stored rollup rows of one purchaser for [fromDay, toDay] (rows summing to nothing left out). */
export function storedTakeRows(db: Db, purchaserOrgId: number, fromDay: string, toDay: string) {
  return queryRows<RollupRow>(
    db,
    sql`select ${sql.raw([...KEY_COLUMNS, ...FIGURE_COLUMNS].join(', '))} from stat_take_daily
        where purchaser_org_id = ${purchaserOrgId} and day between ${fromDay}::date and ${toDay}::date and items <> 0
        ${sql.raw('order by 1, 2, 3, 4, 5, 6, 7')}`,
  );
}

/**
 * Replaces one purchaser's rollup rows of [fromDay, toDay] by the raw figures. The table lock
 * (EXCLUSIVE: reads go on, rollup writes wait) keeps a concurrent write's subtract-write-add from
 * straddling the rebuild.
 */
export async function rebuildTakeRows(db: Db, purchaserOrgId: number, fromDay: string, toDay: string) {
  await db.execute(sql`lock table stat_take_daily in exclusive mode`);
  await db.execute(sql`delete from stat_take_daily where purchaser_org_id = ${purchaserOrgId} and day between ${fromDay}::date and ${toDay}::date`);
  await db.execute(
    sql`${INTO} select ${rollupSelect(1)} from take_items t where t.purchaser_org_id = ${purchaserOrgId}
        and t.created_at >= ${beijingStart(fromDay)} and t.created_at < ${beijingEnd(toDay)} ${GROUP}`,
  );
}

/** Purchaser organisations that have take items (the rebuild job walks them). */
export async function purchasersWithItems(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select distinct purchaser_org_id as id from take_items`);
  return rows.map((r) => Number(r.id));
}
