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

/**
 * Grains of the same figures: the fine one (stat_take_daily, down to stall and goods) for the goods
 * split and a seller's stall split; the stall ones (stat_take_daily_stall and by month
 * stat_take_monthly_stall and by week within a month stat_take_weekly_stall, down to the stall
 * without goods or seller) for a purchaser's or a picker's stall split — a stall × goods × seller × day holds about one item, a stall's day dozens
 * and its month hundreds; the coarse one (stat_take_daily_area, down to picker and market area) for
 * every other take view — a purchaser's day has hundreds of stalls but a few dozen picker × area
 * pairs, and the view's cost follows the rows it sums — and the shop one (stat_take_daily_shop, by
 * the seller shop of the item's order) for 店铺拿退货统计 (decision 0037). A grain keyed by `month`
 * (a Beijing month's first day) or `week` (the first day of an ISO week's part in one month) is
 * rebuilt and compared by whole months or weeks.
 */
export const GRAINS = {
  fine: { table: 'stat_take_daily', keys: ['purchaser_org_id', 'seller_org_id', 'day', 'picker_id', 'market_area', 'stall_name', 'art_no'] },
  stall: { table: 'stat_take_daily_stall', keys: ['purchaser_org_id', 'day', 'picker_id', 'market_area', 'stall_name'] },
  stallMonth: { table: 'stat_take_monthly_stall', keys: ['purchaser_org_id', 'month', 'picker_id', 'market_area', 'stall_name'] },
  stallWeek: { table: 'stat_take_weekly_stall', keys: ['purchaser_org_id', 'week', 'picker_id', 'market_area', 'stall_name'] },
  area: { table: 'stat_take_daily_area', keys: ['purchaser_org_id', 'seller_org_id', 'day', 'picker_id', 'market_area'] },
  shop: { table: 'stat_take_daily_shop', keys: ['purchaser_org_id', 'seller_org_id', 'day', 'shop_id'] },
} as const;
export type Grain = keyof typeof GRAINS;

export const KEY_COLUMNS = GRAINS.fine.keys;
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

const BEIJING = `(t.created_at at time zone 'Asia/Shanghai')`;
const TIMED = `t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null`;
const KEY_EXPR: Record<string, string> = {
  purchaser_org_id: 't.purchaser_org_id',
  seller_org_id: 't.seller_org_id',
  day: `${BEIJING}::date`,
  month: `date_trunc('month', ${BEIJING})::date`,
  week: `greatest(date_trunc('week', ${BEIJING}), date_trunc('month', ${BEIJING}))::date`,
  picker_id: 'coalesce(t.assigned_user_id, 0)',
  market_area: 't.market_area',
  stall_name: 't.stall_name',
  art_no: 't.art_no',
  shop_id: 'coalesce(o.shop_id, 0)',
};

/** The grain's keys and the figures of a set of take-item rows named `t`, times `sign`, grouped and ordered by the keys. */
function rollupSelect(grain: Grain, sign: 1 | -1, from: string) {
  const s = sign === 1 ? '' : '-';
  const keys = GRAINS[grain].keys;
  const n = keys.map((_, i) => i + 1).join(', ');
  return `select ${keys.map((k) => `${KEY_EXPR[k]} as ${k}`).join(', ')},
      ${s}count(*) as items, ${s}sum(t.quantity) as quantity, ${s}sum(t.quantity::bigint * t.unit_cost_fen) as amount_fen,
      ${s}count(*) filter (where t.taking_status = 'TOOK') as took,
      ${s}count(*) filter (where t.taking_status = 'TOOK_PART') as took_part,
      ${s}count(*) filter (where t.taking_status = 'E_LACK_TAKING') as lack,
      ${s}count(*) filter (where t.taking_status = 'E_NEXT_TAKING') as next_day,
      ${s}count(*) filter (where t.assignment_status in ('CLOSE', 'E_STOP_TAKING', 'E_STOP_PRODUCTION')) as stopped,
      ${s}sum(t.took_quantity) as took_quantity,
      ${s}sum(t.took_quantity::bigint * coalesce(t.took_price_fen, 0)) as took_fen,
      ${s}coalesce(sum(floor(extract(epoch from t.took_at - t.assigned_at))::bigint) filter (where ${TIMED}), 0) as take_seconds,
      ${s}count(*) filter (where ${TIMED}) as take_timed
    from ${from}${keys.some((k) => k === 'shop_id') ? ' left join dropship_orders o on o.id = t.order_id' : ''} group by ${n} order by ${n}`;
}

