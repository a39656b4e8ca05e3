/**
 * The purchaser's end of a dropship order (status-machine.ts: deliver and finish). Both are named
 * operations that lock the order's row and check its status under the lock, so a cancel, a second
 * scan or a second batch run cannot move an order twice. Delivery emits orderDelivered (hooks.ts)
 * in the same transaction, on which ship-back enqueues the push to the shop's marketplace: the push
 * is never lost nor made for a rolled-back delivery. A 货到付款 order is charged in the same transaction too (pay-later.service.ts).
 */
import { ErrorCode } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import { orderDelivered } from '../hooks.js';
import * as repo from '../orders.repository.js';
import { chargeAtDelivery } from '../pay-later/pay-later.service.js';
import { combinedStatusOf } from '../status-machine.js';
import * as timeline from '../timeline.repository.js';

export interface DeliverActor {
  purchaserOrgId: number;
  userId: number | null;
}

export interface Delivery {
  courierCode: string;
  courierName: string;
  trackingNo: string;
}

/**
 * WAITING_DELIVERING → DELIVERED with courier and tracking number, in the caller's transaction.
 * The order must be one this purchaser serves (else 12001, as for another tenant's id).
 */
export async function deliverOrder(t: Db, jobs: JobQueue, actor: DeliverActor, sellerOrgId: number, orderId: number, d: Delivery) {
  const [o] = await repo.lockOrders(t, sellerOrgId, [orderId]);
  if (!o || o.purchaserOrgId !== actor.purchaserOrgId) throw notFound('订单');
  if (o.status !== 'WAITING_DELIVERING') {
    const why = o.status === 'DELIVERED' || o.status === 'FINISHED' ? `已发货（${o.trackingNo ?? ''}）` : '已取消或未支付';
    throw new AppError(ErrorCode.DELIVER_NOT_ALLOWED, `订单 ${o.orderNo} ${why}，不能发货`);
  }
  const combined = combinedStatusOf('DELIVERED', [], o.afterSaleStatus);
  const moved = await repo.moveStatus(t, sellerOrgId, o.id, 'WAITING_DELIVERING', {
    status: 'DELIVERED',
    combinedStatus: combined,
    courierCode: d.courierCode,
    trackingNo: d.trackingNo,
    deliveredAt: new Date(),
  });
  if (!moved) throw new AppError(ErrorCode.DELIVER_NOT_ALLOWED);
  await timeline.bumpCounts(t, sellerOrgId, timeline.moves([[o.combinedStatus, combined]]));
  await timeline.insertEvents(t, sellerOrgId, { userId: actor.userId, orgId: actor.purchaserOrgId }, [
    { orderId: o.id, fromStatus: o.combinedStatus, toStatus: combined, operation: 'DELIVER', note: `${d.courierName} ${d.trackingNo}` },
  ]);
  await chargeAtDelivery(t, o, actor.purchaserOrgId);
  await orderDelivered.emit(t, { jobs, order: { ...o, courierCode: d.courierCode, trackingNo: d.trackingNo } });
  return { orderNo: o.orderNo, shopId: o.shopId };
}

/** DELIVERED → FINISHED when the courier says the parcel is signed for (the tracking job, or on demand). */
export async function finishOrder(t: Db, sellerOrgId: number, orderId: number, note: string) {
  const [o] = await repo.lockOrders(t, sellerOrgId, [orderId]);
  if (!o) throw notFound('订单');
  if (o.status !== 'DELIVERED') throw new AppError(ErrorCode.FINISH_NOT_ALLOWED, `订单 ${o.orderNo} 不是已发货状态，不能完成`);
  const combined = combinedStatusOf('FINISHED', [], o.afterSaleStatus);
  if (!(await repo.moveStatus(t, sellerOrgId, o.id, 'DELIVERED', { status: 'FINISHED', combinedStatus: combined, finishedAt: new Date() }))) {
    throw new AppError(ErrorCode.FINISH_NOT_ALLOWED);
  }
  await timeline.bumpCounts(t, sellerOrgId, timeline.moves([[o.combinedStatus, combined]]));
  await timeline.insertEvents(t, sellerOrgId, { userId: null, orgId: o.purchaserOrgId ?? sellerOrgId }, [
    { orderId: o.id, fromStatus: o.combinedStatus, toStatus: combined, operation: 'FINISH', note },
  ]);
  return { orderNo: o.orderNo };
}
