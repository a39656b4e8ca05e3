/**
 * The after-sales per seller and status (after_sale_status_counts), moved in the same transaction as the
 * row: insertAfterSale and moveAfterSale are the only writers of after_sales.status and call bumpStatus.
 * The unfiltered list reads these instead of counting the seller's after-sales (decision 0041).
 */
import type { AfterSaleStatusCode } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/**
 * One after-sale enters `to` (and leaves `from`, unless it is new). One statement, its keys sorted, so two
 * transactions of the same seller lock the two counter rows in the same order and cannot deadlock on them.
 */
export async function bumpStatus(db: Db, orgId: number, from: AfterSaleStatusCode | null, to: AfterSaleStatusCode) {
  if (from === to) return;
  const deltas = [...(from === null ? [] : [{ s: from, n: -1 }]), { s: to, n: 1 }].sort((a, b) => (a.s < b.s ? -1 : 1));
  await db.execute(sql`
    insert into after_sale_status_counts as c (org_id, status, n)
    select ${orgId}::int, x.s, x.n from jsonb_to_recordset(${JSON.stringify(deltas)}::jsonb) as x(s text, n bigint)
    on conflict (org_id, status) do update set n = c.n + excluded.n`);
}

/** The kept counts of one seller: a handful of rows by primary key. */
export async function keptStatusCounts(db: Db, orgId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select status as s, n from after_sale_status_counts where org_id = ${orgId} and n <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}

/** The same, counted from the rows: what the kept counts must equal (tests, a check by hand). */
export async function recountStatuses(db: Db, orgId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select status as s, count(*) as n from after_sales where org_id = ${orgId} group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}
