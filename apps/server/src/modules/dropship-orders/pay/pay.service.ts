/**
 * Paying dropship orders, one or a batch: from the balance (pay password; all or none, under the
 * orders' row locks, so of two concurrent payments of one order exactly one succeeds) or by
 * Alipay (one trade for the batch; its notify or the query fallback settles it: alipay.service.ts).
 */
import { type DropshipPayBody, type DropshipPayResult, ErrorCode, fenToYuan } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { type AlipayGateway, alipayPayFor, assertPayPassword, balanceOf, newTradeNo, returnUrlFor } from '../../funds/index.js';
import * as repo from '../orders.repository.js';
import { payWithPayLater } from '../pay-later/pay-later.service.js';
import * as payments from './payments.repository.js';
import { lockPayable, settleOrders } from './settle.service.js';

type Body = z.output<typeof DropshipPayBody>;
/** A payment through Alipay: any method but the balance and 货到付款. */
type AlipayBody = Body & { payMethod: Exclude<Body['payMethod'], 'BALANCE' | 'PAY_LATER'> };
export interface Caller {
  orgId: number;
  userId: number;
}

const summary = (rows: repo.OrderRecord[]) => rows.map((r) => ({ id: r.id, orderNo: r.orderNo, status: r.status }));

/**
 * Pays the orders from the balance, all or none. The same request key again answers success
 * without moving money; an order paid by another request, or cancelled, is refused by number.
 */
export async function payWithBalance(db: Db, caller: Caller, ids: number[], requestKey: string): Promise<DropshipPayResult> {
  const paid = await inTransaction(db, async (t) => {
    const { rows, payable } = await lockPayable(t, caller.orgId, ids, requestKey);
    const amount = payable.reduce((n, r) => n + r.totalFen, 0);
    const { available } = await balanceOf(t, caller.orgId);
    if (amount > available) {
      throw new AppError(ErrorCode.INSUFFICIENT_BALANCE, `可用余额不足：本次需支付 ¥${fenToYuan(amount)}，当前可用 ¥${fenToYuan(available)}，请先充值后再支付`);
    }
    await settleOrders(t, caller, payable, { payMethod: 'BALANCE', requestKey });
    return rows.reduce((n, r) => n + r.totalFen, 0);
  });
  return { payMethod: 'BALANCE', amountFen: paid, paid: true, orders: summary(await repo.findOrders(db, caller.orgId, ids)), alipay: null };
}

/** Our number for an Alipay trade of dropship orders: DP + Beijing time to the second + ten random digits. */
export function newDropshipTradeNo(now = new Date()): string {
  return newTradeNo(payments.TRADE_PREFIX, now);
}

/** One Alipay trade for the batch: checked payable now, paid when Alipay says so. */
export async function startAlipayPayment(
  db: Db,
  gateway: AlipayGateway,
  caller: Caller,
  body: AlipayBody,
  origin: string,
  log: FastifyBaseLogger,
): Promise<DropshipPayResult> {
  await gateway.client();
  const rows = await repo.findOrders(db, caller.orgId, body.orderIds);
  if (rows.length !== body.orderIds.length) throw notFound('订单');
  const closed = rows.find((r) => r.status !== 'WAITING_PAYMENT');
  if (closed) throw new AppError(ErrorCode.DROPSHIP_NOT_PAYABLE, `订单 ${closed.orderNo} 不是待付款状态，请刷新后重试`);
  const amount = rows.reduce((n, r) => n + r.totalFen, 0);
  if (amount < 1) throw new AppError(ErrorCode.PAY_METHOD_NOT_ALLOWED, '订单金额为0，请用余额支付');
  const payMethod = body.payMethod;
  const outTradeNo = newDropshipTradeNo();
  await payments.insertPayment(db, { orgId: caller.orgId, outTradeNo, amountFen: amount, payMethod, orderIds: body.orderIds, createdBy: caller.userId });
  const subject = rows.length === 1 ? `代发订单 ${rows[0]?.orderNo}` : `代发订单 ${rows.length} 笔`;
  const alipay = await alipayPayFor(gateway, { outTradeNo, amountFen: amount, subject, payMethod, returnUrl: returnUrlFor(origin, 'daifaorder') }, log);
  return { payMethod, amountFen: amount, paid: false, orders: summary(rows), alipay };
}

export async function payDropshipOrders(db: Db, gateway: AlipayGateway, caller: Caller, body: Body, origin: string, log: FastifyBaseLogger) {
  if (body.payMethod === 'PAY_LATER') {
    // 货到付款 commits the seller to pay at delivery: asked like a balance payment.
    await assertPayPassword(db, caller, body.payPassword ?? '');
    return payWithPayLater(db, caller, body.orderIds, body.requestKey);
  }
  if (body.payMethod !== 'BALANCE') return startAlipayPayment(db, gateway, caller, { ...body, payMethod: body.payMethod }, origin, log);
  await assertPayPassword(db, caller, body.payPassword ?? '');
  return payWithBalance(db, caller, body.orderIds, body.requestKey);
}
