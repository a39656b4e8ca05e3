/**
 * The one way shop orders enter the database, whether from a shop sync or a file import: each
 * batch is one transaction, so a failed batch leaves nothing half-written.
 */
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { recordShopSkus } from '../goods/index.js';
import type * as repo from './shop-orders.repository.js';
import { upsertOrdersAndItems } from './upsert-orders.js';

export type { UpsertTarget } from './shop-orders.repository.js';

export interface UpsertResult {
  inserted: number;
  updated: number;
  /** Orders whose stored copy is newer than the one given (overlapping windows, older files). */
  unchanged: number;
}

/** Upserts one batch (keep batches to a few hundred orders) keyed by shop and platform order id. */
export async function upsertShopOrders(db: Db, target: repo.UpsertTarget, orders: repo.OrderToStore[]): Promise<UpsertResult> {
  if (orders.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  return inTransaction(db, async (t) => {
    const fates = await upsertOrdersAndItems(t, target, orders);
    // Goods links: the shop SKUs of the lines just written or refreshed, for linking to supplier items; one statement.
    const fresh = new Set(fates.filter((f) => f.how !== 'O').map((f) => f.platform_order_id));
    await recordShopSkus(
      t,
      target.orgId,
      target.shopId,
      target.channel,
      orders.flatMap((o) => (fresh.has(o.platformOrderId) ? o.items : [])),
    );
    const inserted = fates.filter((f) => f.how === 'I').length;
    return { inserted, updated: fresh.size - inserted, unchanged: orders.length - fresh.size };
  });
}
