/**
 * The one way shop orders enter the database, whether from a shop sync or a file import: each
 * batch is one statement, so a failed batch leaves nothing half-written.
 */
import type { NormalizedOrder } from '@dropship/channels';
import type { Db } from '../../db/client.js';
import { type OrderPayload, orderPayload, type UpsertTarget } from '../../lib/shop-order-row.js';
import { upsertOrdersAndItems } from './upsert-orders.js';

export interface UpsertResult {
  inserted: number;
  updated: number;
  /** Orders whose stored copy is newer than the one given (overlapping windows, older files). */
  unchanged: number;
}

/**
 * Upserts one batch (keep batches to a few hundred orders) keyed by shop and platform order id, with
 * the lines' shop SKUs; one statement. The batch is given as orders, or already as the statement's
 * JSON (an order import makes it on its parse thread, beside this thread's writes).
 */
export async function upsertShopOrders(db: Db, target: UpsertTarget, orders: NormalizedOrder[] | OrderPayload): Promise<UpsertResult> {
  const batch = Array.isArray(orders) ? orderPayload(orders) : orders;
  if (batch.count === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const fates = await upsertOrdersAndItems(db, target, batch.json);
  const inserted = fates.filter((f) => f.how === 'I').length;
  const fresh = fates.filter((f) => f.how !== 'O').length;
  return { inserted, updated: fresh - inserted, unchanged: batch.count - fresh };
}
