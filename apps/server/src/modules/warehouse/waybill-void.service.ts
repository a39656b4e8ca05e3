/**
 * 作废面单 (decisions 0022, 0025): a waybill taken for an order is kept in `waybills` so a retried
 * shipment reuses the number. When the order will not leave with it (a member cancelled, a line not
 * in, the seller changed the express, the warehouse switched the shop's waybill source), the number
 * is given back at its source (the platform e-waybill account, or Kuaidi100) and the row deleted, so
 * the next shipment takes a new one. The purchaser does it by hand (voidWaybill); an order cancelled
 * or whose lines all stopped queues the same as a job (recycleOnStop), retried while the source fails.
 * A shipped order's number is on a parcel and is never voided.
 */
import { CourierError } from '@dropship/channels';
import { ErrorCode, type WarehouseVoidWaybillResult } from '@dropship/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findOrders, insertEvents, lockOrders, type OrderStopped } from '../dropship-orders/index.js';
import { enqueueJob, type JobQueue } from '../jobs/index.js';
import type { ShopsDeps } from '../shops/index.js';
import { appendTakeLogs } from '../take-assignment/index.js';
import { forgetKeptDay } from '../workbench/index.js';
import type { CourierGateway } from './courier-gateway.js';
import { cancelPlatformWaybill } from './platform-waybill.service.js';
import * as repo from './warehouse.repository.js';

export const RECYCLE_JOB = 'warehouse.recycleWaybill';
const RecyclePayload = z.object({ purchaserOrgId: z.number().int(), waybillId: z.number().int() });

export interface VoidDeps extends ShopsDeps {
  courier: CourierGateway;
}

const cancelFailed = (why: string) => new AppError(ErrorCode.WAREHOUSE_WAYBILL_CANCEL_FAILED, `作废面单失败：${why}。面单仍保留，请稍后重试`);

/** Gives the number back where it came from; throws WAREHOUSE_WAYBILL_CANCEL_FAILED with the source's reason. */
async function cancelAtSource(deps: VoidDeps, w: repo.WaybillRecord) {
  if (w.platformSource && w.shopId !== null) {
    let out: Awaited<ReturnType<typeof cancelPlatformWaybill>>;
    try {
      out = await cancelPlatformWaybill(deps, { sellerOrgId: w.sellerOrgId, shopId: w.shopId, courierCode: w.courierCode, trackingNo: w.trackingNo });
    } catch (e) {
      // The shop is gone or its platform unconfigured: the reason is the warehouse's usual Chinese one.
      if (e instanceof AppError) throw cancelFailed(e.message.replace(/。商品已入库.*$/, ''));
      throw e;
    }
    if (!out.ok) throw cancelFailed(out.message);
    return;
  }
  try {
    await (await deps.courier.client()).cancelWaybill({
      courierCode: w.courierCode,
      trackingNo: w.trackingNo,
      ...(w.courierOrderNo ? { courierOrderNo: w.courierOrderNo } : {}),
    });
  } catch (e) {
    if (e instanceof CourierError) throw cancelFailed(e.message);
    throw e;
  }
}

const inUse = (orderNo: string, trackingNo: string) =>
  new AppError(ErrorCode.WAREHOUSE_WAYBILL_IN_USE, `面单 ${trackingNo} 已随订单 ${orderNo} 的包裹发出，面单已贴在包裹上，不能作废`);

/**
 * Cancels the kept waybill at its source, then deletes it with a note on the order's take log and
 * timeline, under the order's lock. A number that already left on a parcel (a merged parcel's orders
 * shipped with it) is never cancelled.
 */
async function voidKept(deps: VoidDeps, w: repo.WaybillRecord, actor: { purchaserOrgId: number; userId: number | null }, why: string, orderNo: string) {
  if (await repo.waybillShipped(deps.db, w)) throw inUse(orderNo, w.trackingNo);
  await cancelAtSource(deps, w);
  return inTransaction(deps.db, async (t) => {
    const [o] = await lockOrders(t, w.sellerOrgId, [w.orderId]);
    if (!(await repo.deleteWaybill(t, actor.purchaserOrgId, w.id))) return false;
    // Issued on a day that may be closed: the workbench's 发货单数 counts that day again.
    await forgetKeptDay(t, actor.purchaserOrgId, 'ORDERS_SHIPPED', w.createdAt);
    const source = w.platformSource ?? 'KUAIDI100';
    const note = `${why}：作废面单 ${w.trackingNo}（${source === 'KUAIDI100' ? '快递100' : source}），下次发货重新取号`;
    const items = await repo.itemsOfOrder(t, actor.purchaserOrgId, w.orderId);
    await appendTakeLogs(
      t,
      actor.purchaserOrgId,
      actor.userId,
      items.map((i) => ({ takeItemId: i.id, operation: 'VOID_WAYBILL', note })),
    );
    if (o) {
      await insertEvents(t, w.sellerOrgId, { userId: actor.userId, orgId: actor.purchaserOrgId }, [
        { orderId: o.id, fromStatus: o.combinedStatus, toStatus: o.combinedStatus, operation: 'VOID_WAYBILL', note },
      ]);
    }
    return true;
  });
}

