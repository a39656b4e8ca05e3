/**
 * SQL of dropship orders and their lines, always scoped to the seller's organisation. Bulk
 * writes are one statement each (jsonb_to_recordset), so a batch of a thousand orders costs a
 * handful of round trips; status changes name the status they start from, so a row that moved
 * meanwhile is not touched (the service refuses).
 */
import type { CombinedStatusCode, DropshipOrderStatus } from '@dropship/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { dropshipOrderItems, dropshipOrders } from './dropship-orders.table.js';
import { sealedReceiverColumns } from './receiver.js';

export type OrderRecord = typeof dropshipOrders.$inferSelect;
export type ItemRecord = typeof dropshipOrderItems.$inferSelect;
export type NewOrder = Omit<typeof dropshipOrders.$inferInsert, 'id' | 'orgId' | 'status' | 'combinedStatus' | 'createdAt' | 'updatedAt'> & {
  orderNo: string;
};
export type NewItem = Omit<typeof dropshipOrderItems.$inferInsert, 'id' | 'orgId' | 'orderId'>;

/** DF + the Beijing date + 8 digits of a sequence: readable, sortable by day, unique however many are placed at once. */
export async function nextOrderNos(db: Db, n: number): Promise<string[]> {
  const rows = await queryRows<{ no: string }>(
    db,
    sql`select 'DF' || to_char(now() at time zone 'Asia/Shanghai', 'YYMMDD') || lpad((nextval('dropship_order_no_seq') % 100000000)::text, 8, '0') as no
        from generate_series(1, ${n}::int)`,
  );
  return rows.map((r) => r.no);
}

/** Inserts the orders as WAITING_PAYMENT (the receiver sealed and masked); answers their ids by order number. */
export async function insertOrders(db: Db, orgId: number, orders: NewOrder[]): Promise<Map<string, number>> {
  if (orders.length === 0) return new Map();
  const rows = orders.map((o) => ({ ...o, ...sealedReceiverColumns(o) }));
  const out = await queryRows<{ id: string | number; order_no: string }>(
    db,
    sql`
    insert into dropship_orders (org_id, order_no, source, shop_order_id, shop_id, shop_name, channel, platform_order_id, receiver_name,
      receiver_phone, receiver_phone_tail, receiver_province, receiver_city, receiver_district, receiver_address, express_code, express_name,
      express_fee_fen, service_fee_fen, goods_fen, coupon_id, discount_fen, total_fen, item_count, remark, buyer_remark, seller_remark,
      status, combined_status, created_by, speed_delivery, speed_fee_fen, receiver_encrypted, receiver_handle, receiver_sealed, receiver_key,
      member_fee_off_fen)
    select ${orgId}::int, x."orderNo", x.source, x."shopOrderId", x."shopId", x."shopName", x.channel, x."platformOrderId", x."receiverName",
      x."receiverPhone", x."receiverPhoneTail", x."receiverProvince", x."receiverCity", coalesce(x."receiverDistrict", ''), x."receiverAddress",
      x."expressCode", x."expressName", x."expressFeeFen", x."serviceFeeFen", x."goodsFen", x."couponId", x."discountFen", x."totalFen",
      x."itemCount", coalesce(x.remark, ''), x."buyerRemark", x."sellerRemark", 'WAITING_PAYMENT', 'WAITING_PAYMENT', x."createdBy",
      coalesce(x."speedDelivery", false), coalesce(x."speedFeeFen", 0), coalesce(x."receiverEncrypted", false), x."receiverHandle", x."receiverSealed", x."receiverKey",
      coalesce(x."memberFeeOffFen", 0)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x("orderNo" text, source text, "shopOrderId" bigint, "shopId" int,
      "shopName" text, channel text, "platformOrderId" text, "receiverName" text, "receiverPhone" text, "receiverPhoneTail" text,
      "receiverProvince" text, "receiverCity" text, "receiverDistrict" text, "receiverAddress" text, "expressCode" text, "expressName" text,
      "expressFeeFen" bigint, "serviceFeeFen" bigint, "goodsFen" bigint, "couponId" int, "discountFen" bigint, "totalFen" bigint,
      "itemCount" int, remark text, "buyerRemark" text, "sellerRemark" text, "createdBy" int, "speedDelivery" boolean, "speedFeeFen" bigint,
      "receiverEncrypted" boolean, "receiverHandle" text, "receiverSealed" text, "receiverKey" text, "memberFeeOffFen" bigint)
    returning id, order_no`,
  );
  return new Map(out.map((r) => [r.order_no, Number(r.id)]));
}

