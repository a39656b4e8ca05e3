/**
 * 货到付款 (pay after delivery, docs/decisions/0018-pay-later.md): paying orders on credit within the
 * platform's limit, the charge when the order ships (from the balance, or a 补款 request when it is
 * short), and the request's payment settling the order. Refunds before the charge live in
 * order-refund.ts.
 */
import { type DropshipPayResult, ErrorCode, fenToYuan, type PayLaterCredit } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError } from '../../../lib/app-error.js';
import { fulfilmentSettings, platformFulfilmentPrices } from '../../fulfilment-settings/index.js';
import { createReplenishRequest, ensureAccount, lockAccount, moveMoney } from '../../funds/index.js';
import { messageReplenishDue } from '../../messages/index.js';
import * as repo from '../orders.repository.js';
import { lockPayable, orderKey, settleOrders } from '../pay/settle.service.js';
import * as timeline from '../timeline.repository.js';
import * as later from './pay-later.repository.js';

export interface Caller {
  orgId: number;
  userId: number;
}

/** The seller's credit: limit (0 when the service is off), what is owed, what is left. */
export async function payLaterCredit(db: Db, orgId: number): Promise<PayLaterCredit> {
  // In turn, not Promise.all: `db` is the payment's transaction here (one client) as often as the pool.
  const s = await fulfilmentSettings(db, orgId);
  const prices = await platformFulfilmentPrices(db);
  const usedFen = await later.outstandingFen(db, orgId);
  const enabled = s.setPayment.enabled && s.setPayment.agreedTerms;
  const limitFen = enabled ? prices.payLaterCreditFen : 0;
  return { enabled, limitFen, usedFen, leftFen: Math.max(0, limitFen - usedFen) };
}

/**
 * Pays the orders with 货到付款, all or none: no money moves, the orders go through the same
 * settleOrders as a balance payment (take items, picking, warehouse unchanged) and wait DUE for
 * their charge at delivery. The organisation's account row is locked before the credit is
 * counted, so two concurrent pay-later payments cannot both fit into what is left. The same
 * request key again answers success without change.
 */
export async function payWithPayLater(db: Db, caller: Caller, ids: number[], requestKey: string): Promise<DropshipPayResult> {
  const amountFen = await inTransaction(db, async (t) => {
    // Orders before the account: the order every payer and refund locks in (no deadlock).
    const { rows, payable } = await lockPayable(t, caller.orgId, ids, requestKey);
    if (payable.length > 0) {
      await ensureAccount(t, caller.orgId);
      await lockAccount(t, caller.orgId);
      const credit = await payLaterCredit(t, caller.orgId);
      if (!credit.enabled) throw new AppError(ErrorCode.PAY_LATER_NOT_ENABLED);
      const need = payable.reduce((n, r) => n + r.totalFen, 0);
      if (need > credit.leftFen) {
        throw new AppError(
          ErrorCode.PAY_LATER_OVER_LIMIT,
          `货到付款额度不足：额度 ¥${fenToYuan(credit.limitFen)}，已用 ¥${fenToYuan(credit.usedFen)}，剩余 ¥${fenToYuan(credit.leftFen)}，本次需 ¥${fenToYuan(need)}。请改用余额或支付宝支付，或等已发货订单扣款、补款后再试`,
        );
      }
      await settleOrders(t, caller, payable, { payMethod: 'PAY_LATER', requestKey, note: `货到付款，发货时扣款 ¥${fenToYuan(need)}` });
    }
    return rows.reduce((n, r) => n + r.totalFen, 0);
  });
  const orders = (await repo.findOrders(db, caller.orgId, ids)).map((r) => ({
    id: r.id,
    orderNo: r.orderNo,
    status: r.status,
  }));
  return { payMethod: 'PAY_LATER', amountFen, paid: true, orders, alipay: null };
}

const SYSTEM = (orgId: number) => ({ userId: null, orgId });

/**
 * The charge when a DUE order ships, inside deliverOrder's transaction under the order's lock:
 * what is due (total − refunded) is taken from the balance (request key `order:<orderNo>`, the
 * payment's own key, so it can never be taken twice) → CHARGED; a short balance gets a 货到付款
 * replenish request for it → BILLED. Anything else is left alone.
 */
export async function chargeAtDelivery(t: Db, o: repo.OrderRecord, purchaserOrgId: number) {
  if (o.payMethod !== 'PAY_LATER' || o.payLaterState !== 'DUE') return;
  const due = o.totalFen - o.refundedFen;
  await ensureAccount(t, o.orgId);
  const account = await lockAccount(t, o.orgId);
  let note: string;
  if (due <= 0) {
    if (!(await later.moveState(t, o.orgId, o.id, 'DUE', { state: 'CHARGED' }))) return;
    note = '发货时应付 ¥0.00，无需扣款';
  } else if ((account?.availableFen ?? 0) >= due) {
    const { entry } = await moveMoney(t, {
      orgId: o.orgId,
      transactionType: o.source === 'OFFLINE' ? 'PICKUP' : 'ORDER',
      purpose: 'GOODS_PAY_LATER',
      availableDeltaFen: -due,
      businessId: o.orderNo,
      requestKey: orderKey(o.orderNo),
      remark: `货到付款 代发订单 ${o.orderNo} 发货扣款`,
    });
    await timeline.linkEntries(t, [{ orderId: o.id, entryId: entry.id }]);
    await later.moveState(t, o.orgId, o.id, 'DUE', { state: 'CHARGED' });
    note = `发货时从余额扣款 ¥${fenToYuan(due)}`;
  } else {
    const replenishId = await createReplenishRequest(t, {
      orgId: o.orgId,
      amountFen: due,
      purpose: 'GOODS_PAY_LATER',
      orderNo: o.orderNo,
      reason: `货到付款：代发订单 ${o.orderNo} 已发货，余额不足未能扣款，请支付 ¥${fenToYuan(due)}`,
    });
    await messageReplenishDue(t, { orgId: o.orgId, replenishId, amountFen: due, reason: '货到付款，余额不足未能扣款', orderNo: o.orderNo });
    await later.moveState(t, o.orgId, o.id, 'DUE', { state: 'BILLED', replenishId });
    note = `余额不足（可用 ¥${fenToYuan(account?.availableFen ?? 0)}），已生成补款单 ${replenishId}，待支付 ¥${fenToYuan(due)}`;
  }
  await timeline.insertEvents(t, o.orgId, SYSTEM(purchaserOrgId), [
    { orderId: o.id, fromStatus: 'DELIVERED', toStatus: 'DELIVERED', operation: 'PAY_LATER', note },
  ]);
}