/**
 * The purchaser's 作废面单 for an order it serves: refused for a shipped order (the number is on a
 * parcel) and for an order with nothing kept; a source's refusal keeps the row and answers its reason.
 */
export async function voidWaybill(deps: VoidDeps, op: { orgId: number; userId: number }, orderId: number): Promise<WarehouseVoidWaybillResult> {
  const found = await repo.orderForPurchaser(deps.db, op.orgId, orderId);
  if (!found) throw notFound('订单');
  const [o] = await findOrders(deps.db, found.sellerOrgId, [found.id]);
  if (!o) throw notFound('订单');
  if (o.status === 'DELIVERED' || o.status === 'FINISHED') {
    throw new AppError(
      ErrorCode.WAREHOUSE_WAYBILL_IN_USE,
      `订单 ${o.orderNo} 已发货（${o.expressName} ${o.trackingNo ?? ''}），面单已贴在包裹上，不能作废；如需召回包裹请联系快递公司`,
    );
  }
  const w = await repo.waybillOf(deps.db, op.orgId, orderId);
  if (!w) throw new AppError(ErrorCode.WAREHOUSE_NO_KEPT_WAYBILL, `订单 ${o.orderNo} 没有保留的面单（未取过单号或已作废），无需作废`);
  if (!(await voidKept(deps, w, { purchaserOrgId: op.orgId, userId: op.userId }, '仓库手动作废', o.orderNo))) {
    throw new AppError(ErrorCode.WAREHOUSE_NO_KEPT_WAYBILL, `订单 ${o.orderNo} 的面单已被作废或已随包裹发出`);
  }
  return { orderId: o.id, orderNo: o.orderNo, courierCode: w.courierCode, trackingNo: w.trackingNo, source: w.platformSource ?? 'KUAIDI100' };
}

/**
 * Handler of dropship-orders' orderStopped (wired in src/hooks.ts), inside the seller's cancel or stop:
 * a waybill kept for the order is queued for recycling (the source is called by the job, never inside
 * the seller's transaction).
 */
export async function recycleOnStop(t: Db, facts: OrderStopped) {
  const w = await repo.waybillOfSellerOrder(t, facts.sellerOrgId, facts.orderId);
  if (!w) return;
  await enqueueJob(t, RECYCLE_JOB, { purchaserOrgId: w.purchaserOrgId, waybillId: w.id }, { singletonKey: `${RECYCLE_JOB}:${w.id}`, maxAttempts: 8 });
}

/** The recycle job: voids the kept waybill unless the order may still ship with it (a stop revoked) or already did. */
async function runRecycle(deps: VoidDeps, p: z.infer<typeof RecyclePayload>) {
  const w = await repo.waybillById(deps.db, p.purchaserOrgId, p.waybillId);
  if (!w) return;
  const [o] = await findOrders(deps.db, w.sellerOrgId, [w.orderId]);
  if (o && o.status !== 'CANCELED' && o.combinedStatus !== 'E_STOP_TAKING') return;
  // Its parcel's other orders left with the number: nothing to give back.
  if (await repo.waybillShipped(deps.db, w)) return;
  await voidKept(
    deps,
    w,
    { purchaserOrgId: p.purchaserOrgId, userId: null },
    o?.status === 'CANCELED' ? '订单已取消' : '订单商品已全部停止拿货',
    o?.orderNo ?? '',
  );
}

export function registerRecycleJob(jobs: JobQueue, deps: VoidDeps) {
  jobs.register(RECYCLE_JOB, RecyclePayload, (p) => runRecycle(deps, p), { maxAttempts: 8 });
}
