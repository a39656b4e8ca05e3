/**
 * Paying a send-back's freight by Alipay (payCallback=problem), the way dropship orders do: one trade
 * (prefix PF) per parcel; funds' one notify URL settles it: the money Alipay took goes onto the
 * balance, then the freight is paid from it if the parcel still waits for exactly that freight.
 * A parcel cancelled or paid meanwhile leaves the money on the balance: it is never lost.
 */
import type { AlipayTradeStatus } from '@dropship/channels';
import type { AlipayPayResult, ProblemFreightPayment, ProblemPayBody } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import {
  type AlipayGateway,
  alipayPayFor,
  assertPayPassword,
  closeTrade,
  newTradeNo,
  type PaidTrade,
  registerAlipayBusiness,
  returnUrlFor,
  settleTrade,
  syncTradeByQuery,
  type TradeKind,
} from '../funds/index.js';
import * as repo from './problem-parcel.repository.js';
import { type Actor, payableFreight, payFreightFromTrade, payFreightWithBalance } from './problem-parcel.service.js';

export const TRADE_PREFIX = 'PF';

const FREIGHT: TradeKind<repo.PaymentRecord> = {
  lock: repo.lockPaymentByTradeNo,
  creditRemark: '支付宝支付问题件寄回运费，转入余额后扣款',
  prepare: (t, p, key) => payFreightFromTrade(t, p.parcelId, p.amountFen, p.createdBy, key),
  markPaid: repo.markPaymentPaid,
  markClosed: repo.markPaymentClosed,
};

export const settleFreightPayment = (db: Db, paid: PaidTrade) => settleTrade(db, FREIGHT, paid);
export const closeFreightPayment = (db: Db, outTradeNo: string) => closeTrade(db, FREIGHT, outTradeNo);

/** Our number for a freight trade: PF + Beijing time to the second + ten random digits. */
export function newFreightTradeNo(now = new Date()): string {
  return newTradeNo(TRADE_PREFIX, now);
}

export async function startFreightAlipay(
  db: Db,
  gateway: AlipayGateway,
  caller: Actor,
  b: { id: number; payMethod: 'ALIPAY_WEB' | 'ALIPAY_WAP' | 'ALIPAY_APP' },
  origin: string,
  log: FastifyBaseLogger,
): Promise<{ id: number; status: 'WAITING_PAYMENT'; amountFen: number; paid: false; alipay: AlipayPayResult }> {
  await gateway.client();
  const p = await payableFreight(db, caller, b.id);
  const amountFen = p.freightFen ?? 0;
  const outTradeNo = newFreightTradeNo();
  await repo.insertPayment(db, { orgId: caller.orgId, parcelId: p.id, outTradeNo, amountFen, payMethod: b.payMethod, createdBy: caller.userId });
  const alipay = await alipayPayFor(
    gateway,
    { outTradeNo, amountFen, subject: `问题件寄回运费 ${p.barcodeNo ?? p.id}`, payMethod: b.payMethod, returnUrl: returnUrlFor(origin, 'problem') },
    log,
  );
  return { id: p.id, status: 'WAITING_PAYMENT', amountFen, paid: false, alipay };
}

/** 支付运费: another tenant's parcel is not found before the pay password is asked; then balance or Alipay. */
export async function payFreight(db: Db, gateway: AlipayGateway, caller: Actor, b: z.output<typeof ProblemPayBody>, origin: string, log: FastifyBaseLogger) {
  if (!(await repo.findOwn(db, caller.orgId, b.id))) throw notFound('问题件');
  if (b.payMethod === 'BALANCE') {
    await assertPayPassword(db, caller, b.payPassword ?? '');
    return payFreightWithBalance(db, caller, b.id, b.requestKey);
  }
  return startFreightAlipay(db, gateway, caller, { id: b.id, payMethod: b.payMethod }, origin, log);
}

async function apply(db: Db, status: AlipayTradeStatus, paid: PaidTrade) {
  if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') await settleFreightPayment(db, paid);
  if (status === 'TRADE_CLOSED') await closeFreightPayment(db, paid.outTradeNo);
}

/** The query fallback: asks Alipay about a trade we still think unpaid, so a lost notify still settles it. */
async function syncFreightTrade(db: Db, gateway: AlipayGateway, outTradeNo: string, log: FastifyBaseLogger): Promise<void> {
  await syncTradeByQuery(gateway, outTradeNo, log, (status, paid) => apply(db, status, paid));
}

/** The freight trade as the page polls it, asking Alipay first while it is unpaid; another tenant's answers 12001. */
export async function freightPaymentStatus(
  db: Db,
  gateway: AlipayGateway,
  orgId: number,
  outTradeNo: string,
  log: FastifyBaseLogger,
): Promise<ProblemFreightPayment> {
  let p = await repo.findPayment(db, orgId, outTradeNo);
  if (!p) throw notFound('支付单');
  if (p.status === 'WAITING_PAYMENT') {
    await syncFreightTrade(db, gateway, outTradeNo, log);
    p = (await repo.findPayment(db, orgId, outTradeNo)) ?? p;
  }
  const parcel = await repo.findOwn(db, orgId, p.parcelId);
  return { outTradeNo: p.outTradeNo, amountFen: p.amountFen, status: p.status, parcelId: p.parcelId, parcelStatus: parcel?.status ?? 'WAITING_PAYMENT' };
}

// Funds' one notify URL routes our PF trades here (funds does not import this module).
registerAlipayBusiness(TRADE_PREFIX, { settle: settleFreightPayment, close: closeFreightPayment, bizType: 'PROBLEM' });
