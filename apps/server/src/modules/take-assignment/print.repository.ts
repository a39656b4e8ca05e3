/**
 * SQL of the pick-up tag print (print.service.ts): the items to print in walking order, the
 * purchaser's name on the tags, and the print count the printed items get.
 */
import type { TakeFilter } from '@dropship/contract';
import { and, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { filterWhere, walkRows } from './assign.repository.js';
import { withAssignmentCounts } from './assignment-counts.repository.js';
import { idList } from './order-locks.js';
import { takeItems } from './take-items.table.js';

/** The purchaser's items among `ids` (closed ones included, for the caller to check and drop), in walking order, at most `limit`. */
export async function printRowsByIds(tx: Db, org: number, ids: readonly number[], limit: number) {
  const where = and(filterWhere(org, {}), sql`${takeItems.id} in ${idList(ids)}`) as SQL;
  return walkRows(tx, where, limit);
}

/** The purchaser's items under the filter that are not closed (and never printed if asked), in walking order, at most `limit`. */
export async function printRowsByFilter(tx: Db, org: number, f: Partial<TakeFilter>, onlyUnprinted: boolean, limit: number) {
  const notClosed = ne(takeItems.assignmentStatus, 'CLOSE');
  const where = and(filterWhere(org, f), notClosed, onlyUnprinted ? sql`${takeItems.printCount} = 0` : undefined) as SQL;
  return walkRows(tx, where, limit);
}

/** The purchaser organisation's name: the PRINT_NAME the tags show. */
export async function organisationName(tx: Db, org: number): Promise<string | undefined> {
  const [me] = await queryRows<{ name: string }>(tx, sql`select name from organisations where id = ${org}`);
  return me?.name;
}

/** Counts one more print (and the print time) on the items once their tags are rendered, moving the kept counts with it. */
export async function markPrinted(tx: Db, ids: readonly number[]) {
  // The kept counts are by printed or not too: a first print moves its items there.
  await withAssignmentCounts(tx, sql`id in ${idList(ids)}`, () =>
    tx.execute(sql`update take_items set print_count = print_count + 1, printed_at = now(), updated_at = now() where id in ${idList(ids)}`),
  );
}
