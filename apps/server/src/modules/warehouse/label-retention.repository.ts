/**
 * SQL of the waybill labels' receiver retention (label-retention.ts): masking a label's address once its
 * order's receiver was erased, and erasing the sealed decrypted receiver of labels kept long enough.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/** Rewrites the labels of these orders to the order's masked address (dropping the sealed receiver), in the erasing transaction. */
export async function maskLabelsOfOrders(t: Db, orderIds: number[]) {
  await t.execute(sql`
    update waybills w
    set label = (jsonb_set(w.label::jsonb, '{receiverAddress}',
      to_jsonb(o.receiver_province || o.receiver_city || o.receiver_district || o.receiver_address)) - 'receiverSealed')::text,
      label_sealed = false
    from dropship_orders o
    where o.id = w.order_id and w.order_id = any(${sql.param(orderIds)}::bigint[])`);
}

/**
 * Erases the sealed receiver of up to `batch` labels whose order finished or was cancelled more than `days` days
 * before `now`, under row locks (skip locked: a concurrent run takes other rows). Answers the ids erased.
 */
export async function eraseSealedLabelBatch(t: Db, days: number, now: Date, batch: number) {
  return queryRows<{ id: string | number }>(
    t,
    sql`update waybills set label = (label::jsonb - 'receiverSealed')::text, label_sealed = false
        where id in (select w.id from waybills w join dropship_orders o on o.id = w.order_id
                     where w.label_sealed
                       and coalesce(o.finished_at, o.canceled_at) < ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)
                     limit ${batch} for update of w skip locked)
        returning id`,
  );
}
