/**
 * 有货先发 (waitMode SHIP_TAKEN, decision 0019): before an order ships with what arrived, each line put
 * off to another day is stopped and its goods money refunded through the seller's own stop operation
 * (stopItem, acting for the seller at the purchaser's hands: the ledger entry, the order's refunded
 * money, the line mirror and the timeline are that one code path). Each stop is its own transaction,
 * as for the purchaser's stop buttons; the delivery that follows re-checks every line under the lock.
 * The stop event names this reason, not a seller's request.
 * A follow-up parcel (补发) is not modelled: an order has one waybill, so what was put off is refunded.
 */
import { ErrorCode } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { insertEvents, stopItem } from '../dropship-orders/index.js';
import { putOffLines, readinessOf, type WaitMode } from './parcel.js';
import type { Operator } from './ship.service.js';
import * as repo from './warehouse.repository.js';

export const SHIP_TAKEN_NOTE = '有货先发，未拿到的商品已退款';
export const SHIP_TAKEN_STOP_REASON = '有货先发，仓库停止拿货未到的商品';
const lineName = (i: repo.TakeItemRecord) => `${[i.artNo, i.color, i.size].filter(Boolean).join(' ') || i.takeCode} ×${i.quantity}`;

/** Stops the put-off lines of the orders that ship what arrived; answers, per order, the lines stopped. */
export async function stopPutOffLines(db: Db, op: Operator, sellerOrgId: number, orderIds: number[], waitMode: WaitMode) {
  const stopped = new Map<number, string[]>();
  if (waitMode !== 'SHIP_TAKEN') return stopped;
  const items = await repo.itemsOfOrders(db, op.orgId, orderIds);
  for (const orderId of orderIds) {
    const own = items.filter((i) => i.orderId === orderId);
    if (readinessOf(own, waitMode) !== 'SHIP_TAKEN') continue;
    const names: string[] = [];
    for (const line of putOffLines(own)) {
      try {
        await stopItem(db, { orgId: sellerOrgId, userId: op.userId }, line.orderItemId, {
          byPurchaser: { orgId: op.orgId, userId: op.userId },
          reason: SHIP_TAKEN_STOP_REASON,
        });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        // Stopped meanwhile (a concurrent scan of the same parcel, or the seller): refunded once, go on.
        const now = (await repo.itemsOfOrder(db, op.orgId, orderId)).find((i) => i.id === line.id);
        if (now?.takingStatus !== 'E_STOP_TAKING')
          throw new AppError(ErrorCode.WAREHOUSE_NOT_READY, `「${lineName(line)}」的拿货状态刚有变化，暂不能有货先发，请稍后重试发货（${e.message}）`);
      }
      names.push(lineName(line));
    }
    stopped.set(orderId, names);
  }
  return stopped;
}

/** The seller's timeline says why the order left without some lines (in the delivery's transaction). */
export async function noteShipTaken(t: Db, op: Operator, sellerOrgId: number, orderId: number, lines: string[]) {
  await insertEvents(t, sellerOrgId, { userId: op.userId, orgId: op.orgId }, [
    { orderId, fromStatus: 'DELIVERED', toStatus: 'DELIVERED', operation: 'SHIP_TAKEN', note: `${SHIP_TAKEN_NOTE}：${lines.join('；')}`.slice(0, 200) },
  ]);
}
