/**
 * The workbench's day figures over the last days (today against yesterday, and the 7-day chart), Beijing
 * days. Closed days are read from `workbench_day_figures`, filled from the raw tables by one idempotent
 * statement the first time a closed day is asked for; only the days not closed yet (today, and
 * yesterday for `CLOSE_GRACE_MS` after midnight) are counted live from the raw tables, by an index on
 * (organisation, time) each. So a call costs one day of raw rows, not seven, whatever the history.
 * The take rollup (decision 0034) does not serve 拿货件数: it counts an item on the day it was placed,
 * the workbench on the day it was taken.
 */
import { beijingDay, beijingDayEnd, beijingDayStart, type WorkbenchFigureKey } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export type DaySeries = Partial<Record<WorkbenchFigureKey, Map<string, number>>>;

/**
 * A day is closed this long after its Beijing midnight. A writer stamps the time its transaction
 * started (`now()`) or its own clock and commits a little later; a day is kept only once no such
 * commit can still land in it.
 */
export const CLOSE_GRACE_MS = 10 * 60_000;

/**
 * One figure: what it sums (`count(*)`, `sum(total_fen)`) over the rows of `table` whose organisation
 * column is `org` and whose `time` falls in a day, by an index on (organisation, time) each.
 */
type Figure = { key: WorkbenchFigureKey; table: string; org: SQL; time: string; value: string; mine?: SQL };

const day = (col: string) => sql.raw(`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`);

const where = (f: Figure, from: Date, to: Date) => sql`${f.org} and ${sql.raw(f.time)} >= ${from} and ${sql.raw(f.time)} < ${to}${f.mine ?? sql``}`;

/** The figure per Beijing day over [from, to): the closed days' keeping reads several days at once. */
const perDay = (f: Figure, from: Date, to: Date) =>
  sql`select ${day(f.time)} as day, ${sql.raw(f.value)} as v from ${sql.raw(f.table)} where ${where(f, from, to)} group by 1`;

/** The figure of one day as a scalar: the live days' count walks the index range without a per-row day label. */
const ofDay = (f: Figure, d: string) =>
  sql`coalesce((select ${sql.raw(f.value)} from ${sql.raw(f.table)} where ${where(f, beijingDayStart(d), beijingDayEnd(d))}), 0)::bigint`;

const sellerSet = (org: number): Figure[] => [
  { key: 'ORDERS_PLACED', table: 'dropship_orders', org: sql`org_id = ${org}`, time: 'created_at', value: 'count(*)' },
  { key: 'ORDERS_PAID_FEN', table: 'dropship_orders', org: sql`org_id = ${org}`, time: 'paid_at', value: 'sum(total_fen)' },
  { key: 'ORDERS_SHIPPED', table: 'dropship_orders', org: sql`org_id = ${org}`, time: 'delivered_at', value: 'count(*)' },
  { key: 'SIGNED', table: 'courier_traces', org: sql`seller_org_id = ${org}`, time: 'signed_at', value: 'count(*)' },
];

const tookFigure = (org: number, pickerId?: number): Figure => ({
  key: 'ITEMS_TOOK',
  table: 'take_items',
  org: sql`purchaser_org_id = ${org}`,
  time: 'took_at',
  value: 'count(*)',
  mine: pickerId === undefined ? undefined : sql` and assigned_user_id = ${pickerId}`,
});

const purchaserSet = (org: number): Figure[] => [
  tookFigure(org),
  { key: 'ORDERS_SHIPPED', table: 'waybills', org: sql`purchaser_org_id = ${org}`, time: 'created_at', value: 'count(*)' },
  { key: 'SIGNED', table: 'courier_traces', org: sql`purchaser_org_id = ${org}`, time: 'signed_at', value: 'count(*)' },
];

const textArray = (xs: string[]) => `{${xs.join(',')}}`;

type FigureRow = { day: string; key: string; value: string | number; kept: boolean };

