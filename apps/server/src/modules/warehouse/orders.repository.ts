/**
 * The purchaser's shipping lists (/print/printDelivery). READY and SORTING read the purchaser's
 * sorting slots (every order with goods in and no waybill yet holds one: bounded by the slot range,
 * indexed); SHIPPED reads its waybills (indexed by purchaser, newest first).
 */

import type { WarehouseExportBody } from '@dropship/contract';
import { beijingDayEnd, beijingDayStart } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

type Filter = WarehouseExportBody;

export interface ListRow {
  order_id: string | number;
  order_no: string;
  seller_name: string;
  receiver_name: string;
  receiver_phone: string;
  receiver_province: string;
  receiver_city: string;
  receiver_district: string;
  express_code: string;
  express_name: string;
  item_count: number;
  slot_no: number | null;
  tracking_no: string | null;
  delivered_at: string | Date | null;
  print_count: number | null;
  last_arrived_at: string | Date | null;
  urgent: boolean;
  kept_tracking_no: string | null;
}

/** Lines still wanted and scanned (and put off to another day): the same rule as arrival.ts and parcel.ts, in SQL. */
const progress = sql`lateral (
  select count(*) filter (where ti.taking_status in ('TOOK', 'TOOK_PART') and ti.arrived_at is not null) as arrived, count(*) as live,
    count(*) filter (where ti.taking_status = 'E_NEXT_TAKING') as put_off, max(ti.arrived_at) as last_arrived_at
  from take_items ti
  where ti.order_id = o.id and ti.taking_status not in ('E_STOP_TAKING', 'E_LACK_TAKING', 'E_STOP_PRODUCTION')
    and ti.assignment_status not in ('E_STOP_TAKING', 'E_LACK_TAKING', 'E_STOP_PRODUCTION', 'CLOSE')) p`;

function common(f: Filter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.orderNo) parts.push(sql`o.order_no = ${f.orderNo}`);
  if (f.expressCode) parts.push(sql`o.express_code = ${f.expressCode}`);
  return sql.join(parts, sql` and `);
}

const COLUMNS = sql`o.id as order_id, o.order_no, org.name as seller_name, o.receiver_name, o.receiver_phone, o.receiver_province,
  o.receiver_city, o.receiver_district, o.express_code, o.express_name, o.item_count, o.speed_delivery as urgent`;

/**
 * Ready to ship: every live line in, or (the seller's 有货先发, decision 0019; never for self-pickup)
 * every live line in or put off and at least one in. The seller's rule is read from its stored
 * setting; no row means the default (WAIT_ALL).
 */
const READY = sql`p.live > 0 and (p.arrived = p.live or (p.arrived > 0 and p.arrived + p.put_off = p.live
  and o.express_code <> 'SELF_PICKUP' and fs.value->>'waitMode' = 'SHIP_TAKEN'))`;

function slotQuery(purchaserOrgId: number, f: Filter, ready: boolean): SQL {
  // kw: a waybill taken for it whose shipment then stopped (作废面单 offers to give it back).
  return sql`select ${COLUMNS}, s.slot_no, null::text as tracking_no, null::timestamptz as delivered_at, 0 as print_count, p.last_arrived_at,
      kw.tracking_no as kept_tracking_no
    from sorting_slots s
    join dropship_orders o on o.id = s.order_id
    left join waybills kw on kw.order_id = o.id and kw.purchaser_org_id = s.purchaser_org_id
    join organisations org on org.id = o.org_id
    cross join ${progress}
    left join fulfilment_settings fs on fs.org_id = o.org_id and fs.key = 'orderFulfillmentStrategy'
    where s.purchaser_org_id = ${purchaserOrgId} and o.status = 'WAITING_DELIVERING' and ${common(f)}
      and ${ready ? READY : sql`p.arrived < p.live and not (${READY})`}`;
}

/** One row per shipped order: a merged parcel's orders share its waybill through the courier and tracking number. */
function shippedQuery(purchaserOrgId: number, f: Filter): SQL {
  const parts: SQL[] = [sql`w.purchaser_org_id = ${purchaserOrgId}`, sql`o.status in ('DELIVERED', 'FINISHED')`, common(f)];
  if (f.trackingNo) parts.push(sql`w.tracking_no = ${f.trackingNo}`);
  if (f.dateFrom) parts.push(sql`w.created_at >= ${beijingDayStart(f.dateFrom).toISOString()}`);
  if (f.dateTo) parts.push(sql`w.created_at < ${beijingDayEnd(f.dateTo).toISOString()}`);
  return sql`select ${COLUMNS}, null::int as slot_no, w.tracking_no, o.delivered_at, w.print_count, null::timestamptz as last_arrived_at,
      null::text as kept_tracking_no, w.id as wid
    from waybills w
    join dropship_orders o on o.org_id = w.seller_org_id and o.tracking_no = w.tracking_no and o.courier_code = w.courier_code
      and o.purchaser_org_id = w.purchaser_org_id
    join organisations org on org.id = o.org_id
    where ${sql.join(parts, sql` and `)}`;
}

const queryOf = (purchaserOrgId: number, f: Filter) =>
  f.view === 'SHIPPED' ? shippedQuery(purchaserOrgId, f) : slotQuery(purchaserOrgId, f, f.view === 'READY');
/** Waiting orders by slot, 加急 (urgent) ones first (decision 0017); shipped ones newest first. */
const orderOf = (f: Filter) => (f.view === 'SHIPPED' ? sql`order by wid desc, order_id` : sql`order by urgent desc, slot_no`);

export async function pageOrders(db: Db, purchaserOrgId: number, f: Filter, limit: number, offset: number) {
  const q = queryOf(purchaserOrgId, f);
  const [total] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from (${q}) x`);
  const rows = await queryRows<ListRow>(db, sql`select * from (${q}) x ${orderOf(f)} limit ${limit} offset ${offset}`);
  return { total: Number(total?.n ?? 0), rows };
}
