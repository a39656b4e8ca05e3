/** What demo mode hands the marketplace emulator at start (shop-orders.demo.ts): imported orders of authorized shops. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shops } from '../shops/index.js';
import { shopOrderItems, shopOrders } from './shop-orders.table.js';

/** Far above the orders a demo imports; a bound on what one start reads. */
const MAX = 5_000;

export async function importedOrdersOfAuthorizedShops(db: Db) {
  return db
    .select({
      id: shopOrders.id,
      shopId: shopOrders.shopId,
      shopName: shops.name,
      shopCreatedAt: shops.createdAt,
      channel: shopOrders.channel,
      platformOrderId: shopOrders.platformOrderId,
      status: shopOrders.status,
      platformStatus: shopOrders.platformStatus,
      buyerNick: shopOrders.buyerNick,
      receiverName: shopOrders.receiverName,
      receiverPhone: shopOrders.receiverPhone,
      receiverProvince: shopOrders.receiverProvince,
      receiverCity: shopOrders.receiverCity,
      receiverDistrict: shopOrders.receiverDistrict,
      receiverAddress: shopOrders.receiverAddress,
      totalFen: shopOrders.totalFen,
      postFeeFen: shopOrders.postFeeFen,
      paymentFen: shopOrders.paymentFen,
      platformCreatedAt: shopOrders.platformCreatedAt,
      paidAt: shopOrders.paidAt,
      platformModifiedAt: shopOrders.platformModifiedAt,
    })
    .from(shopOrders)
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .where(and(eq(shopOrders.source, 'IMPORT'), eq(shops.authState, 'AUTHORIZED'), isNull(shops.removedAt)))
    .orderBy(asc(shopOrders.id))
    .limit(MAX);
}
export type ImportedOrder = Awaited<ReturnType<typeof importedOrdersOfAuthorizedShops>>[number];

export async function linesOf(db: Db, orderIds: number[]) {
  const out = new Map<number, ImportedLine[]>();
  if (orderIds.length === 0) return out;
  const rows = await db.select().from(shopOrderItems).where(inArray(shopOrderItems.orderId, orderIds)).orderBy(asc(shopOrderItems.id));
  for (const r of rows) out.set(r.orderId, [...(out.get(r.orderId) ?? []), r]);
  return out;
}
export type ImportedLine = typeof shopOrderItems.$inferSelect;
