/**
 * Settling an Alipay payment of dropship orders, the way funds settles replenish payments: the
 * money Alipay took goes onto the balance (RECHARGE, request key `alipay:<out_trade_no>`), then
 * each order still waiting is paid from it like a balance payment. An order cancelled meanwhile
 * (or whose price changed) leaves its share on the balance: money Alipay took is never lost.
 *
 * `settleDropshipPayment` / `closeDropshipPayment` are funds' trade kind for the prefix DP
 * (alipay-notify.service.ts KINDS), so Alipay's notify settles the trade; the query fallback here
 * (`syncDropshipTrade`, run by the payment status call) settles it when a notify is late or lost.
 */
import type { AlipayTradeStatus } from '@dropship/channels';
import type { DropshipAlipayPayment } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import {
  type AlipayGateway,
  closeTrade,
  type PaidTrade,
  recordRoyaltySplit,
  registerAlipayBusiness,
  type SettleResult,
  settleTrade,
  syncTradeByQuery,
  type TradeKind,
} from '../../funds/index.js';
import * as repo from '../orders.repository.js';
import * as payments from './payments.repository.js';
import { settleOrders } from './settle.service.js';

const DROPSHIP: TradeKind<payments.PaymentRecord> = {
  lock: payments.lockPaymentByTradeNo,
  creditRemark: '支付宝支付代发订单，转入余额后扣款',
  async prepare(t, p, key) {
    const orders = await repo.lockOrders(t, p.orgId, p.orderIds);
    return async (tradeNo) => {
      const paid: repo.OrderRecord[] = [];
      for (const o of orders.filter((x) => x.status === 'WAITING_PAYMENT')) {
        // Each order in its own savepoint: one that cannot be paid (price changed) leaves the others paid.
        await inTransaction(t, (sp) =>
          settleOrders(sp, { orgId: p.orgId, userId: p.createdBy }, [o], {
            payMethod: p.payMethod,
            requestKey: key,
            note: `支付宝交易 ${p.outTradeNo}`,
          }),
        ).then(
          () => paid.push(o),
          (e: unknown) => {
            if (!(e instanceof AppError)) throw e;
          },
        );
      }
      // The service fee of what this trade paid is split to the organisation's bound receiver, if any (decision 0030).
      await recordRoyaltySplit(t, {
        orgId: p.orgId,
        outTradeNo: p.outTradeNo,
        tradeNo,
        orders: paid.map((o) => ({ orderNo: o.orderNo, serviceFeeFen: o.serviceFeeFen })),
      });
    };
  },
  markPaid: payments.markPaymentPaid,
  markClosed: payments.markPaymentClosed,
};

export const settleDropshipPayment = (db: Db, paid: PaidTrade): Promise<SettleResult> => settleTrade(db, DROPSHIP, paid);

export const closeDropshipPayment = (db: Db, outTradeNo: string) => closeTrade(db, DROPSHIP, outTradeNo);

async function apply(db: Db, status: AlipayTradeStatus, paid: PaidTrade) {
  if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') return settleDropshipPayment(db, paid);
  if (status === 'TRADE_CLOSED') await closeDropshipPayment(db, paid.outTradeNo);
  return 'waiting';
}

/** Asks Alipay about a trade we still think unpaid; a trade Alipay does not know yet (cashier never opened) changes nothing. */
export async function syncDropshipTrade(db: Db, gateway: AlipayGateway, outTradeNo: string, log: FastifyBaseLogger): Promise<void> {
  await syncTradeByQuery(gateway, outTradeNo, log, (status, paid) => apply(db, status, paid), '支付宝查询结果与代发支付单不一致，未入账');
}

/** The payment as the page polls it, asking Alipay first while it is unpaid. */
export async function dropshipPaymentStatus(
  db: Db,
  gateway: AlipayGateway,
  orgId: number,
  outTradeNo: string,
  log: FastifyBaseLogger,
): Promise<DropshipAlipayPayment> {
  let p = await payments.findPayment(db, orgId, outTradeNo);
  if (!p) throw notFound('支付单');
  if (p.status === 'WAITING_PAYMENT') {
    await syncDropshipTrade(db, gateway, outTradeNo, log);
    p = (await payments.findPayment(db, orgId, outTradeNo)) ?? p;
  }
  return {
    outTradeNo: p.outTradeNo,
    amountFen: p.amountFen,
    status: p.status,
    orderIds: p.orderIds,
    paidAt: p.paidAt?.toISOString() ?? null,
  };
}

// Funds' one notify URL routes our DP trades here (funds does not import dropship orders).
registerAlipayBusiness(payments.TRADE_PREFIX, { settle: settleDropshipPayment, close: closeDropshipPayment, bizType: 'DROPSHIP' });
