/**
 * A waybill label keeps the full street address it printed, so a reprint prints the same while the
 * order's plain receiver is kept. Once the retention job erased that receiver (docs/security.md
 * 收货人数据), the label's address becomes the order's masked one, in the erasing transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ReceiversErased } from '../dropship-orders/index.js';

/** Handler of dropship-orders' receiversErased (wired in src/hooks.ts). */
export async function maskErasedLabels(t: Db, facts: ReceiversErased) {
  if (facts.orderIds.length === 0) return;
  await t.execute(sql`
    update waybills w
    set label = jsonb_set(w.label::jsonb, '{receiverAddress}',
      to_jsonb(o.receiver_province || o.receiver_city || o.receiver_district || o.receiver_address))::text
    from dropship_orders o
    where o.id = w.order_id and w.order_id = any(${sql.param(facts.orderIds)}::bigint[])`);
}
