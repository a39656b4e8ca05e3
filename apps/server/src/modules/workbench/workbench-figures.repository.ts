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

/** One figure: its per-day statement (`day` 'YYYY-MM-DD', `v`) over [from, to). */
type Figure = { key: WorkbenchFigureKey; perDay: (from: Date, to: Date) => SQL };

const day = (col: string) => sql.raw(`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`);

const sellerSet = (org: number): Figure[] => [
  {
    key: 'ORDERS_PLACED',
    perDay: (from, to) =>
      sql`select ${day('created_at')} as day, count(*) as v from dropship_orders where org_id = ${org} and created_at >= ${from} and created_at < ${to} group by 1`,
  },
  {
    key: 'ORDERS_PAID_FEN',
    perDay: (from, to) =>
      sql`select ${day('paid_at')} as day, sum(total_fen) as v from dropship_orders where org_id = ${org} and paid_at >= ${from} and paid_at < ${to} group by 1`,
  },
  {
    key: 'ORDERS_SHIPPED',
    perDay: (from, to) =>
      sql`select ${day('delivered_at')} as day, count(*) as v from dropship_orders where org_id = ${org} and delivered_at >= ${from} and delivered_at < ${to} group by 1`,
  },
  {
    key: 'SIGNED',
    perDay: (from, to) =>
      sql`select ${day('signed_at')} as day, count(*) as v from courier_traces where seller_org_id = ${org} and signed_at >= ${from} and signed_at < ${to} group by 1`,
  },
];

const tookFigure = (org: number, pickerId?: number): Figure => {
  const mine = pickerId === undefined ? sql`` : sql` and assigned_user_id = ${pickerId}`;
  return {
    key: 'ITEMS_TOOK',
    perDay: (from, to) =>
      sql`select ${day('took_at')} as day, count(*) as v from take_items where purchaser_org_id = ${org} and took_at >= ${from} and took_at < ${to}${mine} group by 1`,
  };
};

const purchaserSet = (org: number): Figure[] => [
  tookFigure(org),
  {
    key: 'ORDERS_SHIPPED',
    perDay: (from, to) =>
      sql`select ${day('created_at')} as day, count(*) as v from waybills where purchaser_org_id = ${org} and created_at >= ${from} and created_at < ${to} group by 1`,
  },
  {
    key: 'SIGNED',
    perDay: (from, to) =>
      sql`select ${day('signed_at')} as day, count(*) as v from courier_traces where purchaser_org_id = ${org} and signed_at >= ${from} and signed_at < ${to} group by 1`,
  },
];

const textArray = (xs: string[]) => `{${xs.join(',')}}`;

async function keptRows(db: Db, org: number, user: number, days: string[]) {
  return queryRows<{ day: string; key: string; value: string | number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, key, value from workbench_day_figures
        where org_id = ${org} and user_id = ${user} and day = any(${textArray(days)}::date[])`,
  );
}

/** Keeps the figures of closed days in one statement; a concurrent first read keeps the same numbers, so a conflict is skipped. */
async function keep(db: Db, org: number, user: number, figures: Figure[], days: string[]) {
  const from = beijingDayStart(days[0] as string);
  const to = beijingDayEnd(days[days.length - 1] as string);
  const counted = sql.join(
    figures.map((f) => sql`select ${f.key}::text as key, x.day, x.v from (${f.perDay(from, to)}) x`),
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
  const liveRows = (f: Figure) =>
    queryRows<{ day: string; v: string | number | null }>(db, f.perDay(beijingDayStart(live[0] as string), beijingDayEnd(live[live.length - 1] as string)));
  const [first, counted] = await Promise.all([
    closed.length > 0 ? keptRows(db, org, user, closed) : Promise.resolve([]),
    Promise.all(figures.map((f) => (live.length > 0 ? liveRows(f) : Promise.resolve([])))),
  ]);
  let kept = first;
  if (kept.length < closed.length * figures.length) {
    const have = new Set(kept.map((r) => `${r.day} ${r.key}`));
    const missing = closed.filter((d) => figures.some((f) => !have.has(`${d} ${f.key}`)));
    await keep(db, org, user, figures, missing);
    kept = await keptRows(db, org, user, closed);
  }
  const series: DaySeries = {};
  figures.forEach((f, i) => {
    const m = new Map<string, number>();
    for (const r of kept) if (r.key === f.key) m.set(r.day, Number(r.value));
    for (const r of counted[i] ?? []) m.set(r.day, Number(r.v ?? 0));
    series[f.key] = m;
  });
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
