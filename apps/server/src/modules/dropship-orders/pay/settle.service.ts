/**
 * The one way an order becomes paid (payDropshipOrder, for a batch): coupon checked, goods and
 * fees taken from the balance through moveMoney (request key `order:<orderNo>`, so an order's
 * money moves at most once whoever asks), WAITING_PAYMENT → WAITING_DELIVERING, one take item
 * with a pick-up code per line for the serving purchaser, the shop order marked PLACED, the
 * timeline and counters written. Runs inside the caller's transaction, on rows it has locked.
 * 货到付款 (payMethod PAY_LATER, pay-later.service.ts) moves no money here: the orders wait DUE for
 * their charge at delivery, everything else the same.
 */

import { type CombinedStatusCode, ErrorCode } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { moveMoney, useCoupon } from '../../funds/index.js';
import { setDropshipStatus } from '../../shop-orders/index.js';
import { createTakeItems, servingPurchaser } from '../../take-assignment/index.js';
import * as repo from '../orders.repository.js';
import * as payLater from '../pay-later/pay-later.repository.js';
import { combinedStatusOf } from '../status-machine.js';
import * as timeline from '../timeline.repository.js';

export interface Payer {
  orgId: number;
  userId: number | null;
}

export const orderKey = (orderNo: string) => `order:${orderNo}`;

/**
 * Locks the orders of one payment (id order) and answers those still waiting for it. The same
 * request key again finds them paid and answers none (the caller succeeds without paying twice);
 * an order paid by another request, or cancelled, refuses the whole payment by its number.
 */
export async function lockPayable(t: Db, orgId: number, ids: number[], requestKey: string) {
  const rows = await repo.lockOrders(t, orgId, ids);
  if (rows.length !== ids.length) throw notFound('订单');
  const payable: repo.OrderRecord[] = [];
  for (const r of rows) {
    if (r.status === 'WAITING_PAYMENT') payable.push(r);
    else if (r.payRequestKey !== requestKey || r.status === 'CANCELED') {
      const why = r.status === 'CANCELED' ? '已取消' : '已支付';
      throw new AppError(ErrorCode.DROPSHIP_NOT_PAYABLE, `订单 ${r.orderNo} ${why}，不能再支付，请刷新后重试`);
    }
  }
  return { rows, payable };
}

/** Pays locked WAITING_PAYMENT orders of one organisation from its balance. */
export async function settleOrders(t: Db, payer: Payer, orders: repo.OrderRecord[], how: { payMethod: string; requestKey: string; note?: string }) {
  if (orders.length === 0) return;
  const orgId = payer.orgId;
  const purchaserOrgId = await servingPurchaser(t, orgId);
  const links: { orderId: number; entryId: number }[] = [];
  const onCredit = how.payMethod === 'PAY_LATER';
  for (const o of orders) {
    if (o.status !== 'WAITING_PAYMENT') throw new AppError(ErrorCode.DROPSHIP_NOT_PAYABLE, `订单 ${o.orderNo} 不是待付款状态，请刷新后重试`);
    // The coupon was reserved when the order was placed; this answers it again (or refuses if it was given back).
    if (o.couponId) await useCoupon(t, orgId, o.couponId, o.orderNo, o.goodsFen + o.expressFeeFen + o.serviceFeeFen);
    if (o.totalFen > 0 && !onCredit) {
      const { entry } = await moveMoney(t, {
        orgId,
        // An offline pickup order's payment reads 线下拿货 (PICKUP) in the ledger (SPEC.md section 4).
        transactionType: o.source === 'OFFLINE' ? 'PICKUP' : 'ORDER',
        purpose: 'ORDER',
        availableDeltaFen: -o.totalFen,
        businessId: o.orderNo,
        requestKey: orderKey(o.orderNo),
        remark: `代发订单 ${o.orderNo}`,
      });
      links.push({ orderId: o.id, entryId: entry.id });
    }
  }
  const ids = orders.map((o) => o.id);
  const moved = await repo.markPaid(t, orgId, ids, { payMethod: how.payMethod, requestKey: how.requestKey, purchaserOrgId });
  if (moved.length !== ids.length) throw new AppError(ErrorCode.DROPSHIP_NOT_PAYABLE);
  if (onCredit) await payLater.markDue(t, orgId, ids);
  await repo.setLinesWaiting(t, orgId, ids);
  const lines = await repo.itemsOf(t, orgId, ids);
  const byId = new Map(orders.map((o) => [o.id, o]));
  const combined = await applySupplyModes(t, orgId, orders, lines);
  await createTakeItems(
    t,
    purchaserOrgId,
    orgId,
    lines.map((l) => ({
      supplyMode: l.supplyMode as 'MARKET_PICKUP' | 'OWN_STOCK',
      urgent: byId.get(l.orderId)?.speedDelivery ?? false,
      orderId: l.orderId,
      orderItemId: l.id,
      orderNo: byId.get(l.orderId)?.orderNo ?? '',
      supplierId: l.supplierId,
      stallName: l.stallName,
      market: l.market,
      building: l.building,
      floor: l.floor,
      stallNo: l.stallNo,
      marketArea: l.marketArea,
      artNo: l.artNo,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
      expressName: byId.get(l.orderId)?.expressName ?? '',
      unitCostFen: l.unitCostFen,
    })),
  );
  await timeline.linkEntries(t, links);
  await setDropshipStatus(
    t,
    orgId,
    orders.flatMap((o) => (o.shopOrderId ? [o.shopOrderId] : [])),
    'PLACED',
  );
  await timeline.insertEvents(
    t,
    orgId,
    { userId: payer.userId, orgId },
    orders.map((o) => ({ orderId: o.id, fromStatus: 'WAITING_PAYMENT', toStatus: 'WAITING_DELIVERING', operation: 'PAY', note: how.note ?? '' })),
  );
  await timeline.bumpCounts(t, orgId, timeline.moves(orders.map((o) => ['WAITING_PAYMENT', combined.get(o.id) ?? 'WAITING_TAKING'])));
}

/**
 * 供货备货方式: a line placed as OWN_STOCK (draft.service.ts withSupplyMode) is taken from the warehouse's
 * shelves, so it starts TOOK and no picker walks for it. Marks the lines (mutating `lines` so the take
 * items copy them) and answers each order's combined status where it is not WAITING_TAKING.
 */
async function applySupplyModes(t: Db, orgId: number, orders: repo.OrderRecord[], lines: repo.ItemRecord[]) {
  const combined = new Map<number, CombinedStatusCode>();
  const own = lines.filter((l) => l.supplyMode === 'OWN_STOCK');
  if (own.length === 0) return combined;
  await repo.setLinesOwnStock(
    t,
    orgId,
    own.map((l) => l.id),
  );
  for (const l of own) l.takeStatus = 'TOOK';
  for (const o of orders) {
    const next = combinedStatusOf(
      'WAITING_DELIVERING',
      lines.filter((l) => l.orderId === o.id).map((l) => l.takeStatus),
    );
    if (next !== 'WAITING_TAKING') {
      await repo.setCombined(t, orgId, o.id, next);
      combined.set(o.id, next);
    }
  }
  return combined;
}
