/** The seller's offline pickup orders (dropship orders with source OFFLINE), newest first. */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export interface PickupFilter {
  orderNo?: string | undefined;
  status?: string | undefined;
}

export interface PickupRecord {
  id: number;
  orderNo: string;
  status: string;
  combinedStatus: string;
  contactName: string;
  contactPhone: string;
  itemCount: number;
  goodsFen: number;
  serviceFeeFen: number;
  totalFen: number;
  remark: string;
  createdAt: Date;
  paidAt: Date | null;
  deliveredAt: Date | null;
  summary: string;
}

function where(orgId: number, f: PickupFilter): SQL {
  const parts = [sql`o.org_id = ${orgId}`, sql`o.source = 'OFFLINE'`];
  if (f.orderNo) parts.push(sql`o.order_no = ${f.orderNo}`);
  if (f.status) parts.push(sql`o.combined_status = ${f.status}`);
  return sql.join(parts, sql` and `);
}

export async function countPickups(db: Db, orgId: number, f: PickupFilter): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from dropship_orders o where ${where(orgId, f)}`);
  return Number(r?.n ?? 0);
}

export async function listPickups(db: Db, orgId: number, f: PickupFilter, limit: number, offset: number): Promise<PickupRecord[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select o.id, o.order_no as "orderNo", o.status, o.combined_status as "combinedStatus", o.receiver_name as "contactName",
          o.receiver_phone as "contactPhone", o.item_count as "itemCount", o.goods_fen as "goodsFen", o.service_fee_fen as "serviceFeeFen",
          o.total_fen as "totalFen", o.remark, o.created_at as "createdAt", o.paid_at as "paidAt", o.delivered_at as "deliveredAt",
          (select string_agg(i.stall_name || ' ' || i.art_no || ' ' || trim(i.color || ' ' || i.size) || ' ×' || i.quantity, '；' order by i.line_no)
             from dropship_order_items i where i.order_id = o.id and i.org_id = o.org_id) as summary
        from dropship_orders o where ${where(orgId, f)} order by o.id desc nulls last limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    ...(r as unknown as PickupRecord),
    id: Number(r.id),
    goodsFen: Number(r.goodsFen),
    serviceFeeFen: Number(r.serviceFeeFen),
    totalFen: Number(r.totalFen),
    createdAt: new Date(r.createdAt as string),
    paidAt: r.paidAt ? new Date(r.paidAt as string) : null,
    deliveredAt: r.deliveredAt ? new Date(r.deliveredAt as string) : null,
    summary: (r.summary as string | null) ?? '',
  }));
}
