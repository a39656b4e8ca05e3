/**
 * SQL of the take-item mirror (take-mirror.ts): the order lines' copy of their take item's status,
 * the touched orders with their lines' statuses, and their recomputed combined statuses. Set-based
 * statements in the caller's transaction.
 */
import type { CombinedStatusCode, DropshipOrderStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { idList } from '../take-assignment/index.js';

/** Each order line takes its take item's takingStatus where it differs. */
export async function mirrorLineTakeStatus(tx: Db, takeItemIds: readonly number[]) {
  await tx.execute(sql`
    update dropship_order_items d set take_status = t.taking_status
    from take_items t
    where t.id in ${idList(takeItemIds)} and d.id = t.order_item_id and d.take_status is distinct from t.taking_status`);
}

/** The orders with what their combined status is computed from: status, after-sale code, every line's take status. */
export function ordersWithLineStatuses(tx: Db, orderIds: readonly number[]) {
  return queryRows<{
    id: string | number;
    org_id: number;
    status: DropshipOrderStatus;
    combined_status: string;
    after_sale_status: CombinedStatusCode | null;
    lines: (string | null)[];
  }>(
    tx,
    sql`select o.id, o.org_id, o.status, o.combined_status, o.after_sale_status,
          (select coalesce(json_agg(i.take_status order by i.id), '[]'::json) from dropship_order_items i where i.order_id = o.id) as lines
        from dropship_orders o where o.id in ${idList(orderIds)}`,
  );
}

/** New combined statuses, one statement for all the orders. */
export async function setCombinedStatuses(tx: Db, changed: { id: number; to: string }[]) {
  await tx.execute(sql`
    update dropship_orders o set combined_status = x.c, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(changed.map((c) => ({ i: c.id, c: c.to })))}::jsonb) as x(i bigint, c text)
    where o.id = x.i`);
}
