/** What the cashier and the recharge tab show about one Alipay trade, asking Alipay first while it is unpaid. */
import type { RechargeRow, ReplenishPaymentRow } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../lib/app-error.js';
import { findRechargeRow } from '../recharge/recharge.service.js';
import type { AlipayGateway } from './alipay-gateway.js';
import { syncTrade } from './alipay-notify.service.js';
import * as payments from './payments.repository.js';

/** GET …/recharge/{outTradeNo}: a recharge still WAITING_PAYMENT is checked with trade.query, so a lost notify still credits. */
export async function rechargeStatus(db: Db, gateway: AlipayGateway, orgId: number, outTradeNo: string, log: FastifyBaseLogger): Promise<RechargeRow> {
  const row = await findRechargeRow(db, orgId, outTradeNo);
  if (row.status !== 'WAITING_PAYMENT') return row;
  await syncTrade(db, gateway, outTradeNo, log);
  return findRechargeRow(db, orgId, outTradeNo);
}

/** The same for an Alipay payment of replenish requests. */
export async function replenishPaymentStatus(
  db: Db,
  gateway: AlipayGateway,
  orgId: number,
  outTradeNo: string,
  log: FastifyBaseLogger,
): Promise<ReplenishPaymentRow> {
  let p = await payments.findReplenishPayment(db, orgId, outTradeNo);
  if (!p) throw notFound('支付单');
  if (p.status === 'WAITING_PAYMENT') {
    await syncTrade(db, gateway, outTradeNo, log);
    p = (await payments.findReplenishPayment(db, orgId, outTradeNo)) ?? p;
  }
  return {
    outTradeNo: p.outTradeNo,
    amount: p.amountFen,
    payMethod: p.payMethod,
    status: p.status,
    ids: p.replenishIds,
    tradeNo: p.tradeNo,
    paidAt: p.paidAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}