export async function insertItems(db: Db, orgId: number, items: (NewItem & { orderId: number })[]) {
  if (items.length === 0) return;
  await db.execute(sql`
    insert into dropship_order_items (org_id, order_id, line_no, shop_order_item_id, custom_goods_id, title, spec, pic_url, snapshot,
      supplier_id, stall_name, market, building, floor, stall_no, market_area, art_no, color, size, quantity, unit_cost_fen, supply_mode)
    select ${orgId}::int, x."orderId", x."lineNo", x."shopOrderItemId", x."customGoodsId", coalesce(x.title, ''), x.spec, x."picUrl", x.snapshot,
      x."supplierId", x."stallName", x.market, x.building, x.floor, x."stallNo", x."marketArea", x."artNo", x.color, x.size, x.quantity,
      x."unitCostFen", coalesce(x."supplyMode", 'MARKET_PICKUP')
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x("orderId" bigint, "lineNo" int, "shopOrderItemId" bigint, "customGoodsId" int,
      title text, spec text, "picUrl" text, snapshot jsonb, "supplierId" int, "stallName" text, market text, building text, floor text,
      "stallNo" text, "marketArea" text, "artNo" text, color text, size text, quantity int, "unitCostFen" bigint, "supplyMode" text)`);
}

/** Locks the orders in id order (every writer locks in this order, so two writers cannot deadlock). */
export async function lockOrders(db: Db, orgId: number, ids: number[]): Promise<OrderRecord[]> {
  return db
    .select()
    .from(dropshipOrders)
    .where(and(eq(dropshipOrders.orgId, orgId), inArray(dropshipOrders.id, ids)))
    .orderBy(asc(dropshipOrders.id))
    .for('update');
}

export async function findOrders(db: Db, orgId: number, ids: number[]): Promise<OrderRecord[]> {
  return db
    .select()
    .from(dropshipOrders)
    .where(and(eq(dropshipOrders.orgId, orgId), inArray(dropshipOrders.id, ids)))
    .orderBy(asc(dropshipOrders.id));
}

export async function itemsOf(db: Db, orgId: number, orderIds: number[]): Promise<ItemRecord[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(dropshipOrderItems)
    .where(and(eq(dropshipOrderItems.orgId, orgId), inArray(dropshipOrderItems.orderId, orderIds)))
    .orderBy(asc(dropshipOrderItems.orderId), asc(dropshipOrderItems.lineNo));
}

export async function findItems(db: Db, orgId: number, ids: number[]): Promise<ItemRecord[]> {
  return db
    .select()
    .from(dropshipOrderItems)
    .where(and(eq(dropshipOrderItems.orgId, orgId), inArray(dropshipOrderItems.id, ids)))
    .orderBy(asc(dropshipOrderItems.id));
}

/** WAITING_PAYMENT → WAITING_DELIVERING for all of them; answers the ids that moved. */
export async function markPaid(db: Db, orgId: number, ids: number[], p: { payMethod: string; requestKey: string; purchaserOrgId: number }) {
  const rows = await db
    .update(dropshipOrders)
    .set({
      status: 'WAITING_DELIVERING',
      combinedStatus: 'WAITING_TAKING',
      payMethod: p.payMethod,
      payRequestKey: p.requestKey,
      purchaserOrgId: p.purchaserOrgId,
      paidAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(dropshipOrders.orgId, orgId), inArray(dropshipOrders.id, ids), eq(dropshipOrders.status, 'WAITING_PAYMENT')))
    .returning({ id: dropshipOrders.id });
  return rows.map((r) => r.id);
}

