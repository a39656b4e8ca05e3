/**
 * Reading after-sales for the list, its tab counts, the export, the detail and the quick query; always
 * scoped to the seller. Plain SQL with the columns the rows show: the list joins the order (numbers,
 * shop, masked receiver, waybill) and the line (goods); the filtered tab counts read after_sales alone,
 * each capped (the unfiltered ones are status-counts.repository.ts' kept counters).
 */
import { type AfterSaleFilter, beijingDayEnd, beijingDayStart } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export interface ListRow {
  id: string | number;
  after_sale_no: string;
  status: string;
  type: string;
  source: string;
  return_status: string | null;
  order_id: string | number;
  item_id: string | number;
  quantity: number;
  platform_refund_fen: string | number;
  refund_fen: string | number;
  refunded_fen: string | number;
  platform_refund_id: string | null;
  reason: string;
  remark: string;
  photos: string[];
  return_courier_name: string;
  return_waybill_no: string;
  created_at: string | Date;
  updated_at: string | Date;
  finished_at: string | Date | null;
  order_no: string;
  shop_name: string | null;
  channel: string | null;
  platform_order_id: string | null;
  receiver_name: string;
  receiver_phone: string;
  tracking_no: string | null;
  order_status: string;
  combined_status: string;
  title: string;
  spec: string | null;
  pic_url: string | null;
  stall_name: string;
  art_no: string;
  color: string;
  size: string;
  unit_cost_fen: string | number;
  line_quantity: number;
}

const COLUMNS = sql`a.id, a.after_sale_no, a.status, a.type, a.source, a.return_status, a.order_id, a.item_id, a.quantity, a.platform_refund_fen,
  a.refund_fen, a.refunded_fen, a.platform_refund_id, a.reason, a.remark, a.photos, a.return_courier_name, a.return_waybill_no, a.created_at,
  a.updated_at, a.finished_at, o.order_no, o.shop_name, o.channel, o.platform_order_id, o.receiver_name, o.receiver_phone, o.tracking_no,
  o.status as order_status, o.combined_status, i.title, i.spec, i.pic_url, i.stall_name, i.art_no, i.color, i.size, i.unit_cost_fen,
  i.quantity as line_quantity`;
const FROM = sql`from after_sales a join dropship_orders o on o.id = a.order_id join dropship_order_items i on i.id = a.item_id`;

/** Whether any filter but the tab is set: without one the tab counts are the kept counters. */
export const isFiltered = (f: Omit<AfterSaleFilter, 'status'>) => Object.values(f).some((v) => v !== undefined && v !== null && v !== '');

/**
 * The filters but the tab (status): the counts of every tab share them. Only on `a`: a filter on the
 * order (shop, numbers, waybill, phone tail) reads dropship_orders by its own index and comes back as
 * order or after-sale ids, so the counts join nothing and the page joins only for its columns.
 */
export function filterWhere(orgId: number, f: Omit<AfterSaleFilter, 'status'>): SQL {
  const parts: SQL[] = [sql`a.org_id = ${orgId}`];
  const ordersWhere = (cond: SQL) => sql`select id from dropship_orders where org_id = ${orgId} and ${cond}`;
  // An after-sale's own key or its order's, each by its index, joined by union (an OR across the two tables scans the seller).
  const ownOrOrders = (own: SQL, order: SQL) =>
    sql`a.id in (select id from after_sales where org_id = ${orgId} and ${own}
      union all select id from after_sales where org_id = ${orgId} and order_id in (${ordersWhere(order)}))`;
  if (f.type) parts.push(sql`a.type = ${f.type}`);
  if (f.source) parts.push(sql`a.source = ${f.source}`);
  if (f.shopId) parts.push(sql`a.order_id in (${ordersWhere(sql`shop_id = ${f.shopId}`)})`);
  if (f.orderNo) parts.push(ownOrOrders(sql`after_sale_no = ${f.orderNo}`, sql`(order_no = ${f.orderNo} or platform_order_id = ${f.orderNo})`));
  if (f.trackingNo) parts.push(ownOrOrders(sql`return_waybill_no = ${f.trackingNo}`, sql`tracking_no = ${f.trackingNo}`));
  if (f.phoneTail) parts.push(sql`a.order_id in (${ordersWhere(sql`receiver_phone_tail = ${f.phoneTail}`)})`);
  if (f.createdFrom) parts.push(sql`a.created_at >= ${beijingDayStart(f.createdFrom).toISOString()}`);
  if (f.createdTo) parts.push(sql`a.created_at < ${beijingDayEnd(f.createdTo).toISOString()}`);
  return sql.join(parts, sql` and `);
}

