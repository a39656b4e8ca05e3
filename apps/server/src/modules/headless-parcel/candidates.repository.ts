/** SQL the matching and the claims' proof read: the seller's orders and after-sales, the warehouse's candidates. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { Candidate } from './matcher.js';
import { num } from './sql-values.js';

/** The seller's order named by the proof (its order number or platform order number), and an open after-sale of it. */
export async function orderByNo(db: Db, sellerOrgId: number, orderNo: string) {
  const [r] = await queryRows<{ id: number; purchaserOrgId: number | null }>(
    db,
    sql`select id, purchaser_org_id as "purchaserOrgId" from dropship_orders
        where org_id = ${sellerOrgId} and (order_no = ${orderNo} or platform_order_id = ${orderNo}) order by id desc limit 1`,
  );
  return r && { id: Number(r.id), purchaserOrgId: num(r.purchaserOrgId) };
}

export async function afterSaleByNo(db: Db, sellerOrgId: number, afterSaleNo: string) {
  const [r] = await queryRows<{ id: number; orderId: number }>(
    db,
    sql`select id, order_id as "orderId" from after_sales where org_id = ${sellerOrgId} and after_sale_no = ${afterSaleNo}`,
  );
  return r && { id: Number(r.id), orderId: Number(r.orderId) };
}

/** An open after-sale with goods coming back on the order (the newest), to join a claimed parcel to. */
export async function openReturnOf(db: Db, sellerOrgId: number, orderId: number) {
  const [r] = await queryRows<{ id: number }>(
    db,
    sql`select id from after_sales where org_id = ${sellerOrgId} and order_id = ${orderId}
          and status in ('REFUNDING', 'GOODS_RETURNING') and return_status is not null order by id desc limit 1`,
  );
  return r ? Number(r.id) : null;
}

export async function orderNoOf(db: Db, orderId: number) {
  const [r] = await queryRows<{ orderNo: string }>(db, sql`select order_no as "orderNo" from dropship_orders where id = ${orderId}`);
  return r?.orderNo ?? '';
}

export async function orgName(db: Db, orgId: number) {
  const [r] = await queryRows<{ name: string }>(db, sql`select name from organisations where id = ${orgId}`);
  return r?.name ?? '';
}

export interface CandidateRow extends Candidate {
  orderNo: string;
  afterSaleNo: string | null;
}

interface RawCandidate {
  sellerOrgId: number;
  orderId: number;
  orderNo: string;
  afterSaleId: number | null;
  afterSaleNo: string | null;
  returnWaybill: string | null;
  trackingNo: string | null;
  phoneTail: string | null;
  items: { title: string; sku: string; itemNo: string; color: string; size: string }[] | null;
}

/** How far back shipped orders are candidates (a return comes back within weeks of delivery). */
const CANDIDATE_DAYS = 120;

/**
 * The warehouse's open after-sales with goods coming back and its orders shipped in the last
 * CANDIDATE_DAYS that share something with the parcel: the waybill, the phone tail, or a 货号.
 */
export async function candidates(db: Db, purchaserOrgId: number, f: { waybill: string; phoneTail: string | null; itemNos: string[] }) {
  const itemNos = f.itemNos.length > 0 ? f.itemNos : [''];
  const items = sql`(select json_agg(json_build_object('title', i.title, 'sku', coalesce(i.snapshot->>'outerSkuId', i.snapshot->>'skuId', ''),
      'itemNo', i.art_no, 'color', i.color, 'size', i.size) order by i.line_no) from dropship_order_items i where i.order_id = o.id)`;
  const artHit = sql`exists (select 1 from dropship_order_items i where i.order_id = o.id
      and upper(regexp_replace(i.art_no, '[\\s\\-_/]+', '', 'g')) in (${sql.join(itemNos, sql`, `)}))`;
  const rows = await queryRows<RawCandidate>(
    db,
    sql`select a.org_id as "sellerOrgId", o.id as "orderId", o.order_no as "orderNo", a.id as "afterSaleId", a.after_sale_no as "afterSaleNo",
          a.return_waybill_no as "returnWaybill", o.tracking_no as "trackingNo", o.receiver_phone_tail as "phoneTail", ${items} as items
        from after_sales a join dropship_orders o on o.id = a.order_id
        where a.purchaser_org_id = ${purchaserOrgId} and a.status in ('REFUNDING', 'GOODS_RETURNING') and a.return_status is not null
      union all
        select o.org_id, o.id, o.order_no, null, null, null, o.tracking_no, o.receiver_phone_tail, ${items}
        from dropship_orders o
        where o.purchaser_org_id = ${purchaserOrgId} and o.status in ('DELIVERED', 'FINISHED')
          and o.delivered_at > now() - make_interval(days => ${CANDIDATE_DAYS})
          and (upper(o.tracking_no) = ${f.waybill} ${f.phoneTail ? sql`or o.receiver_phone_tail = ${f.phoneTail}` : sql``} or ${artHit})
        limit 5000`,
  );
  return rows.map(
    (r): CandidateRow => ({
      sellerOrgId: Number(r.sellerOrgId),
      orderId: Number(r.orderId),
      orderNo: r.orderNo,
      afterSaleId: num(r.afterSaleId),
      afterSaleNo: r.afterSaleNo,
      waybills: [r.returnWaybill ?? '', r.trackingNo ?? ''].filter(Boolean),
      phoneTail: r.phoneTail,
      items: r.items ?? [],
    }),
  );
}
