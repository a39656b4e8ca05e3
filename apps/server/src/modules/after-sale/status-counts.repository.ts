/**
 * The after-sales per seller and status (after_sale_status_counts, one of db/counters.ts' tables), moved
 * in the same transaction as the row: insertAfterSale and moveAfterSale are the only writers of
 * after_sales.status and call bumpStatus. The unfiltered list reads these instead of counting the
 * seller's after-sales (decision 0041).
 */
import type { AfterSaleStatusCode } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { addToCounters, COUNTERS, deltasOf, keptCounts, moves } from '../../db/counters.js';
import { queryRows } from '../../db/rows.js';

/** One after-sale enters `to` (and leaves `from`, unless it is new). */
export async function bumpStatus(db: Db, orgId: number, from: AfterSaleStatusCode | null, to: AfterSaleStatusCode) {
  await addToCounters(db, COUNTERS.afterSales, deltasOf(orgId, moves([[from, to]])));
}

/** The kept counts of one seller: a handful of rows by primary key. */
export const keptStatusCounts = (db: Db, orgId: number) => keptCounts(db, COUNTERS.afterSales, orgId);

/** The same, counted from the rows: what the kept counts must equal (tests, a check by hand). */
export async function recountStatuses(db: Db, orgId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select status as s, count(*) as n from after_sales where org_id = ${orgId} group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}
