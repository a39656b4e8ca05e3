/**
 * Take items per purchaser, market area, printed or not and assignment status (take_item_counts),
 * moved in the same transaction as the items: every writer of take_items.assignment_status or
 * print_count brackets its statement with withAssignmentCounts (insertTakeItems adds with
 * addAssignmentCounts; closeOrderItems, setItemStatus, setAssignee here, picking's setTaken, the tag
 * print's print count). takePage's tab counts read these instead of counting, without filters and
 * under the market-area and printed filters alone (decision 0041).
 */
import type { AssignmentStatusCode } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { addToKeyedCounters, type CounterColumn } from '../../db/counters.js';
import { queryRows } from '../../db/rows.js';

interface CountKey {
  org: number;
  area: string;
  printed: boolean;
  status: string;
}
type CountDelta = CountKey & { n: number };

const keyOf = (k: CountKey) => JSON.stringify([k.org, k.area, k.printed, k.status]);

/** The items matching `where` (on take_items' own columns, unqualified) per counter key. */
async function tally(db: Db, where: SQL): Promise<CountDelta[]> {
  const rows = await queryRows<{ o: number; a: string; p: boolean; s: string; n: string | number }>(
    db,
    sql`select purchaser_org_id as o, market_area as a, print_count > 0 as p, assignment_status as s, count(*) as n
      from take_items where ${where} group by 1, 2, 3, 4`,
  );
  return rows.map((r) => ({ org: Number(r.o), area: r.a, printed: r.p === true, status: r.s, n: Number(r.n) }));
}

const COLUMNS: CounterColumn[] = [
  { name: 'purchaser_org_id', type: 'int' },
  { name: 'market_area', type: 'text' },
  { name: 'printed', type: 'boolean' },
  { name: 'assignment_status', type: 'text' },
];

/** Adds the deltas to take_item_counts through the counters' one writer (sorted keys, one upsert). */
const addToCounts = (db: Db, deltas: CountDelta[]) =>
  addToKeyedCounters(
    db,
    'take_item_counts',
    COLUMNS,
    deltas.map((d) => ({ key: [d.org, d.area, d.printed, d.status], n: d.n })),
  );

/** Runs `write` (which may change the status or print count of the items matching `where`) and moves the counters by what changed. */
export async function withAssignmentCounts<T>(db: Db, where: SQL, write: () => Promise<T>): Promise<T> {
  const before = await tally(db, where);
  const result = await write();
  const after = await tally(db, where);
  // One delta per key: ON CONFLICT cannot update one counter row twice in a statement.
  const net = new Map<string, CountDelta>();
  const add = (ds: CountDelta[], sign: 1 | -1) => {
    for (const d of ds) {
      const e = net.get(keyOf(d)) ?? { ...d, n: 0 };
      e.n += sign * d.n;
      net.set(keyOf(d), e);
    }
  };
  add(after, 1);
  add(before, -1);
  await addToCounts(db, [...net.values()]);
  return result;
}

/** Counts new items (matching `where`) in, from the transaction that creates them. */
export async function addAssignmentCounts(db: Db, where: SQL) {
  await addToCounts(db, await tally(db, where));
}

/** Which kept rows to add up: all of the purchaser's, or one market area's, printed or not. */
export interface KeptScope {
  marketArea?: string | undefined;
  printed?: boolean | undefined;
}

/** The kept counts of one purchaser by assignment status, within `scope`: tens of rows by the primary key. */
export async function keptAssignmentCounts(db: Db, purchaserOrgId: number, scope: KeptScope = {}): Promise<Partial<Record<AssignmentStatusCode, number>>> {
  const rows = await queryRows<{ s: AssignmentStatusCode; n: string | number }>(
    db,
    sql`select assignment_status as s, sum(n) as n from take_item_counts
      where purchaser_org_id = ${purchaserOrgId}
        ${scope.marketArea === undefined ? sql`` : sql`and market_area = ${scope.marketArea}`}
        ${scope.printed === undefined ? sql`` : sql`and printed = ${scope.printed}`}
      group by assignment_status having sum(n) <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}

/** The same, counted from the items: what the kept counts must equal (tests, a check by hand). */
export async function recountAssignments(db: Db, purchaserOrgId: number, scope: KeptScope = {}): Promise<Record<string, number>> {
  const rows = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select assignment_status as s, count(*) as n from take_items
      where purchaser_org_id = ${purchaserOrgId}
        ${scope.marketArea === undefined ? sql`` : sql`and market_area = ${scope.marketArea}`}
        ${scope.printed === undefined ? sql`` : scope.printed ? sql`and print_count > 0` : sql`and print_count = 0`}
      group by assignment_status`,
  );
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}

/** Every kept row of one purchaser beside the same recounted from the items, as `area|printed|status` → n (tests). */
export async function keptAndCounted(db: Db, purchaserOrgId: number) {
  const kept = await queryRows<{ k: string; n: string | number }>(
    db,
    sql`select market_area || '|' || printed || '|' || assignment_status as k, n from take_item_counts where purchaser_org_id = ${purchaserOrgId} and n <> 0`,
  );
  const counted = await queryRows<{ k: string; n: string | number }>(
    db,
    sql`select market_area || '|' || (print_count > 0) || '|' || assignment_status as k, count(*) as n from take_items
      where purchaser_org_id = ${purchaserOrgId} group by market_area, print_count > 0, assignment_status`,
  );
  const map = (rows: { k: string; n: string | number }[]) => Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
  return { kept: map(kept), counted: map(counted) };
}
