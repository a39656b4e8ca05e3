/**
 * Recharge (充值) through Alipay: a WAITING_PAYMENT row with our out_trade_no, the cashier URL,
 * then the verified notify (or the trade.query fallback) credits the balance exactly once:
 * the row is locked, its status checked, and the credit's request key is `alipay:<out_trade_no>`.
 */
import type { AlipayPayResult, RechargeBody, RechargeRow } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../lib/app-error.js';
import type { AlipayGateway } from '../alipay/alipay-gateway.js';
import { alipayPayFor, returnUrlFor } from '../alipay/alipay-pay.js';
import { closeTrade, type PaidTrade, type SettleResult, settleTrade, type TradeKind } from '../alipay/alipay-settle.js';
import * as repo from '../alipay/payments.repository.js';
import { newTradeNo, TRADE_PREFIX } from '../alipay/trade-no.js';

export type { PaidTrade, SettleResult } from '../alipay/alipay-settle.js';

const toRow = (r: repo.RechargeRecord): RechargeRow => ({
  outTradeNo: r.outTradeNo,
  amount: r.amountFen,
  payMethod: r.payMethod as RechargeRow['payMethod'],
  status: r.status,
  tradeNo: r.tradeNo,
  paidAt: r.paidAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export async function createRecharge(
  db: Db,
  gateway: AlipayGateway,
  caller: { orgId: number; userId: number },
  body: z.output<typeof RechargeBody>,
  origin: string,
  log: FastifyBaseLogger,
): Promise<AlipayPayResult> {
  // Fails first when Alipay is not configured, before any row is written.
  await gateway.client();
  const outTradeNo = newTradeNo(TRADE_PREFIX.recharge);
  await repo.insertRecharge(db, { orgId: caller.orgId, outTradeNo, amountFen: body.amount, payMethod: body.payMethod, createdBy: caller.userId });
  return alipayPayFor(
    gateway,
    { outTradeNo, amountFen: body.amount, subject: '账户余额充值', payMethod: body.payMethod, returnUrl: returnUrlFor(origin, 'recharge') },
    log,
  );
}

export async function findRechargeRow(db: Db, orgId: number, outTradeNo: string): Promise<RechargeRow> {
  const r = await repo.findRecharge(db, orgId, outTradeNo);
  if (!r) throw notFound('充值单');
  return toRow(r);
}

const RECHARGE: TradeKind<repo.RechargeRecord> = {
  lock: repo.lockRechargeByTradeNo,
  creditRemark: '支付宝充值',
  markPaid: repo.markRechargePaid,
  markClosed: repo.markRechargeClosed,
};

/** Credits a paid recharge once. Runs in the notify's (or the query's) own transaction. */
export const settleRecharge = (db: Db, paid: PaidTrade): Promise<SettleResult> => settleTrade(db, RECHARGE, paid);

/** Alipay closed the trade unpaid (timeout or the buyer cancelled). */
export const closeRecharge = (db: Db, outTradeNo: string) => closeTrade(db, RECHARGE, outTradeNo);
