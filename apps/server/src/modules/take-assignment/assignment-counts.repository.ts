/**
 * Take items per purchaser and assignment status (take_assignment_counts), moved in the same transaction
 * as the items: every writer of take_items.assignment_status brackets its statement with
 * withAssignmentCounts (insertTakeItems adds with addAssignmentCounts; closeOrderItems, setItemStatus, setAssignee here, picking's
 * setTaken). takePage's unfiltered tab counts read these instead of counting (decision 0041).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

type Tally = Map<string, number>;
const key = (org: number | string, status: string) => `${org}\u0000${status}`;

/** The items matching `where` (on take_items' own columns, unqualified) per purchaser and status. */
async function tally(db: Db, where: SQL): Promise<Tally> {
  const rows = await queryRows<{ o: number; s: string; n: string | number }>(
    db,
    sql`select purchaser_org_id as o, assignment_status as s, count(*) as n from take_items where ${where} group by 1, 2`,
  );
  return new Map(rows.map((r) => [key(r.o, r.s), Number(r.n)]));
}

/**
 * Adds the differences to the counters in one statement, keys sorted, so two transactions touching the
 * same counters lock them in the same order (no deadlock between them).
 */
async function bump(db: Db, deltas: Tally) {
  const rows = [...deltas.entries()]
    .filter(([, n]) => n !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, n]) => {
      const [o, s] = k.split('\u0000');
      return { o: Number(o), s, n };
    });
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into take_assignment_counts as c (purchaser_org_id, assignment_status, n)
    select x.o, x.s, x.n from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(o int, s text, n bigint)
    on conflict (purchaser_org_id, assignment_status) do update set n = c.n + excluded.n`);
}

/** Runs `write` (which may change the status of the items matching `where`) and moves the counters by what changed. */
export async function withAssignmentCounts<T>(db: Db, where: SQL, write: () => Promise<T>): Promise<T> {
  const before = await tally(db, where);
  const result = await write();
  const after = await tally(db, where);
  const deltas: Tally = new Map(after);
  for (const [k, n] of before) deltas.set(k, (deltas.get(k) ?? 0) - n);
  await bump(db, deltas);
  return result;
}

/** Counts new items (matching `where`) in, from the transaction that creates them. */
export async function addAssignmentCounts(db: Db, where: SQL) {
  await bump(db, await tally(db, where));
}

/** The kept counts of one purchaser: a handful of rows by primary key. */
export async function keptAssignmentCounts(db: Db, purchaserOrgId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select assignment_status as s, n from take_assignment_counts where purchaser_org_id = ${purchaserOrgId} and n <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}

/** The same, counted from the items: what the kept counts must equal (tests, a check by hand). */
export async function recountAssignments(db: Db, purchaserOrgId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select assignment_status as s, count(*) as n from take_items where purchaser_org_id = ${purchaserOrgId} group by assignment_status`,
  );
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}
