/**
 * Status counter tables (organisation, status, n), moved in the writer's transaction so a list's
 * unfiltered tabs read a handful of rows instead of counting: dropship orders by combined status
 * (decision 0010) and after-sales by status (decision 0041). One writer for both: its key order is
 * what keeps two transactions from deadlocking on them. Take items keep finer counters of their own
 * (take-assignment's assignment-counts.repository.ts), written in the same key order.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { queryRows } from './rows.js';

export const COUNTERS = {
  dropshipOrders: { table: 'dropship_order_counts', org: 'org_id', status: 'combined_status' },
  afterSales: { table: 'after_sale_status_counts', org: 'org_id', status: 'status' },
} as const;
export type Counter = (typeof COUNTERS)[keyof typeof COUNTERS];

export interface CounterDelta {
  org: number;
  status: string;
  n: number;
}

/** The counter deltas of rows moving from one status to another (from null: a new row). */
export function moves(pairs: [from: string | null, to: string][]): Map<string, number> {
  const d = new Map<string, number>();
  for (const [from, to] of pairs) {
    if (from === to) continue;
    if (from !== null) d.set(from, (d.get(from) ?? 0) - 1);
    d.set(to, (d.get(to) ?? 0) + 1);
  }
  return d;
}

/** One organisation's deltas by status (as `moves` makes them), for `addToCounters`. */
export const deltasOf = (org: number, byStatus: Map<string, number>): CounterDelta[] => [...byStatus].map(([status, n]) => ({ org, status, n }));

/**
 * Adds the deltas in one statement. Keys are sorted (organisation, then status) so two transactions
 * touching the same counters lock them in the same order (no deadlock between them).
 */
export async function addToCounters(db: Db, c: Counter, deltas: CounterDelta[]) {
  const rows = deltas
    .filter((d) => d.n !== 0)
    .sort((a, b) => a.org - b.org || (a.status < b.status ? -1 : a.status > b.status ? 1 : 0))
    .map((d) => ({ o: d.org, s: d.status, n: d.n }));
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${sql.raw(c.table)} as c (${sql.raw(c.org)}, ${sql.raw(c.status)}, n)
    select x.o, x.s, x.n from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(o int, s text, n bigint)
    on conflict (${sql.raw(c.org)}, ${sql.raw(c.status)}) do update set n = c.n + excluded.n`);
}

/** One organisation's kept counts: a handful of rows by primary key. */
export async function keptCounts(db: Db, c: Counter, org: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select ${sql.raw(c.status)} as s, n from ${sql.raw(c.table)} where ${sql.raw(c.org)} = ${org} and n <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}
