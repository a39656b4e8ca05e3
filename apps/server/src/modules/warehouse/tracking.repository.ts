/**
 * SQL of the delivered-order tracking job (tracking.service.ts): which shipped orders are due for a
 * Kuaidi100 check, and the stamps a check leaves on the order's waybill.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/** A delivered order to ask Kuaidi100 about: its waybill, both organisations, and the receiver phone the query needs. */
export interface TrackingDue {
  order_id: string | number;
  waybill_id: number;
  purchaser_org_id: number;
  seller_org_id: number;
  courier_code: string;
  tracking_no: string;
  receiver_phone: string;
}

/** Records a check's answer on the order's waybill, so the job asks again only after its interval. */
export async function stampTrackingState(db: Db, orderId: string | number, state: string) {
  await db.execute(sql`update waybills set tracking_state = ${state}, tracking_checked_at = now() where order_id = ${orderId}`);
}

/** Records a check Kuaidi100 could not answer (number unknown yet): the waybill waits an interval before the next ask. */
export async function stampTrackingChecked(db: Db, orderId: string | number) {
  await db.execute(sql`update waybills set tracking_checked_at = now() where order_id = ${orderId}`);
}

const dueSql = (where: SQL) => sql`
  select w.order_id, w.id as waybill_id, w.purchaser_org_id, w.seller_org_id, w.courier_code, w.tracking_no, o.receiver_phone
  from waybills w join dropship_orders o on o.id = w.order_id
  where o.status = 'DELIVERED' and ${where}`;

/** Reads up to `limit` delivered orders not signed for and not checked within `intervalMs`, oldest check first: one round of the job. */
export async function dueForTracking(db: Db, intervalMs: number, limit: number): Promise<TrackingDue[]> {
  // The cutoff is taken on the database's clock, the one that stamped tracking_checked_at: a cutoff from
  // Date.now() (milliseconds) could fall a fraction of a millisecond before a check just stamped (microseconds).
  return queryRows<TrackingDue>(
    db,
    dueSql(sql`(w.tracking_checked_at is null or w.tracking_checked_at <= now() - make_interval(secs => ${intervalMs / 1000})) and w.tracking_state is distinct from '3'
      order by w.tracking_checked_at nulls first limit ${limit}`),
  );
}

/** Reads one waybill's delivered order for an on-demand check; undefined when its order is not DELIVERED. */
export async function dueOfWaybill(db: Db, waybillId: number): Promise<TrackingDue | undefined> {
  const [d] = await queryRows<TrackingDue>(db, dueSql(sql`w.id = ${waybillId}`));
  return d;
}
