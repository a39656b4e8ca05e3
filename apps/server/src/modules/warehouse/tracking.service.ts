/**
 * Following shipped parcels: a scheduled job asks Kuaidi100 about DELIVERED orders (each at most
 * once per interval, oldest check first) and finishes the ones signed for (state 3); the purchaser
 * can also ask for one order at once. A merged parcel's orders finish together. A number Kuaidi100 does not know yet is normal right after
 * pick-up: it is asked again next round. Every answer is kept as the waybill's trace (courier-trace.service.ts).
 */
import { CourierError } from '@dropship/channels';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/app-error.js';
import { finishOrder } from '../dropship-orders/index.js';
import type { CourierGateway } from './courier-gateway.js';
import { keepPolled } from './courier-trace.service.js';
import { deliveredUnder, waybillOfParcel } from './parcel.repository.js';
import { dueForTracking, dueOfWaybill, stampTrackingChecked, stampTrackingState, type TrackingDue } from './tracking.repository.js';
import { waybillOf } from './warehouse.repository.js';

export const TRACK_JOB = 'warehouse.trackDelivered';

async function check(db: Db, courier: CourierGateway, d: TrackingDue): Promise<'signed' | 'moving' | 'unknown'> {
  const client = await courier.client();
  try {
    const r = await client.queryTrack({ courierCode: d.courier_code, trackingNo: d.tracking_no, phone: d.receiver_phone.slice(-4) });
    await stampTrackingState(db, d.order_id, r.state);
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
    await stampTrackingChecked(db, d.order_id);
    return 'unknown';
  }
}

/** One round of the job: up to `limit` delivered orders not checked within `intervalMs`. Answers how many finished. */
export async function refreshDueTracking(db: Db, courier: CourierGateway, o: { intervalMs: number; limit?: number }) {
  const due = await dueForTracking(db, o.intervalMs, o.limit ?? 200);
  let finished = 0;
  for (const d of due) if ((await check(db, courier, d)) === 'signed') finished++;
  return finished;
}

/** On demand, for one order the purchaser shipped. */
export async function refreshOrderTracking(db: Db, courier: CourierGateway, purchaserOrgId: number, orderId: number) {
  // The order's own waybill, or the one of the merged parcel it left in.
  const w = (await waybillOf(db, purchaserOrgId, orderId)) ?? (await waybillOfParcel(db, purchaserOrgId, orderId));
  const d = w ? await dueOfWaybill(db, w.id) : undefined;
  if (!d) throw notFound('已发货订单');
  return { result: await check(db, courier, d) };
}
