/**
 * Following shipped parcels: a scheduled job asks Kuaidi100 about DELIVERED orders (each at most
 * once per interval, oldest check first) and finishes the ones signed for (state 3); the purchaser
 * can also ask for one order at once. A merged parcel's orders finish together. A number Kuaidi100 does not know yet is normal right after
 * pick-up: it is asked again next round. Every answer is kept as the waybill's trace (courier-trace.service.ts).
 */
import { CourierError } from '@dropship/channels';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/app-error.js';
import { finishOrder } from '../dropship-orders/index.js';
import type { CourierGateway } from './courier-gateway.js';
import { keepPolled } from './courier-trace.service.js';
import { deliveredUnder, waybillOfParcel } from './parcel.repository.js';
import { waybillOf } from './warehouse.repository.js';

export const TRACK_JOB = 'warehouse.trackDelivered';

interface Due {
  order_id: string | number;
  waybill_id: number;
  purchaser_org_id: number;
  seller_org_id: number;
  courier_code: string;
  tracking_no: string;
  receiver_phone: string;
}

async function check(db: Db, courier: CourierGateway, d: Due): Promise<'signed' | 'moving' | 'unknown'> {
  const client = await courier.client();
  try {
    const r = await client.queryTrack({ courierCode: d.courier_code, trackingNo: d.tracking_no, phone: d.receiver_phone.slice(-4) });
    await db.execute(sql`update waybills set tracking_state = ${r.state}, tracking_checked_at = now() where order_id = ${d.order_id}`);
    await keepPolled(db, d, r);
    if (!r.signed) return 'moving';
    // A merged parcel (decision 0019) is signed for as a whole: every order that left under the number finishes.
    const ids = await deliveredUnder(db, d.seller_org_id, d.courier_code, d.tracking_no);
    await inTransaction(db, async (t) => {
      const note = `快递已签收：${r.traces[0]?.context ?? ''}`.slice(0, 200);
      for (const id of ids) await finishOrder(t, d.seller_org_id, id, note);
    });
    return 'signed';
  } catch (e) {
    if (!(e instanceof CourierError) || e.retryable) throw e;
    await db.execute(sql`update waybills set tracking_checked_at = now() where order_id = ${d.order_id}`);
    return 'unknown';
  }
}

const dueSql = (where: ReturnType<typeof sql>) => sql`
  select w.order_id, w.id as waybill_id, w.purchaser_org_id, w.seller_org_id, w.courier_code, w.tracking_no, o.receiver_phone
  from waybills w join dropship_orders o on o.id = w.order_id
  where o.status = 'DELIVERED' and ${where}`;

/** One round of the job: up to `limit` delivered orders not checked within `intervalMs`. Answers how many finished. */
export async function refreshDueTracking(db: Db, courier: CourierGateway, o: { intervalMs: number; limit?: number }) {
  // The cutoff is taken on the database's clock, the one that stamped tracking_checked_at: a cutoff from
  // Date.now() (milliseconds) could fall a fraction of a millisecond before a check just stamped (microseconds).
  const due = await queryRows<Due>(
    db,
    dueSql(sql`(w.tracking_checked_at is null or w.tracking_checked_at <= now() - make_interval(secs => ${o.intervalMs / 1000})) and w.tracking_state is distinct from '3'
      order by w.tracking_checked_at nulls first limit ${o.limit ?? 200}`),
  );
  let finished = 0;
  for (const d of due) if ((await check(db, courier, d)) === 'signed') finished++;
  return finished;
}

/** On demand, for one order the purchaser shipped. */
export async function refreshOrderTracking(db: Db, courier: CourierGateway, purchaserOrgId: number, orderId: number) {
  // The order's own waybill, or the one of the merged parcel it left in.
  const w = (await waybillOf(db, purchaserOrgId, orderId)) ?? (await waybillOfParcel(db, purchaserOrgId, orderId));
  const [d] = w ? await queryRows<Due>(db, dueSql(sql`w.id = ${w.id}`)) : [];
  if (!d) throw notFound('已发货订单');
  return { result: await check(db, courier, d) };
}
