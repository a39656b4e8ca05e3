/**
 * The workbench's day figures over the last days (today against yesterday, and the 7-day chart), read
 * from the raw tables by an index on (organisation, time) each, so the cost follows the 7 days and not
 * the history. This file is the one place that reads them: pointing the workbench at daily rollups
 * means replacing these functions' bodies. Days are Beijing days.
 */
import type { WorkbenchFigureKey } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export type DaySeries = Partial<Record<WorkbenchFigureKey, Map<string, number>>>;

const day = (col: string) => sql.raw(`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`);

async function perDay(db: Db, query: SQL): Promise<Map<string, number>> {
  const rows = await queryRows<{ day: string; v: string | number | null }>(db, query);
  return new Map(rows.map((r) => [r.day, Number(r.v ?? 0)]));
}

/** A seller's placed and paid orders (count and money), shipped orders and sign-offs per day in [from, to). */
export async function sellerFigures(db: Db, orgId: number, from: Date, to: Date): Promise<DaySeries> {
  const [placed, paid, shipped, signed] = await Promise.all([
    perDay(
      db,
      sql`select ${day('created_at')} as day, count(*) as v from dropship_orders where org_id = ${orgId} and created_at >= ${from} and created_at < ${to} group by 1`,
    ),
    perDay(
      db,
      sql`select ${day('paid_at')} as day, sum(total_fen) as v from dropship_orders where org_id = ${orgId} and paid_at >= ${from} and paid_at < ${to} group by 1`,
    ),
    perDay(
      db,
      sql`select ${day('delivered_at')} as day, count(*) as v from dropship_orders where org_id = ${orgId} and delivered_at >= ${from} and delivered_at < ${to} group by 1`,
    ),
    perDay(
      db,
      sql`select ${day('signed_at')} as day, count(*) as v from courier_traces where seller_org_id = ${orgId} and signed_at >= ${from} and signed_at < ${to} group by 1`,
    ),
  ]);
  return { ORDERS_PLACED: placed, ORDERS_PAID_FEN: paid, ORDERS_SHIPPED: shipped, SIGNED: signed };
}

/** A purchaser's taken items, shipped waybills and sign-offs per day; `pickerId`: only that picker's taken items. */
export async function purchaserFigures(db: Db, orgId: number, from: Date, to: Date, pickerId?: number): Promise<DaySeries> {
  const mine = pickerId === undefined ? sql`` : sql` and assigned_user_id = ${pickerId}`;
  const took = await perDay(
    db,
    sql`select ${day('took_at')} as day, count(*) as v from take_items where purchaser_org_id = ${orgId} and took_at >= ${from} and took_at < ${to}${mine} group by 1`,
  );
  if (pickerId !== undefined) return { ITEMS_TOOK: took };
  const [shipped, signed] = await Promise.all([
    perDay(
      db,
      sql`select ${day('created_at')} as day, count(*) as v from waybills where purchaser_org_id = ${orgId} and created_at >= ${from} and created_at < ${to} group by 1`,
    ),
    perDay(
      db,
      sql`select ${day('signed_at')} as day, count(*) as v from courier_traces where purchaser_org_id = ${orgId} and signed_at >= ${from} and signed_at < ${to} group by 1`,
    ),
  ]);
  return { ITEMS_TOOK: took, ORDERS_SHIPPED: shipped, SIGNED: signed };
}