export async function setLinesWaiting(db: Db, orgId: number, orderIds: number[]) {
  await db
    .update(dropshipOrderItems)
    .set({ takeStatus: 'WAITING_TAKING' })
    .where(and(eq(dropshipOrderItems.orgId, orgId), inArray(dropshipOrderItems.orderId, orderIds)));
}

/** Lines supplied from the seller's own stock in the warehouse (supply_mode set when placed): taken as soon as the order is paid. */
export async function setLinesOwnStock(db: Db, orgId: number, itemIds: number[]) {
  await db
    .update(dropshipOrderItems)
    .set({ takeStatus: 'TOOK' })
    .where(and(eq(dropshipOrderItems.orgId, orgId), inArray(dropshipOrderItems.id, itemIds)));
}

/** One named move of the order's own status (and combined status), only from `from`; false when it was elsewhere. */
export async function moveStatus(
  db: Db,
  orgId: number,
  id: number,
  from: DropshipOrderStatus,
  to: Partial<Pick<OrderRecord, 'status' | 'combinedStatus' | 'canceledAt' | 'deliveredAt' | 'finishedAt' | 'courierCode' | 'trackingNo'>>,
) {
  const rows = await db
    .update(dropshipOrders)
    .set({ ...to, updatedAt: sql`now()` })
    .where(and(eq(dropshipOrders.orgId, orgId), eq(dropshipOrders.id, id), eq(dropshipOrders.status, from)))
    .returning({ id: dropshipOrders.id });
  return rows.length > 0;
}

export async function addRefund(db: Db, orgId: number, id: number, fen: number) {
  await db
    .update(dropshipOrders)
    .set({ refundedFen: sql`${dropshipOrders.refundedFen} + ${fen}`, updatedAt: sql`now()` })
    .where(and(eq(dropshipOrders.orgId, orgId), eq(dropshipOrders.id, id)));
}

export async function setLine(db: Db, orgId: number, itemId: number, v: Partial<Pick<ItemRecord, 'takeStatus' | 'refundedFen' | 'stopCount'>>) {
  await db
    .update(dropshipOrderItems)
    .set(v)
    .where(and(eq(dropshipOrderItems.orgId, orgId), eq(dropshipOrderItems.id, itemId)));
}

export async function updateReceiver(
  db: Db,
  orgId: number,
  id: number,
  v: Pick<
    OrderRecord,
    'receiverName' | 'receiverPhone' | 'receiverProvince' | 'receiverCity' | 'receiverDistrict' | 'receiverAddress' | 'expressFeeFen' | 'totalFen'
  >,
) {
  await db
    .update(dropshipOrders)
    // A receiver the seller typed replaces the platform's encrypted one: plain (sealed) from now on.
    .set({ ...v, ...sealedReceiverColumns(v), receiverEncrypted: false, receiverHandle: null, updatedAt: sql`now()` })
    .where(and(eq(dropshipOrders.orgId, orgId), eq(dropshipOrders.id, id)));
}

/** The combined status after a line changed (the order's own status unchanged). */
export async function setCombined(db: Db, orgId: number, id: number, combinedStatus: CombinedStatusCode) {
  await db
    .update(dropshipOrders)
    .set({ combinedStatus, updatedAt: sql`now()` })
    .where(and(eq(dropshipOrders.orgId, orgId), eq(dropshipOrders.id, id)));
}

/** The order's open after-sale code and the combined status it makes (after-sale-mark.ts, under the order's lock). */
export async function setAfterSaleStatus(t: Db, orgId: number, id: number, code: CombinedStatusCode | null, combinedStatus: CombinedStatusCode) {
  await t
    .update(dropshipOrders)
    .set({ afterSaleStatus: code, combinedStatus, updatedAt: sql`now()` })
    .where(and(eq(dropshipOrders.orgId, orgId), eq(dropshipOrders.id, id)));
}
