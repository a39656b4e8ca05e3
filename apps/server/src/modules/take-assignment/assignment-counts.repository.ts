/**
 * Take items per purchaser and assignment status (take_assignment_counts, one of db/counters.ts' tables),
 * moved in the same transaction
 * as the items: every writer of take_items.assignment_status brackets its statement with
 * withAssignmentCounts (insertTakeItems adds with addAssignmentCounts; closeOrderItems, setItemStatus, setAssignee here, picking's
 * setTaken). takePage's unfiltered tab counts read these instead of counting (decision 0041).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { addToCounters, COUNTERS, type CounterDelta, keptCounts } from '../../db/counters.js';
import { queryRows } from '../../db/rows.js';

/** The items matching `where` (on take_items' own columns, unqualified) per purchaser and status. */
async function tally(db: Db, where: SQL): Promise<CounterDelta[]> {
  const rows = await queryRows<{ o: number; s: string; n: string | number }>(
    db,
    sql`select purchaser_org_id as o, assignment_status as s, count(*) as n from take_items where ${where} group by 1, 2`,
  );
  return rows.map((r) => ({ org: Number(r.o), status: r.s, n: Number(r.n) }));
}

/** Runs `write` (which may change the status of the items matching `where`) and moves the counters by what changed. */
export async function withAssignmentCounts<T>(db: Db, where: SQL, write: () => Promise<T>): Promise<T> {
  const before = await tally(db, where);
  const result = await write();
  const after = await tally(db, where);
  // One delta per key: ON CONFLICT cannot update one counter row twice in a statement.
  const net = new Map<string, CounterDelta>();
  const add = (ds: CounterDelta[], sign: 1 | -1) => {
    for (const d of ds) {
      const k = `${d.org}:${d.status}`;
      const e = net.get(k) ?? { ...d, n: 0 };
      e.n += sign * d.n;
      net.set(k, e);
    }
  };
  add(after, 1);
  add(before, -1);
  await addToCounters(db, COUNTERS.takeAssignments, [...net.values()]);
  return result;
}

/** Counts new items (matching `where`) in, from the transaction that creates them. */
export async function addAssignmentCounts(db: Db, where: SQL) {
  await addToCounters(db, COUNTERS.takeAssignments, await tally(db, where));
}

/** The kept counts of one purchaser: a handful of rows by primary key. */
export const keptAssignmentCounts = (db: Db, purchaserOrgId: number) => keptCounts(db, COUNTERS.takeAssignments, purchaserOrgId);

/** The same, counted from the items: what the kept counts must equal (tests, a check by hand). */
export async function recountAssignments(db: Db, purchaserOrgId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select assignment_status as s, count(*) as n from take_items where purchaser_org_id = ${purchaserOrgId} group by assignment_status`,
  );
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}
