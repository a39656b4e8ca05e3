/**
 * Status counter tables (organisation, status, n), moved in the writer's transaction so a list's
 * unfiltered tabs read a handful of rows instead of counting: dropship orders by combined status
 * (decision 0010) and after-sales by status (decision 0041). One writer for both: its key order is
 * what keeps two transactions from deadlocking on them. Take items keep finer counters (purchaser,
 * market area, printed, status: take-assignment's assignment-counts.repository.ts) through the same
 * writer, addToKeyedCounters.
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
export const addToCounters = (db: Db, c: Counter, deltas: CounterDelta[]) =>
  addToKeyedCounters(
    db,
    c.table,
    [
      { name: c.org, type: 'int' },
      { name: c.status, type: 'text' },
    ],
    deltas.map((d) => ({ key: [d.org, d.status], n: d.n })),
  );

/** A key column of a counter table, with its SQL type (the deltas travel as JSON). */
export interface CounterColumn {
  name: string;
  type: 'int' | 'text' | 'boolean';
}
/** A delta of the counter row whose key columns hold `key` (in the columns' order). */
export interface KeyedDelta {
  key: (number | string | boolean)[];
  n: number;
}

const compareKeys = (a: KeyedDelta['key'], b: KeyedDelta['key']): number => {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number | string | boolean;
    const y = b[i] as number | string | boolean;
    const c = typeof x === 'string' ? (x < y ? -1 : x > y ? 1 : 0) : Number(x) - Number(y);
    if (c !== 0) return c;
  }
  return 0;
};

/**
 * The one writer of every kept-counts table (any key columns, then n): the deltas in one upsert,
 * keys sorted column by column, so two transactions touching the same counters lock them in the same
 * order. One delta per key: ON CONFLICT cannot update one row twice in a statement.
 */
export async function addToKeyedCounters(db: Db, table: string, columns: CounterColumn[], deltas: KeyedDelta[]) {
  const rows = deltas
    .filter((d) => d.n !== 0)
    .sort((a, b) => compareKeys(a.key, b.key))
    .map((d) => Object.fromEntries([...columns.map((_, i) => [`k${i}`, d.key[i]]), ['n', d.n]]));
  if (rows.length === 0) return;
  const names = sql.raw(columns.map((c) => c.name).join(', '));
  await db.execute(sql`
    insert into ${sql.raw(table)} as c (${names}, n)
    select ${sql.raw(columns.map((_, i) => `x.k${i}`).join(', '))}, x.n
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(columns.map((c, i) => `k${i} ${c.type}`).join(', '))}, n bigint)
    on conflict (${names}) do update set n = c.n + excluded.n`);
}

/** One organisation's kept counts: a handful of rows by primary key. */
export async function keptCounts(db: Db, c: Counter, org: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select ${sql.raw(c.status)} as s, n from ${sql.raw(c.table)} where ${sql.raw(c.org)} = ${org} and n <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}
