/**
 * SQL of merged parcels (decision 0019), always scoped to the purchaser: the orders that may travel
 * with an order (found through the seller's receiver-phone-tail index, then compared exactly in
 * parcel.ts), the orders that left under one tracking number, and a parcel's waybill. A parcel keeps
 * one `waybills` row (its lowest order id) because tracking numbers are unique there; its other orders
 * carry the same courier and tracking number on dropship_orders.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { dropshipOrders, type OrderRecord } from '../dropship-orders/index.js';
import { idList } from '../take-assignment/index.js';
import type { WaybillRecord } from './warehouse.repository.js';
import { waybills } from './warehouse.table.js';

/** The purchaser's orders by id (any seller): the list pages know no seller ids. */
export async function ordersForPurchaser(db: Db, purchaserOrgId: number, ids: number[]): Promise<OrderRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(dropshipOrders)
    .where(and(eq(dropshipOrders.purchaserOrgId, purchaserOrgId), inArray(dropshipOrders.id, ids)))
    .orderBy(asc(dropshipOrders.id));
}

/**
 * For each order asked about: the other orders of its seller still waiting to ship with the same
 * phone tail, express, purchaser and Beijing pay day (a superset of its parcel: parcelKey decides).
 * At most 100 per order: a receiver with more in one day ships in several parcels.
 */
export async function candidatePairs(db: Db, purchaserOrgId: number, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const day = (a: string) => sql.raw(`(coalesce(${a}.paid_at, ${a}.created_at) at time zone 'Asia/Shanghai')::date`);
  const rows = await queryRows<{ subject_id: string | number; member_id: string | number }>(
    db,
    sql`select o.id as subject_id, c.member_id
      from dropship_orders o
      cross join lateral (
        select m.id as member_id from dropship_orders m
        where m.org_id = o.org_id and m.receiver_phone_tail = o.receiver_phone_tail and m.id <> o.id
          and m.status = 'WAITING_DELIVERING' and m.purchaser_org_id = o.purchaser_org_id and m.express_code = o.express_code
          and ${day('m')} = ${day('o')}
        order by m.id limit 100) c
      where o.purchaser_org_id = ${purchaserOrgId} and o.id in ${idList(orderIds)} and o.express_code <> 'SELF_PICKUP'`,
  );
  return rows.map((r) => ({ subjectId: Number(r.subject_id), memberId: Number(r.member_id) }));
}

/** For shipped orders: the other orders that left under the same tracking number. */
export async function shippedMates(db: Db, purchaserOrgId: number, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const rows = await queryRows<{ order_id: string | number; order_no: string }>(
    db,
    sql`select o.id as order_id, m.order_no
      from dropship_orders o
      join dropship_orders m on m.org_id = o.org_id and m.tracking_no = o.tracking_no and m.courier_code = o.courier_code
        and m.id <> o.id and m.purchaser_org_id = o.purchaser_org_id
      where o.purchaser_org_id = ${purchaserOrgId} and o.id in ${idList(orderIds)} and coalesce(o.tracking_no, '') <> ''
      order by m.id`,
  );
  return rows.map((r) => ({ orderId: Number(r.order_id), orderNo: r.order_no }));
}

/** The waybill an order left with: its own row, or the row of the parcel it travelled in. */
export async function waybillOfParcel(db: Db, purchaserOrgId: number, orderId: number): Promise<WaybillRecord | undefined> {
  const [r] = await db
    .select({ w: waybills })
    .from(waybills)
    .innerJoin(
      dropshipOrders,
      and(
        eq(dropshipOrders.orgId, waybills.sellerOrgId),
        eq(dropshipOrders.courierCode, waybills.courierCode),
        eq(dropshipOrders.trackingNo, waybills.trackingNo),
      ),
    )
    .where(and(eq(waybills.purchaserOrgId, purchaserOrgId), eq(dropshipOrders.id, orderId)));
  return r?.w;
}

/** The delivered orders that left under one tracking number (a parcel is signed for as a whole). */
export async function deliveredUnder(db: Db, sellerOrgId: number, courierCode: string, trackingNo: string): Promise<number[]> {
  const rows = await db
    .select({ id: dropshipOrders.id })
    .from(dropshipOrders)
    .where(
      and(
        eq(dropshipOrders.orgId, sellerOrgId),
        eq(dropshipOrders.trackingNo, trackingNo),
        eq(dropshipOrders.courierCode, courierCode),
        eq(dropshipOrders.status, 'DELIVERED'),
      ),
    )
    .orderBy(asc(dropshipOrders.id));
  return rows.map((r) => r.id);
}
