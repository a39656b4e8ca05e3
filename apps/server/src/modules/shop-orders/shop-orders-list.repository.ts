/**
 * Reads of the shop-order list, detail and export; every query is scoped to the caller's
 * organisation. The order is paid time newest first with NULLS LAST, exactly as the index
 * (ARCHITECTURE pitfall), and every filter has an index or rides on that one.
 */

import type { ShopOrdersFilter } from '@dropship/contract';
import { beijingDayEnd, beijingDayStart } from '@dropship/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countCapped } from '../../db/count-up-to.js';
import { shops } from '../shops/index.js';
import { shopOrderItems, shopOrders } from './shop-orders.table.js';

const o = shopOrders;
const nonEmpty = (col: typeof o.buyerRemark | typeof o.sellerRemark) => sql`coalesce(${col}, '') <> ''`;
/** A day at +8 → the instant its midnight starts. */

export function filterWhere(orgId: number, f: ShopOrdersFilter): SQL {
  const w: (SQL | undefined)[] = [eq(o.orgId, orgId)];
  if (f.shopId) w.push(eq(o.shopId, f.shopId));
  if (f.channel) w.push(eq(o.channel, f.channel));
  if (f.status) w.push(eq(o.status, f.status));
  if (f.dropshipStatus) w.push(eq(o.dropshipStatus, f.dropshipStatus));
  if (f.refundState) w.push(eq(o.refundState, f.refundState));
  if (f.paidFrom) w.push(sql`${o.paidAt} >= ${beijingDayStart(f.paidFrom).toISOString()}`);
  if (f.paidTo) w.push(sql`${o.paidAt} < ${beijingDayEnd(f.paidTo).toISOString()}`);
  if (f.platformOrderId) w.push(eq(o.platformOrderId, f.platformOrderId.trim()));
  if (f.buyerNick) w.push(eq(o.buyerNick, f.buyerNick.trim()));
  if (f.phoneTail) w.push(eq(o.receiverPhoneTail, f.phoneTail));
  if (f.sku) w.push(sql`string_to_array(${o.itemSearch}, ' ') @> array[${f.sku.trim().toLowerCase()}]::text[]`);
  if (f.remark === 'ANY') w.push(sql`(${nonEmpty(o.buyerRemark)} or ${nonEmpty(o.sellerRemark)})`);
  if (f.remark === 'BUYER') w.push(nonEmpty(o.buyerRemark));
  if (f.remark === 'SELLER') w.push(nonEmpty(o.sellerRemark));
  if (f.remark === 'NONE') w.push(sql`not (${nonEmpty(o.buyerRemark)} or ${nonEmpty(o.sellerRemark)})`);
  if (f.sellerFlag) w.push(eq(o.sellerFlag, f.sellerFlag));
  return and(...w) as SQL;
}

/** Both keys NULLS LAST like the index (a plain `id desc` is NULLS FIRST and adds a sort step). */
const LIST_ORDER = [sql`${o.paidAt} desc nulls last`, sql`${o.id} desc nulls last`];

const orderColumns = {
  id: o.id,
  shopId: o.shopId,
  shopName: shops.name,
  channel: o.channel,
  platformOrderId: o.platformOrderId,
  status: o.status,
  platformStatus: o.platformStatus,
  refundState: o.refundState,
  dropshipStatus: o.dropshipStatus,
  buyerNick: o.buyerNick,
  receiverName: o.receiverName,
  receiverPhone: o.receiverPhone,
  receiverProvince: o.receiverProvince,
  receiverCity: o.receiverCity,
  receiverDistrict: o.receiverDistrict,
  receiverTown: o.receiverTown,
  receiverAddress: o.receiverAddress,
  receiverSealed: o.receiverSealed,
  receiverEncrypted: o.receiverEncrypted,
  buyerRemark: o.buyerRemark,
  sellerRemark: o.sellerRemark,
  sellerFlag: o.sellerFlag,
  totalFen: o.totalFen,
  postFeeFen: o.postFeeFen,
  paymentFen: o.paymentFen,
  platformCreatedAt: o.platformCreatedAt,
  paidAt: o.paidAt,
  platformModifiedAt: o.platformModifiedAt,
  source: o.source,
};

export type OrderRecord = Awaited<ReturnType<typeof ordersByIds>>[number];
export type ItemRecord = typeof shopOrderItems.$inferSelect;

/**
 * The number of matching orders, counted up to `cap` + 1: a big tenant's unfiltered count would
 * read its whole index on every page view (hundreds of ms on PGlite's event loop); past the cap
 * the page says "10000+" and asks for narrower filters.
 */
export const countOrders = (db: Db, where: SQL, cap: number) => countCapped(db, o, where, cap);

export async function pageOrders(db: Db, where: SQL, limit: number, offset: number) {
  return db
    .select(orderColumns)
    .from(o)
    .innerJoin(shops, eq(shops.id, o.shopId))
    .where(where)
    .orderBy(...LIST_ORDER)
    .limit(limit)
    .offset(offset);
}

/** The ids of the filtered set in list order (the export reads the rows in chunks by id). */
export async function orderIds(db: Db, where: SQL, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: o.id })
    .from(o)
    .where(where)
    .orderBy(...LIST_ORDER)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Orders of the organisation by id, in the order of `ids`. */
export async function ordersByIds(db: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(orderColumns)
    .from(o)
    .innerJoin(shops, eq(shops.id, o.shopId))
    .where(and(eq(o.orgId, orgId), inArray(o.id, ids)));
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
}

export async function itemsOf(db: Db, orgId: number, orderIds: number[]): Promise<Map<number, ItemRecord[]>> {
  const byOrder = new Map<number, ItemRecord[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(shopOrderItems)
    .where(and(eq(shopOrderItems.orgId, orgId), inArray(shopOrderItems.orderId, orderIds)))
    .orderBy(shopOrderItems.orderId, shopOrderItems.id);
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push(r);
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}
