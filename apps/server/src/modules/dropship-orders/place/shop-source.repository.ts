/**
 * What placing reads from shop orders and custom goods (their tables belong to the shops and goods
 * work; we only read them, and set shop_orders.dropship_status, which is ours to set).
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { plainReceiverOf } from '../../../lib/receiver-vault/index.js';
import { customGoods, suppliers } from '../../goods/index.js';
import { shopOrderItems, shopOrders } from '../../shop-orders/index.js';
import { shops } from '../../shops/index.js';
import { dropshipOrders } from '../dropship-orders.table.js';

const orderFields = {
  id: shopOrders.id,
  shopId: shopOrders.shopId,
  shopName: shops.name,
  channel: shopOrders.channel,
  platformOrderId: shopOrders.platformOrderId,
  status: shopOrders.status,
  dropshipStatus: shopOrders.dropshipStatus,
  receiverName: shopOrders.receiverName,
  receiverPhone: shopOrders.receiverPhone,
  receiverProvince: shopOrders.receiverProvince,
  receiverCity: shopOrders.receiverCity,
  receiverDistrict: shopOrders.receiverDistrict,
  receiverAddress: shopOrders.receiverAddress,
  receiverEncrypted: shopOrders.receiverEncrypted,
  receiverDecryptHandle: shopOrders.receiverDecryptHandle,
  receiverSealed: shopOrders.receiverSealed,
  buyerRemark: shopOrders.buyerRemark,
  sellerRemark: shopOrders.sellerRemark,
};

/**
 * The shop orders, optionally locked (FOR UPDATE of the order rows, in id order) so two placements of
 * one order queue up. A receiver kept sealed is opened: placing hands it to the dropship order, which seals it again.
 */
export async function shopOrdersByIds(db: Db, orgId: number, ids: number[], lock: boolean) {
  const q = db
    .select(orderFields)
    .from(shopOrders)
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .where(and(eq(shopOrders.orgId, orgId), inArray(shopOrders.id, ids)))
    .orderBy(asc(shopOrders.id));
  const rows = await (lock ? q.for('update', { of: shopOrders }) : q);
  return rows.map(({ receiverSealed, ...o }) => {
    const plain = plainReceiverOf({ ...o, receiverSealed });
    return { ...o, receiverName: plain.name, receiverPhone: plain.phone, receiverAddress: plain.address };
  });
}

export type ShopOrderSource = Awaited<ReturnType<typeof shopOrdersByIds>>[number];

export async function shopOrderLines(db: Db, orgId: number, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(shopOrderItems)
    .where(and(eq(shopOrderItems.orgId, orgId), inArray(shopOrderItems.orderId, orderIds)))
    .orderBy(asc(shopOrderItems.orderId), asc(shopOrderItems.id));
}
export type ShopOrderLine = Awaited<ReturnType<typeof shopOrderLines>>[number];

/** Dropship orders already placed (not cancelled) for these shop orders. */
export async function activePlacements(db: Db, orgId: number, shopOrderIds: number[]) {
  if (shopOrderIds.length === 0) return [];
  return db
    .select({ shopOrderId: dropshipOrders.shopOrderId, orderNo: dropshipOrders.orderNo })
    .from(dropshipOrders)
    .where(and(eq(dropshipOrders.orgId, orgId), inArray(dropshipOrders.shopOrderId, shopOrderIds), ne(dropshipOrders.status, 'CANCELED')))
    .orderBy(asc(dropshipOrders.id));
}

/** Paid (not cancelled, not waiting for payment) placements left for the shop order: it stays PLACED while one exists. */
export async function paidPlacementCount(db: Db, orgId: number, shopOrderId: number) {
  const rows = await db
    .select({ id: dropshipOrders.id })
    .from(dropshipOrders)
    .where(
      and(
        eq(dropshipOrders.orgId, orgId),
        eq(dropshipOrders.shopOrderId, shopOrderId),
        inArray(dropshipOrders.status, ['WAITING_DELIVERING', 'DELIVERED', 'FINISHED']),
      ),
    )
    .limit(1);
  return rows.length;
}

export async function customGoodsByIds(db: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ goods: customGoods, supplier: suppliers })
    .from(customGoods)
    .leftJoin(suppliers, and(eq(suppliers.id, customGoods.supplierId), eq(suppliers.orgId, orgId)))
    .where(and(eq(customGoods.orgId, orgId), inArray(customGoods.id, ids)));
}

/** The ids of the organisation's shop orders with these platform order ids (any shop). */
export async function shopOrderIdsByPlatformIds(db: Db, orgId: number, platformOrderIds: string[]) {
  const rows = await db
    .select({ id: shopOrders.id, platformOrderId: shopOrders.platformOrderId })
    .from(shopOrders)
    .where(and(eq(shopOrders.orgId, orgId), inArray(shopOrders.platformOrderId, platformOrderIds)));
  return new Map(rows.map((r) => [r.platformOrderId, r.id]));
}
