/**
 * The one way shop orders enter the database, whether from a shop sync or a file import: each
 * batch is one transaction, so a failed batch leaves nothing half-written.
 */
import type { NormalizedOrder } from '@dropship/channels';
import type { Db } from '../../db/client.js';
import { recordShopSkus } from '../goods/shop-skus.repository.js';
import * as repo from './shop-orders.repository.js';

export type { UpsertTarget } from './shop-orders.repository.js';

export interface UpsertResult {
  inserted: number;
  updated: number;
  /** Orders whose stored copy is newer than the one given (overlapping windows, older files). */
  unchanged: number;
}

/** Upserts one batch (keep batches to a few hundred orders) keyed by shop and platform order id. */
export async function upsertShopOrders(db: Db, target: repo.UpsertTarget, orders: NormalizedOrder[]): Promise<UpsertResult> {
  if (orders.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const written = await repo.upsertOrders(t, target, orders);
    await repo.upsertItems(t, target.orgId, written, orders);
    // Goods (issue #4): the shop SKUs of the lines just written, for linking to supplier items; one statement.
    const fresh = new Set(written.map((w) => w.platformOrderId));
    await recordShopSkus(
      t,
      target.orgId,
      target.shopId,
      target.channel,
      orders.flatMap((o) => (fresh.has(o.platformOrderId) ? o.items : [])),
    );
    const inserted = written.filter((w) => w.inserted).length;
    return { inserted, updated: written.length - inserted, unchanged: orders.length - written.length };
  });
}
