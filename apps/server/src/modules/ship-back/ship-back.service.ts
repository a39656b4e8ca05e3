/**
 * Shipping back to the shop (回传物流, docs/decisions/0014-warehouse-shipping.md): delivery enqueues
 * a job in its own transaction (dropship-orders' orderDelivered hook); the job pushes courier + tracking number through the shop's
 * channel client (shipNotify maps our courier code to the platform's). Retryable platform errors
 * (rate limit, 5xx, network) are retried with the queue's backoff up to SHIP_BACK_MAX_ATTEMPTS,
 * then FAILED with the reason; a refused token marks the shop EXPIRED and fails at once with
 * "re-authorize"; any other refusal fails at once. The seller reads the state and retries.
 */
import { ChannelError } from '@dropship/channels';
import { ErrorCode, type ShipBackView } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findOrders, type OrderDelivered } from '../dropship-orders/index.js';
import type { JobContext, JobQueue } from '../jobs/index.js';
import { messageShipBackFailed } from '../messages/index.js';
import { clientOfShop, EXPIRED_MESSAGE, findShop, isApiChannel, markExpired, type ShopsDeps, usableToken } from '../shops/index.js';
import * as repo from './ship-back.repository.js';

export const SHIP_BACK_JOB = 'shipBack.push';
export const SHIP_BACK_MAX_ATTEMPTS = 5;
const jobKey = (orderId: number) => `${SHIP_BACK_JOB}:${orderId}`;
export const REAUTH_MESSAGE = `${EXPIRED_MESSAGE}：请到“店铺授权”重新授权该店铺，再点“重试回传”`;

interface ShippedOrder {
  id: number;
  orgId: number;
  shopId: number | null;
  platformOrderId: string | null;
  courierCode: string | null;
  trackingNo: string | null;
}

/** In the delivery's transaction: a PENDING row and its job. Orders placed by hand have no shop: nothing to push. */
export async function enqueueShipBack(t: Db, jobs: JobQueue, o: ShippedOrder) {
  if (o.shopId === null || !o.platformOrderId) return false;
  await repo.upsertPending(t, { orgId: o.orgId, orderId: o.id, shopId: o.shopId });
  await jobs.enqueue(SHIP_BACK_JOB, { orgId: o.orgId, orderId: o.id }, { singletonKey: jobKey(o.id), maxAttempts: SHIP_BACK_MAX_ATTEMPTS }, t);
  return true;
}

/** dropship-orders' orderDelivered handler (wired in src/hooks.ts): enqueues in the delivery's transaction. */
export async function shipBackOnDelivery(t: Db, d: OrderDelivered) {
  await enqueueShipBack(t, d.jobs, d.order);
}

/** FAILED for good, and the seller is told (one message per order, however often the job ran). */
async function fail(db: Db, orgId: number, orderId: number, orderNo: string, lastError: string, needsReauth = false) {
  await repo.setOutcome(db, orgId, orderId, { status: 'FAILED', lastError, needsReauth });
  await messageShipBackFailed(db, { orgId, orderId, orderNo, reason: lastError });
}

/** The job: one push. Throws only to be retried by the queue. */
export async function runShipBack(deps: ShopsDeps, p: { orgId: number; orderId: number }, ctx: Pick<JobContext, 'attempt' | 'maxAttempts'>) {
  const { db } = deps;
  const row = await repo.findRow(db, p.orgId, p.orderId);
  const view = row && (await repo.viewOf(db, p.orgId, p.orderId));
  if (!row || !view || row.status !== 'PENDING') return;
  const shop = await findShop(db, p.orgId, row.shopId);
  if (!shop) return fail(db, p.orgId, p.orderId, view.orderNo, '店铺已删除，无法回传，请到店铺后台手动发货');
  if (!isApiChannel(shop.channel)) return fail(db, p.orgId, p.orderId, view.orderNo, '该店铺的平台没有发货接口，请到店铺后台手动填写快递单号');
  const client = await clientOfShop(deps, shop);
  if (!client) return fail(db, p.orgId, p.orderId, view.orderNo, '该平台的接口尚未配置，请到店铺后台手动填写快递单号');
  const [platformOrderId, courierCode, trackingNo] = [view.platformOrderId ?? '', view.courierCode ?? '', view.trackingNo ?? ''];
  try {
    const token = await usableToken(deps, shop, client);
    if (!token) return fail(db, p.orgId, p.orderId, view.orderNo, REAUTH_MESSAGE, true);
    await client.shipNotify({ token, platformOrderId, courierCode, trackingNo });
    await repo.setOutcome(db, p.orgId, p.orderId, { status: 'SUCCESS', lastError: null });
  } catch (e) {
    if (e instanceof ChannelError && e.kind === 'TOKEN_EXPIRED') {
      await markExpired(db, shop);
      return fail(db, p.orgId, p.orderId, view.orderNo, REAUTH_MESSAGE, true);
    }
    const message = e instanceof Error ? e.message : String(e);
    const retryable = !(e instanceof ChannelError) || e.retryable;
    if (!retryable) return fail(db, p.orgId, p.orderId, view.orderNo, `平台拒绝回传：${message}`);
    if (ctx.attempt >= ctx.maxAttempts) return fail(db, p.orgId, p.orderId, view.orderNo, `已自动重试${ctx.attempt}次仍失败：${message}`);
    await repo.setOutcome(db, p.orgId, p.orderId, { status: 'PENDING', lastError: `第${ctx.attempt}次回传失败，稍后自动重试：${message}` });
    throw e;
  }
}

type ViewRow = NonNullable<Awaited<ReturnType<typeof repo.viewOf>>>;
const toView = (r: ViewRow): ShipBackView => ({
  orderId: r.row.orderId,
  orderNo: r.orderNo,
  shopName: r.shopName ?? '',
  channel: r.channel ?? '',
  courierCode: r.courierCode ?? '',
  trackingNo: r.trackingNo ?? '',
  status: r.row.status,
  attempts: r.row.attempts,
  lastError: r.row.lastError,
  needsReauth: r.row.needsReauth,
  updatedAt: r.row.updatedAt.toISOString(),
});

/** The order's ship-back, or null when there is nothing to push (by hand, not shipped). Another tenant's order: 12001. */
export async function shipBackOf(db: Db, orgId: number, orderId: number): Promise<ShipBackView | null> {
  if ((await findOrders(db, orgId, [orderId])).length === 0) throw notFound('订单');
  const r = await repo.viewOf(db, orgId, orderId);
  return r ? toView(r) : null;
}

/** FAILED → PENDING with a new job (the seller fixed the cause, e.g. authorized the shop again). */
export async function retryShipBack(db: Db, jobs: JobQueue, orgId: number, orderId: number) {
  const view = await shipBackOf(db, orgId, orderId);
  if (view?.status !== 'FAILED') throw new AppError(ErrorCode.SHIP_BACK_NOT_RETRYABLE);
  await inTransaction(db, async (t) => {
    const row = await repo.findRow(t, orgId, orderId);
    if (!row) throw notFound('物流回传');
    await repo.upsertPending(t, { orgId, orderId, shopId: row.shopId });
    await jobs.enqueue(SHIP_BACK_JOB, { orgId, orderId }, { singletonKey: jobKey(orderId), maxAttempts: SHIP_BACK_MAX_ATTEMPTS }, t);
  });
  return shipBackOf(db, orgId, orderId);
}

export async function failedShipBacks(db: Db, orgId: number, q: { pageNo: number; pageSize: number }) {
  const { total, rows } = await repo.pageFailed(db, orgId, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total, list: rows.map(toView) };
}
