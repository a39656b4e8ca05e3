/**
 * Self-pickup orders (express SELF_PICKUP: offline pickup orders and declarations held at the
 * warehouse) never get a waybill. Once all their items are in they wait in their sorting slot for
 * the collector; handing them over is the order's delivery and its finish at once (the collector
 * signs for the goods at the counter), with no ship-back: such orders have no shop order.
 */
import { ErrorCode, maskName, maskPhone, SELF_PICKUP_EXPRESS, type WarehouseHandOverResult } from '@dropship/contract';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { deliverOrder, finishOrder, lockOrders, type OrderRecord } from '../dropship-orders/index.js';
import { appendTakeLogs } from '../take-assignment/index.js';
import { isLive, progressOf } from './arrival.js';
import type { Operator, WarehouseDeps } from './ship.service.js';
import * as repo from './warehouse.repository.js';

export const isSelfPickup = (o: Pick<OrderRecord, 'expressCode'>) => o.expressCode === SELF_PICKUP_EXPRESS;

/** What the scanning bench says when a self-pickup order is complete. */
export const selfPickupReadyMessage = (o: OrderRecord, slotNo: number | null) =>
  `已到齐：仓库自提订单，请放入 ${slotNo ?? '自提'} 号分拣位，等取货人 ${maskName(o.receiverName)}（${maskPhone(o.receiverPhone)}）来取`;

export async function handOverOrder(deps: WarehouseDeps, op: Operator, orderId: number): Promise<WarehouseHandOverResult> {
  const found = await repo.orderForPurchaser(deps.db, op.orgId, orderId);
  if (!found) throw notFound('订单');
  return inTransaction(deps.db, async (t) => {
    const [o] = await lockOrders(t, found.sellerOrgId, [found.id]);
    if (!o) throw notFound('订单');
    if (!isSelfPickup(o)) throw new AppError(ErrorCode.WAREHOUSE_NOT_SELF_PICKUP);
    const items = await repo.itemsOfOrder(t, op.orgId, o.id);
    const progress = progressOf(items);
    if (o.status === 'WAITING_DELIVERING' && !progress.complete) {
      throw new AppError(ErrorCode.WAREHOUSE_NOT_READY, `订单 ${o.orderNo} 还有 ${progress.total - progress.arrived} 件商品未到货，不能交付`);
    }
    // deliverOrder checks the status under the same lock: a second hand-over is refused there.
    await deliverOrder(t, deps.jobs, { purchaserOrgId: op.orgId, userId: op.userId }, o.orgId, o.id, {
      courierCode: SELF_PICKUP_EXPRESS,
      courierName: o.expressName,
      trackingNo: '',
    });
    await finishOrder(t, o.orgId, o.id, `取货人 ${maskName(o.receiverName)} 已在仓库取走`);
    await repo.freeSlot(t, op.orgId, o.id);
    await appendTakeLogs(
      t,
      op.orgId,
      op.userId,
      items.filter(isLive).map((i) => ({ takeItemId: i.id, operation: 'HAND_OVER', note: '交付取货人' })),
    );
    return { orderId: o.id, orderNo: o.orderNo };
  });
}