const withStatus = (where: SQL, status?: string) => (status ? sql`${where} and a.status = ${status}` : where);

export async function pageRows(db: Db, where: SQL, status: string | undefined, limit: number, offset: number) {
  return queryRows<ListRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${withStatus(where, status)} order by a.created_at desc, a.id desc limit ${limit} offset ${offset}`,
  );
}

/** The after-sales matching the filters, read up to cap + 1 rows on after_sales alone, per status (lib/tab-counts.ts). */
export async function sampleCounts(db: Db, where: SQL, cap: number) {
  const rows = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select x.status as s, count(*) as n from (select a.status from after_sales a where ${where} limit ${cap + 1}) x group by x.status`,
  );
  return rows.map((r) => ({ s: r.s, n: Number(r.n) }));
}

/** One status under the filters, counted up to cap + 1 (the (org, status, created_at) index bounds it). */
export async function countUpTo(db: Db, where: SQL, status: string, cap: number) {
  const [r] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from (select 1 from after_sales a where ${where} and a.status = ${status} limit ${cap + 1}) x`,
  );
  return Number(r?.n ?? 0);
}

export async function exportIds(db: Db, where: SQL, status: string | undefined, limit: number) {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select a.id from after_sales a where ${withStatus(where, status)} order by a.created_at desc, a.id desc limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

export async function rowsByIds(db: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<ListRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where a.org_id = ${orgId} and a.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
        order by a.created_at desc, a.id desc`,
  );
}

const QUICK_LIMIT = 20;
const isTail = (k: string) => /^\d{4}$/.test(k);

/** 快速查询's after-sales: by after-sale, order or shop order number, either waybill, or the phone's last four. */
export async function quickAfterSales(db: Db, orgId: number, k: string) {
  const tail = isTail(k) ? sql` or o.receiver_phone_tail = ${k}` : sql``;
  return queryRows<ListRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where a.org_id = ${orgId} and (a.after_sale_no = ${k} or o.order_no = ${k} or o.platform_order_id = ${k}
          or o.tracking_no = ${k} or a.return_waybill_no = ${k}${tail})
        order by a.created_at desc, a.id desc limit ${QUICK_LIMIT}`,
  );
}

export async function quickOrders(db: Db, orgId: number, k: string) {
  // Each key is its own indexed lookup (order number, shop order, waybill, phone tail), joined by union.
  const tail = isTail(k) ? sql` union select id from dropship_orders where org_id = ${orgId} and receiver_phone_tail = ${k}` : sql``;
  return queryRows<{
    id: string | number;
    order_no: string;
    platform_order_id: string | null;
    shop_name: string | null;
    status: string;
    combined_status: string;
    receiver_name: string;
    receiver_phone: string;
    tracking_no: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`select id, order_no, platform_order_id, shop_name, status, combined_status, receiver_name, receiver_phone, tracking_no, created_at
        from dropship_orders where id in (
          select id from dropship_orders where org_id = ${orgId} and order_no = ${k}
          union select id from dropship_orders where org_id = ${orgId} and platform_order_id = ${k}
          union select id from dropship_orders where org_id = ${orgId} and tracking_no = ${k}${tail})
        order by id desc limit ${QUICK_LIMIT}`,
  );
}

export async function quickParcels(db: Db, orgId: number, k: string) {
  return queryRows<{ id: number; tracking_no: string | null; status: string; reason: string | null; created_at: string | Date }>(
    db,
    sql`select id, tracking_no, status, reason, created_at from problem_parcels where org_id = ${orgId} and tracking_no = ${k}
        order by id desc limit ${QUICK_LIMIT}`,
  );
}
