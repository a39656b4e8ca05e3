/**
 * What a picker's report does on the seller's side (docs/decisions/0013-picking.md), always inside
 * the caller's transaction and under the order's row lock: the line's take status mirror, the
 * order's combined status with its tab counters and timeline event, and the money:
 * - goods not taken (out of stock, stopped production, the untaken rest of a part-taken line)
 *   go back to the seller's balance, keyed by the mark so a replay moves nothing;
 * - a stall price above the seller's cost becomes a replenish request (补款, UPDATE_PRICE);
 * - goods taken become a settlement line of the purchaser (goods paid to the stall, the picker's commission).
 * The undo (cancelTook) reverses exactly what the mark recorded, each movement once.
 */
import { ErrorCode, fenToYuan, type TakingStatusCode } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { cancelWaitingReplenish, createReplenishRequest, deleteSettlementLine, lockByIds, moveMoney, recordSettlementLine } from '../../funds/index.js';
import { messageReplenishDue, messageStockOutRefund } from '../../messages/index.js';
import * as repo from '../orders.repository.js';
import { refundOrderMoney, takeBackRefund } from '../pay/order-refund.js';
import { combinedStatusOf } from '../status-machine.js';
import * as timeline from '../timeline.repository.js';

export interface Actor {
  userId: number;
  /** The purchaser organisation acting on the seller's order. */
  orgId: number;
}

export interface LineRef {
  sellerOrgId: number;
  orderId: number;
  orderItemId: number;
}

/** The order and its lines as they are now in this transaction (an earlier line of the same batch may have moved them). */
async function current(t: Db, ref: LineRef) {
  const [o] = await repo.findOrders(t, ref.sellerOrgId, [ref.orderId]);
  if (!o) throw notFound('订单');
  const lines = await repo.itemsOf(t, ref.sellerOrgId, [o.id]);
  const line = lines.find((l) => l.id === ref.orderItemId);
  if (!line) throw notFound('订单商品');
  return { o, lines, line };
}

/** Only an order being fulfilled, whose line the seller has not stopped, takes picking reports. */
export async function assertLineOpen(t: Db, ref: LineRef, takeCode: string) {
  const { o, line } = await current(t, ref);
  if (o.status !== 'WAITING_DELIVERING' || line.takeStatus === 'E_STOP_TAKING') {
    throw new AppError(
      ErrorCode.PICKING_ORDER_CLOSED,
      `拿货码 ${takeCode}：订单 ${o.orderNo} ${o.status === 'WAITING_DELIVERING' ? '的该商品卖家已停止拿货' : '已取消或已发货'}，不用再拿`,
    );
  }
}

async function mirror(t: Db, actor: Actor, ref: LineRef, takeStatus: TakingStatusCode, refundDeltaFen: number, operation: string, note: string) {
  const { o, lines, line } = await current(t, ref);
  await repo.setLine(t, ref.sellerOrgId, line.id, { takeStatus, refundedFen: line.refundedFen + refundDeltaFen });
  const next = combinedStatusOf(
    o.status,
    lines.map((l) => (l.id === line.id ? takeStatus : l.takeStatus)),
    o.afterSaleStatus,
  );
  if (next !== o.combinedStatus) {
    await repo.setCombined(t, ref.sellerOrgId, o.id, next);
    await timeline.bumpCounts(t, ref.sellerOrgId, timeline.moves([[o.combinedStatus, next]]));
  }
  await timeline.insertEvents(t, ref.sellerOrgId, actor, [{ orderId: o.id, fromStatus: o.combinedStatus, toStatus: next, operation, note }]);
  return o;
}

export interface Outcome extends LineRef {
  /** Names the mark: every money movement's request key derives from it. */
  markKey: string;
  takeStatus: TakingStatusCode;
  lineName: string;
  resultName: string;
  /** Goods money the mark wants back for the seller (capped by what is left of the order's payment). */
  refundFen: number;
  /** Unit cost and price paid, and pieces taken: a higher price is replenished for the pieces taken. */
  unitCostFen: number;
  priceFen: number | null;
  tookQuantity: number;
  /** The settlement line of goods taken; absent when nothing was taken. */
  settlement?: { pickerUserId: number | null; supplierName: string; takeItemId: number; goodsFen: number; commissionFen: number };
}

export interface Applied {
  refundFen: number;
  refundEntryId: number | null;
  replenishId: number | null;
  replenishFen: number;
  settlementLineId: number | null;
}