/**
 * The kept figures of the closed days and the live ones of the other days in one statement: a call
 * is one round trip and one plan instead of one per figure, which is what 10 callers queue on.
 */
function figureRows(db: Db, org: number, user: number, figures: Figure[], closed: string[], live: string[]) {
  const kept = sql`select to_char(day, 'YYYY-MM-DD') as day, key, value, true as kept from workbench_day_figures
        where org_id = ${org} and user_id = ${user} and day = any(${textArray(closed)}::date[])`;
  const counted = live.flatMap((d) => figures.map((f) => sql`select ${d}::text, ${f.key}::text, ${ofDay(f, d)}, false`));
  return queryRows<FigureRow>(db, sql.join([kept, ...counted], sql` union all `));
}

/** Keeps the figures of closed days in one statement; a concurrent first read keeps the same numbers, so a conflict is skipped. */
async function keep(db: Db, org: number, user: number, figures: Figure[], days: string[]) {
  const from = beijingDayStart(days[0] as string);
  const to = beijingDayEnd(days[days.length - 1] as string);
  const counted = sql.join(
    figures.map((f) => sql`select ${f.key}::text as key, x.day, x.v from (${perDay(f, from, to)}) x`),
    sql` union all `,
  );
  await db.execute(sql`
    insert into workbench_day_figures (org_id, user_id, day, key, value)
    select ${org}::int, ${user}::int, d.day::date, k.key, coalesce(f.v, 0)
    from unnest(${textArray(days)}::text[]) as d(day)
      cross join unnest(${textArray(figures.map((f) => f.key))}::text[]) as k(key)
      left join (${counted}) f on f.day = d.day and f.key = k.key
    on conflict do nothing`);
}

/** The figures of `days` (oldest first): closed ones kept (kept now if missing), the others counted live. */
async function figuresOf(db: Db, org: number, user: number, figures: Figure[], days: string[], now: Date): Promise<DaySeries> {
  const closed = days.filter((d) => beijingDayEnd(d).getTime() + CLOSE_GRACE_MS <= now.getTime());
  const live = days.filter((d) => !closed.includes(d));
  let rows = await figureRows(db, org, user, figures, closed, live);
  if (rows.filter((r) => r.kept).length < closed.length * figures.length) {
    const have = new Set(rows.filter((r) => r.kept).map((r) => `${r.day} ${r.key}`));
    const missing = closed.filter((d) => figures.some((f) => !have.has(`${d} ${f.key}`)));
    await keep(db, org, user, figures, missing);
    rows = await figureRows(db, org, user, figures, closed, live);
  }
  const series: DaySeries = {};
  for (const f of figures) {
    const m = new Map<string, number>();
    for (const r of rows) if (r.key === f.key) m.set(r.day, Number(r.value));
    series[f.key] = m;
  }
  return series;
}

/**
 * A writer that takes something out of a day that may be closed (a take mark cancelled, a waybill
 * voided after that day's midnight) forgets the day's kept figure in its own transaction, so the next
 * read counts the day again from the raw rows.
 */
export async function forgetKeptDay(db: Db, orgId: number, key: WorkbenchFigureKey, at: Date | string) {
  await db.execute(sql`delete from workbench_day_figures where org_id = ${orgId} and key = ${key} and day = ${beijingDay(at)}::date`);
}

/** A seller's placed and paid orders (count and money), shipped orders and sign-offs per day of `days`. */
export function sellerFigures(db: Db, orgId: number, days: string[], now: Date): Promise<DaySeries> {
  return figuresOf(db, orgId, 0, sellerSet(orgId), days, now);
}

/** A purchaser's taken items, shipped waybills and sign-offs per day; `pickerId`: only that picker's taken items. */
export function purchaserFigures(db: Db, orgId: number, days: string[], now: Date, pickerId?: number): Promise<DaySeries> {
  if (pickerId !== undefined) return figuresOf(db, orgId, pickerId, [tookFigure(orgId, pickerId)], days, now);
  return figuresOf(db, orgId, 0, purchaserSet(orgId), days, now);
}
