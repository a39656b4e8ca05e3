/**
 * Before a purchaser's change: lock the take items' dropship orders first (orders before items: the
 * seller-side operations lock in that order too). After it, the change emits takeItemsChanged
 * (hooks.ts), on which dropship-orders mirrors the new statuses onto the order lines
 * (dropship-orders/take-mirror.ts). idList sends a list of ids as one parameter.
 */

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/** `(select …)` of a list of ids sent as one JSON parameter (10,000 ids = one parameter, not 10,000). */
export const idList = (ids: readonly number[]) => sql`(select x::bigint from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as x)`;

/** Locks the dropship orders of these take items, in id order; answers their ids. */
export async function lockOrdersOf(tx: Db, purchaserOrgId: number, takeItemIds: readonly number[]): Promise<number[]> {
  if (takeItemIds.length === 0) return [];
  const rows = await queryRows<{ id: string | number }>(
    tx,
    sql`select o.id from dropship_orders o
        where o.id in (select t.order_id from take_items t where t.purchaser_org_id = ${purchaserOrgId} and t.id in ${idList(takeItemIds)})
        order by o.id for update`,
  );
  return rows.map((r) => Number(r.id));
}
