/**
 * Buying a plan by Alipay (payCallback=member), the way problem parcels pay freight: one trade (prefix
 * MB) per purchase; funds' one notify URL settles it: the money Alipay took goes onto the balance, then
 * pays the plan from it while the plan is still on sale at that price (else it stays on the balance).
 */
import type { AlipayTradeStatus } from '@dropship/channels';
import { ErrorCode, type MemberBuyBody, type MemberBuyResult, type MemberPayment } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
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
import * as repo from './membership.repository.js';
import { type Actor, buyWithBalance, payPurchaseFromTrade, planOnSale } from './membership.service.js';

export const TRADE_PREFIX = 'MB';

type TradePurchase = repo.PurchaseRecord & { outTradeNo: string };

const MEMBER: TradeKind<TradePurchase> = {
  lock: repo.lockPurchaseByTradeNo,
  creditRemark: '支付宝购买会员，转入余额后扣款',
  prepare: (t, p, key) => payPurchaseFromTrade(t, p, key),
  markPaid: (t, id, tradeNo) => repo.markPurchasePaid(t, id, { tradeNo }),
  markClosed: repo.markPurchaseClosed,
};

export const settleMemberPayment = (db: Db, paid: PaidTrade) => settleTrade(db, MEMBER, paid);
export const closeMemberPayment = (db: Db, outTradeNo: string) => closeTrade(db, MEMBER, outTradeNo);

/** Our number for a membership trade: MB + Beijing time to the second + ten random digits. */
export function newMemberTradeNo(now = new Date()): string {
  return newTradeNo(TRADE_PREFIX, now);
}

async function startMemberAlipay(
  db: Db,
  gateway: AlipayGateway,
  caller: Actor,
  b: { planId: number; payMethod: 'ALIPAY_WEB' | 'ALIPAY_WAP' | 'ALIPAY_APP'; requestKey: string },
  origin: string,
  log: FastifyBaseLogger,
): Promise<MemberBuyResult> {
  await gateway.client();
  const plan = await planOnSale(db, b.planId, false);
  if (await repo.findPurchaseByKey(db, caller.orgId, b.requestKey)) throw new AppError(ErrorCode.REQUEST_KEY_CONFLICT);
  const outTradeNo = newMemberTradeNo();
  const p = await repo.insertPurchase(db, {
    orgId: caller.orgId,
    planId: plan.id,
    planName: plan.name,
    termDays: plan.termDays,
    amountFen: plan.priceFen,
    payMethod: b.payMethod,
    requestKey: b.requestKey,
    outTradeNo,
    createdBy: caller.userId,
  });
  const alipay = await alipayPayFor(
    gateway,
    {
      outTradeNo,
      amountFen: plan.priceFen,
      subject: `会员「${plan.name}」${plan.termDays}天`,
      payMethod: b.payMethod,
      returnUrl: returnUrlFor(origin, 'member'),
    },
    log,
  );
  return { purchaseId: p.id, status: 'WAITING_PAYMENT', amountFen: plan.priceFen, paid: false, expiresAt: null, alipay };
}

/** 购买会员: a plan not on sale is refused before the pay password is asked; then balance or Alipay. */
export async function buyPlan(db: Db, gateway: AlipayGateway, caller: Actor, b: z.output<typeof MemberBuyBody>, origin: string, log: FastifyBaseLogger) {
  await planOnSale(db, b.planId, false);
  if (b.payMethod === 'BALANCE') {
    await assertPayPassword(db, caller, b.payPassword ?? '');
    return buyWithBalance(db, caller, b.planId, b.requestKey);
  }
  return startMemberAlipay(db, gateway, caller, { planId: b.planId, payMethod: b.payMethod, requestKey: b.requestKey }, origin, log);
}

async function apply(db: Db, status: AlipayTradeStatus, paid: PaidTrade) {
  if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') await settleMemberPayment(db, paid);
  if (status === 'TRADE_CLOSED') await closeMemberPayment(db, paid.outTradeNo);
}

/** The query fallback: asks Alipay about a trade we still think unpaid, so a lost notify still settles it. */
async function syncMemberTrade(db: Db, gateway: AlipayGateway, outTradeNo: string, log: FastifyBaseLogger): Promise<void> {
  await syncTradeByQuery(gateway, outTradeNo, log, (status, paid) => apply(db, status, paid));
}

/** The membership trade as the page polls it, asking Alipay first while it is unpaid; another tenant's answers 12001. */
export async function memberPaymentStatus(db: Db, gateway: AlipayGateway, orgId: number, outTradeNo: string, log: FastifyBaseLogger): Promise<MemberPayment> {
  let p = await repo.findPurchaseByTradeNo(db, orgId, outTradeNo);
  if (!p) throw notFound('支付单');
  if (p.status === 'WAITING_PAYMENT') {
    await syncMemberTrade(db, gateway, outTradeNo, log);
    p = (await repo.findPurchaseByTradeNo(db, orgId, outTradeNo)) ?? p;
  }
  return { outTradeNo, amountFen: p.amountFen, status: p.status, expiresAt: p.expiresAt?.toISOString() ?? null };
}

// Funds' one notify URL routes our MB trades here (funds does not import this module).
registerAlipayBusiness(TRADE_PREFIX, { settle: settleMemberPayment, close: closeMemberPayment, bizType: 'MEMBER' });