/** Applies one picking report to the seller's order and the money. */
export async function applyOutcome(t: Db, actor: Actor, x: Outcome): Promise<Applied> {
  const { o } = await current(t, x);
  const refundFen = Math.max(0, Math.min(x.refundFen, o.totalFen - o.refundedFen));
  // A 货到付款 order not yet charged: the amount due drops instead (order-refund.ts).
  const back = await refundOrderMoney(t, o, refundFen, `pick-refund:${x.markKey}`, `${x.resultName}退回货款：${x.lineName}`, '退回货款');
  const refundEntryId = back.entryId;
  if (refundFen > 0) {
    await messageStockOutRefund(t, { orgId: x.sellerOrgId, orderNo: o.orderNo, lineName: x.lineName, resultName: x.resultName, refundFen, markKey: x.markKey });
  }
  const replenishFen = x.priceFen !== null && x.priceFen > x.unitCostFen ? (x.priceFen - x.unitCostFen) * x.tookQuantity : 0;
  let replenishId: number | null = null;
  if (replenishFen > 0) {
    replenishId = await createReplenishRequest(t, {
      orgId: x.sellerOrgId,
      amountFen: replenishFen,
      purpose: 'UPDATE_PRICE',
      orderNo: o.orderNo,
      reason: `档口涨价：${x.lineName}，成本¥${fenToYuan(x.unitCostFen)}，实付¥${fenToYuan(x.priceFen as number)} ×${x.tookQuantity}`.slice(0, 200),
    });
    await messageReplenishDue(t, { orgId: x.sellerOrgId, replenishId, amountFen: replenishFen, reason: `档口涨价：${x.lineName}`, orderNo: o.orderNo });
  }
  let settlementLineId: number | null = null;
  if (x.settlement) {
    const s = x.settlement;
    const r = await recordSettlementLine(t, {
      orgId: actor.orgId,
      pickerUserId: s.pickerUserId,
      supplierName: s.supplierName,
      businessId: String(s.takeItemId),
      kind: 'TAKE',
      goodsFen: s.goodsFen,
      commissionFen: s.commissionFen,
      occurredAt: new Date(),
    });
    settlementLineId = r.id;
  }
  const money = [back.note, replenishFen > 0 ? `补款 ¥${fenToYuan(replenishFen)}` : ''].filter(Boolean);
  await mirror(t, actor, x, x.takeStatus, refundFen, 'PICK_MARK', [`${x.lineName}：${x.resultName}`, ...money].join('，'));
  return { refundFen, refundEntryId, replenishId, replenishFen, settlementLineId };
}

export interface Reversal extends LineRef {
  markKey: string;
  lineName: string;
  takeStatus: TakingStatusCode;
  refundFen: number;
  replenishId: number | null;
  replenishFen: number;
  settlementLineId: number | null;
}

/**
 * Undoes one mark's effects: the refunded goods money is taken back from the seller's balance
 * (refused with PICKING_UNDO_BALANCE when it is not there), a waiting replenish request is
 * cancelled (a paid one is refunded to the balance), the settlement line is removed.
 */
export async function reverseOutcome(t: Db, actor: Actor, x: Reversal): Promise<{ refundFen: number; replenishFen: number }> {
  const { o } = await current(t, x);
  const again = await takeBackRefund(t, o, x.refundFen, `pick-undo-refund:${x.markKey}`, `撤销拿货标记，重新支付货款：${x.lineName}`, '收回已退货款').catch(
    (e: unknown) => {
      if (e instanceof AppError && e.errorCode === ErrorCode.INSUFFICIENT_BALANCE) throw new AppError(ErrorCode.PICKING_UNDO_BALANCE);
      throw e;
    },
  );
  if (x.replenishId !== null) {
    const [r] = await lockByIds(t, x.sellerOrgId, [x.replenishId]);
    if (r && r.status === 'PAID') {
      const { entry } = await moveMoney(t, {
        orgId: x.sellerOrgId,
        transactionType: 'REFUND',
        purpose: 'UPDATE_PRICE',
        availableDeltaFen: r.amountFen,
        businessId: o.orderNo,
        requestKey: `pick-undo-replenish:${x.markKey}`,
        remark: `撤销拿货标记，退回已付补款：${x.lineName}`,
      });
      await timeline.linkEntries(t, [{ orderId: o.id, entryId: entry.id }]);
    } else if (r && r.status === 'WAITING_PAYMENT') {
      await cancelWaitingReplenish(t, x.sellerOrgId, r.id);
    }
  }
  if (x.settlementLineId !== null) await deleteSettlementLine(t, actor.orgId, x.settlementLineId);
  const money = [again.note, x.replenishFen > 0 ? `撤销补款 ¥${fenToYuan(x.replenishFen)}` : ''];
  await mirror(t, actor, x, x.takeStatus, -x.refundFen, 'PICK_CANCEL_TOOK', [`${x.lineName}：撤销拿货标记`, ...money.filter(Boolean)].join('，'));
  return { refundFen: -x.refundFen, replenishFen: -x.replenishFen };
}