/** insert … select … on conflict add: the rows of `select` added to the grain's table. */
function upsertInto(grain: Grain, select: string) {
  const { table, keys } = GRAINS[grain];
  return `insert into ${table} (${[...keys, ...FIGURE_COLUMNS].join(', ')}) ${select}
    on conflict (${keys.join(', ')}) do update set ${FIGURE_COLUMNS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;
}

/**
 * Adds (+1) or takes out (-1) the contribution of the take items matching `where` (a condition on
 * take_items' own columns, unqualified) to every grain, in one statement. Taking out locks the rows
 * (for update) so that what is subtracted is what the write that follows changes.
 */
export async function takeDelta(db: Db, where: SQL, sign: 1 | -1) {
  await db.execute(
    sql`with t as (select * from take_items where ${where} ${sql.raw(sign === -1 ? 'for update' : '')}),
        fine as (${sql.raw(upsertInto('fine', rollupSelect('fine', sign, 't')))}),
        stall as (${sql.raw(upsertInto('stall', rollupSelect('stall', sign, 't')))}),
        stall_month as (${sql.raw(upsertInto('stallMonth', rollupSelect('stallMonth', sign, 't')))}),
        stall_week as (${sql.raw(upsertInto('stallWeek', rollupSelect('stallWeek', sign, 't')))}),
        shop as (${sql.raw(upsertInto('shop', rollupSelect('shop', sign, 't')))})
        ${sql.raw(upsertInto('area', rollupSelect('area', sign, 't')))}`,
  );
}

/** Runs `write` between taking out and adding back the items matching `where` (which must still match them after the write). */
export async function withTakeRollup<T>(db: Db, where: SQL, write: () => Promise<T>): Promise<T> {
  await takeDelta(db, where, -1);
  const result = await write();
  await takeDelta(db, where, 1);
  return result;
}

const beijingStart = (day: SQL) => sql`(${day}::timestamp at time zone 'Asia/Shanghai')`;
const beijingEnd = (day: SQL) => sql`((${day} + 1)::timestamp at time zone 'Asia/Shanghai')`;

export type RollupRow = Record<string, string | number>;

const timeColumn = (grain: Grain) => (GRAINS[grain].keys as readonly string[]).find((k) => k === 'month' || k === 'week') ?? 'day';

/** The grain's time column and the range [from, to] it covers: a month or week grain widens the days to their whole months or weeks. */
function span(grain: Grain, fromDay: string, toDay: string) {
  const column = timeColumn(grain);
  const from = sql`${fromDay}::date::timestamp`;
  const to = sql`${toDay}::date::timestamp`;
  const monthEnd = (d: SQL) => sql`(date_trunc('month', ${d}) + interval '1 month - 1 day')`;
  if (column === 'month') return { column, from: sql`date_trunc('month', ${from})::date`, to: sql`${monthEnd(to)}::date` };
  if (column === 'week')
    return {
      column,
      from: sql`greatest(date_trunc('week', ${from}), date_trunc('month', ${from}))::date`,
      to: sql`least(date_trunc('week', ${to}) + interval '6 days', ${monthEnd(to)})::date`,
    };
  return { column, from: sql`${fromDay}::date`, to: sql`${toDay}::date` };
}

/** The raw take items of one purchaser created in the grain's span of [fromDay, toDay], as `t`. */
function rawItems(grain: Grain, org: number, fromDay: string, toDay: string) {
  const { from, to } = span(grain, fromDay, toDay);
  return sql`select * from take_items t where t.purchaser_org_id = ${org} and t.created_at >= ${beijingStart(from)} and t.created_at < ${beijingEnd(to)}`;
}

/** The grain's rollup recomputed from the raw take items of one purchaser, for the Beijing days [fromDay, toDay] (whole months or weeks for a month or week grain). */
export function rawTakeRows(db: Db, purchaserOrgId: number, fromDay: string, toDay: string, grain: Grain = 'fine') {
  return queryRows<RollupRow>(db, sql`with t as (${rawItems(grain, purchaserOrgId, fromDay, toDay)}) ${sql.raw(rollupSelect(grain, 1, 't'))}`);
}

/** The grain's stored rows of one purchaser for [fromDay, toDay] (rows summing to nothing left out). */
export function storedTakeRows(db: Db, purchaserOrgId: number, fromDay: string, toDay: string, grain: Grain = 'fine') {
  const { table, keys } = GRAINS[grain];
  const { column, from, to } = span(grain, fromDay, toDay);
  return queryRows<RollupRow>(
    db,
    sql`select ${sql.raw([...keys, ...FIGURE_COLUMNS].join(', '))} from ${sql.raw(table)}
        where purchaser_org_id = ${purchaserOrgId} and ${sql.raw(column)} between ${from} and ${to} and items <> 0
        ${sql.raw(`order by ${keys.map((_, i) => i + 1).join(', ')}`)}`,
  );
}

/**
 * Replaces one purchaser's rows of [fromDay, toDay] in every grain by the raw figures (a month or
 * week grain's whole months or weeks). The table locks (EXCLUSIVE: reads go on, rollup writes wait) keep a
 * concurrent write's subtract-write-add from straddling the rebuild.
 */
export async function rebuildTakeRows(db: Db, purchaserOrgId: number, fromDay: string, toDay: string) {
  await db.execute(
    sql.raw(
      `lock table ${Object.values(GRAINS)
        .map((g) => g.table)
        .join(', ')} in exclusive mode`,
    ),
  );
  for (const grain of Object.keys(GRAINS) as Grain[]) {
    const { column, from, to } = span(grain, fromDay, toDay);
    await db.execute(
      sql`delete from ${sql.raw(GRAINS[grain].table)} where purchaser_org_id = ${purchaserOrgId} and ${sql.raw(column)} between ${from} and ${to}`,
    );
    await db.execute(sql`with t as (${rawItems(grain, purchaserOrgId, fromDay, toDay)}) ${sql.raw(upsertInto(grain, rollupSelect(grain, 1, 't')))}`);
  }
}

/** Purchaser organisations that have take items (the rebuild job walks them). */
export async function purchasersWithItems(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select distinct purchaser_org_id as id from take_items`);
  return rows.map((r) => Number(r.id));
}
