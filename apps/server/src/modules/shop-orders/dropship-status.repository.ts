/**
 * Whether a shop order has a dropship order placed for it (its 代发 state, PLACED or UNPLACED): set
 * by dropship-orders when it places and pays one, and when the last one is cancelled.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shopOrders } from './shop-orders.table.js';

export async function setDropshipStatus(db: Db, orgId: number, shopOrderIds: number[], status: 'PLACED' | 'UNPLACED') {
  if (shopOrderIds.length === 0) return;
  await db
    .update(shopOrders)
    .set({ dropshipStatus: status, updatedAt: sql`now()` })
    .where(and(eq(shopOrders.orgId, orgId), inArray(shopOrders.id, shopOrderIds), ne(shopOrders.dropshipStatus, status)));
}
