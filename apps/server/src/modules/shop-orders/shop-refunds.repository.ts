/**
 * Writes of the shop's after-sale (refund) records, pulled by the shop sync. Like the order upsert:
 * one multi-row statement per batch, keyed by shop and platform refund id, and an older copy never
 * overwrites a newer one. Then the refund state of the orders concerned is brought up to date.
 */
import type { NormalizedRefund } from '@dropship/channels';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/** Inserts or updates the refunds; answers how many rows were written (new or newer). */
export async function upsertRefunds(db: Db, t: { orgId: number; shopId: number }, refunds: NormalizedRefund[]): Promise<number> {
  if (refunds.length === 0) return 0;
  const rows = refunds.map((r) => ({
    platform_refund_id: r.platformRefundId,
    platform_order_id: r.platformOrderId,
    platform_item_id: r.platformItemId ?? null,
    platform_status: r.platformStatus,
    state: r.state,
    refund_fen: r.refundFen,
    reason: r.reason,
    has_good_return: r.hasGoodReturn,
    return_courier_name: r.returnCourierName ?? '',
    return_waybill_no: r.returnWaybillNo ?? '',
    platform_created_at: r.createdAt.toISOString(),
    platform_modified_at: r.modifiedAt.toISOString(),
  }));
  const written = await queryRows<{ id: unknown }>(
    db,
    sql`
    insert into shop_refunds (org_id, shop_id, platform_refund_id, platform_order_id, platform_item_id, platform_status, state, refund_fen,
      reason, has_good_return, return_courier_name, return_waybill_no, platform_created_at, platform_modified_at)
    select ${t.orgId}, ${t.shopId}, x.platform_refund_id, x.platform_order_id, x.platform_item_id, x.platform_status, x.state, x.refund_fen,
      x.reason, x.has_good_return, x.return_courier_name, x.return_waybill_no, x.platform_created_at, x.platform_modified_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(platform_refund_id text, platform_order_id text, platform_item_id text,
      platform_status text, state text, refund_fen bigint, reason text, has_good_return boolean, return_courier_name text, return_waybill_no text,
      platform_created_at timestamptz,
      platform_modified_at timestamptz)
    on conflict (org_id, shop_id, platform_refund_id) do update set
      platform_order_id = excluded.platform_order_id, platform_item_id = excluded.platform_item_id, platform_status = excluded.platform_status,
      state = excluded.state, refund_fen = excluded.refund_fen, reason = excluded.reason, has_good_return = excluded.has_good_return,
      return_courier_name = excluded.return_courier_name, return_waybill_no = excluded.return_waybill_no,
      platform_modified_at = excluded.platform_modified_at, updated_at = now()
    where shop_refunds.platform_modified_at <= excluded.platform_modified_at
    returning id`,
  );
  return written.length;
}

const RANK = sql`case s when 'REFUNDING' then 3 when 'REFUNDED' then 2 when 'CLOSED' then 1 else 0 end`;

/**
 * A line named by a refund takes the state of its latest refund when that refund is at least as
 * new as the order copy we hold; the order then reads as its most pressing line or refund
 * (one line refunding makes the order refunding, as in the order upsert).
 */
export async function refreshOrderRefundStates(db: Db, t: { orgId: number; shopId: number }, platformOrderIds: string[]) {
  if (platformOrderIds.length === 0) return;
  const ids = sql`(select jsonb_array_elements_text(${JSON.stringify([...new Set(platformOrderIds)])}::jsonb))`;
  await db.execute(sql`
    update shop_order_items i set refund_state = x.state
    from (
      select distinct on (li.id) li.id as item_id, r.state
      from shop_orders o
      join shop_order_items li on li.order_id = o.id
      join shop_refunds r on r.org_id = o.org_id and r.shop_id = o.shop_id and r.platform_order_id = o.platform_order_id
        and r.platform_item_id = li.platform_item_id and r.platform_modified_at >= o.platform_modified_at
      where o.org_id = ${t.orgId} and o.shop_id = ${t.shopId} and o.platform_order_id in ${ids}
      order by li.id, r.platform_modified_at desc) x
    where i.id = x.item_id and i.refund_state <> x.state`);
  await db.execute(sql`
    update shop_orders o set refund_state = (array['NONE', 'CLOSED', 'REFUNDED', 'REFUNDING'])[1 + greatest(
        coalesce((select max(${RANK}) from (select i.refund_state as s from shop_order_items i where i.order_id = o.id) li), 0),
        coalesce((select max(${RANK}) from (select r.state as s from shop_refunds r
                  where r.org_id = o.org_id and r.shop_id = o.shop_id and r.platform_order_id = o.platform_order_id
                    and r.platform_item_id is null) lr), 0))],
      updated_at = now()
    where o.org_id = ${t.orgId} and o.shop_id = ${t.shopId} and o.platform_order_id in ${ids}`);
}

/** The after-sale records of one order, newest first (the detail page's timeline). */
export async function refundsOfOrder(db: Db, orgId: number, shopId: number, platformOrderId: string) {
  return queryRows<{
    id: string | number;
    platform_refund_id: string;
    platform_item_id: string | null;
    platform_status: string;
    state: string;
    refund_fen: string | number;
    reason: string;
    has_good_return: boolean;
    platform_created_at: string | Date;
    platform_modified_at: string | Date;
  }>(
    db,
    sql`select id, platform_refund_id, platform_item_id, platform_status, state, refund_fen, reason, has_good_return, platform_created_at,
          platform_modified_at
        from shop_refunds where org_id = ${orgId} and shop_id = ${shopId} and platform_order_id = ${platformOrderId}
        order by platform_modified_at desc, id desc limit 200`,
  );
}
