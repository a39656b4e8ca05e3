/**
 * Paying replenish requests (补款): several at once, from the balance (pay password) or through
 * Alipay. Each request moves WAITING_PAYMENT → PAID in the same transaction as its ledger entry,
 * under a row lock, so two payers of one request cannot both succeed.
 */
import { type AlipayPayMethod, ErrorCode, MAX_AMOUNT_FEN, type ReplenishPayBody, type ReplenishPayResult, type ReplenishRow } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import type { AlipayGateway } from '../alipay/alipay-gateway.js';
import { alipayPayFor, returnUrlFor } from '../alipay/alipay-pay.js';
import { closeTrade, type PaidTrade, type SettleResult, settleTrade, type TradeKind } from '../alipay/alipay-settle.js';
import * as payments from '../alipay/payments.repository.js';
import { newTradeNo, replenishBusinessId, TRADE_PREFIX } from '../alipay/trade-no.js';
import { findEntryByRequestKey } from '../ledger/ledger.repository.js';
import { moveMoney } from '../ledger/ledger.service.js';
import { assertPayPassword } from '../pay-password/pay-password.service.js';
import * as repo from './replenish.repository.js';

/**
 * What paying replenish requests does to the orders billed on them (货到付款): set by dropship orders
 * when they load (settleBilledOrders), so funds does not import them. Answers the ids of the requests
 * that were pay-later bills.
 */
type BilledOrdersSettler = (t: Db, orgId: number, replenishIds: number[]) => Promise<Set<number>>;
let billedOrdersSettler: BilledOrdersSettler | undefined;

export function onReplenishPaid(settler: BilledOrdersSettler): void {
  billedOrdersSettler = settler;
}

function settleBilledOrders(t: Db, orgId: number, replenishIds: number[]): Promise<Set<number>> {
  if (!billedOrdersSettler) throw new Error('dropship orders have not registered how billed orders settle');
  return billedOrdersSettler(t, orgId, replenishIds);
}

export interface Payer {
  orgId: number;
  userId: number;
}

const toRow = (r: repo.ReplenishRecord): ReplenishRow => ({
  id: r.id,
  amount: r.amountFen,
  status: r.status,
  reason: r.reason,
  payMethod: r.payMethod,
  paidAt: r.paidAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** The named requests (all must be the caller's), or every pending one. */
export async function listReplenish(db: Db, orgId: number, ids?: number[]): Promise<ReplenishRow[]> {
  if (!ids) return (await repo.listWaiting(db, orgId)).map(toRow);
  const rows = await repo.findByIds(db, orgId, ids);
  if (rows.length !== ids.length) throw notFound('补款单');
  return rows.map(toRow);
}

/** The request key of one request's entry: the caller's key per request, so a replay finds each. */
const entryKey = (requestKey: string, id: number) => `${requestKey}#${id}`;

/**
 * Pays the requests from the balance, all or none. A repeat with the same request key answers
 * success without moving money again; a request paid by anyone else answers REPLENISH_NOT_PAYABLE.
 */
export async function payWithBalance(db: Db, payer: Payer, ids: number[], requestKey: string): Promise<ReplenishPayResult> {
  return inTransaction(db, async (t) => {
    const rows = await repo.lockByIds(t, payer.orgId, ids);
    if (rows.length !== ids.length) throw notFound('补款单');
    let amount = 0;
    for (const r of rows) {
      amount += r.amountFen;
      if (r.status === 'WAITING_PAYMENT') continue;
      const mine = r.status === 'PAID' && (await findEntryByRequestKey(t, payer.orgId, entryKey(requestKey, r.id)));
      if (!mine) throw new AppError(ErrorCode.REPLENISH_NOT_PAYABLE, `补款单 ${r.id} 已支付或已取消，请刷新后重试`);
    }
    const waiting = rows.filter((x) => x.status === 'WAITING_PAYMENT');
    // 货到付款 bills settle their orders (requests → orders → account: the lock order).
    const payLater = await settleBilledOrders(
      t,
      payer.orgId,
      waiting.map((r) => r.id),
    );
    for (const r of waiting) {
      await moveMoney(t, {
        orgId: payer.orgId,
        transactionType: 'REPLENISH',
        purpose: payLater.has(r.id) ? 'GOODS_PAY_LATER' : 'UPDATE_PRICE',
        availableDeltaFen: -r.amountFen,
        businessId: replenishBusinessId(r.id),
        requestKey: entryKey(requestKey, r.id),
        remark: r.reason ?? '补款',
      });
      if (!(await repo.markPaid(t, payer.orgId, r.id, 'BALANCE'))) throw new AppError(ErrorCode.REPLENISH_NOT_PAYABLE);
    }
    return { payMethod: 'BALANCE', amount, paid: true, alipay: null };
  });
}

/** An Alipay payment of the requests: checked waiting now, settled by the notify later. */
export async function startAlipayPayment(
  db: Db,
  gateway: AlipayGateway,
  payer: Payer,
  ids: number[],
  payMethod: AlipayPayMethod,
  origin: string,
  log: FastifyBaseLogger,
): Promise<ReplenishPayResult> {
  await gateway.client();
  const rows = await repo.findByIds(db, payer.orgId, ids);
  if (rows.length !== ids.length) throw notFound('补款单');
  const closed = rows.find((r) => r.status !== 'WAITING_PAYMENT');
  if (closed) throw new AppError(ErrorCode.REPLENISH_NOT_PAYABLE, `补款单 ${closed.id} 已支付或已取消，请刷新后重试`);
  const amount = rows.reduce((sum, r) => sum + r.amountFen, 0);
  if (amount > MAX_AMOUNT_FEN) throw new AppError(ErrorCode.BAD_REQUEST, '所选补款单合计超过1000万元，请分批支付');
  const outTradeNo = newTradeNo(TRADE_PREFIX.replenish);
  await payments.insertReplenishPayment(db, { orgId: payer.orgId, outTradeNo, amountFen: amount, payMethod, replenishIds: ids, createdBy: payer.userId });
  const subject = rows.length === 1 ? `补款单 ${rows[0]?.id}` : `补款单 ${rows.length} 笔`;
  const alipay = await alipayPayFor(gateway, { outTradeNo, amountFen: amount, subject, payMethod, returnUrl: returnUrlFor(origin, 'bukuan') }, log);
  return { payMethod, amount, paid: false, alipay };
}

export async function payReplenish(
  db: Db,
  gateway: AlipayGateway,
  payer: Payer,
  body: z.output<typeof ReplenishPayBody>,
  origin: string,
  log: FastifyBaseLogger,
): Promise<ReplenishPayResult> {
  if (body.payMethod !== 'BALANCE') return startAlipayPayment(db, gateway, payer, body.ids, body.payMethod, origin, log);
  await assertPayPassword(db, payer, body.payPassword ?? '');
  return payWithBalance(db, payer, body.ids, body.requestKey);
}

const REPLENISH: TradeKind<payments.ReplenishPaymentRecord> = {
  lock: payments.lockReplenishPaymentByTradeNo,
  creditRemark: '支付宝支付补款，转入余额后扣款',
  async prepare(t, p, key) {
    const requests = await repo.lockByIds(t, p.orgId, p.replenishIds);
    const waiting = requests.filter((x) => x.status === 'WAITING_PAYMENT');
    // Before the account is locked (settleTrade credits the balance after prepare): requests → orders → account.
    const payLater = await settleBilledOrders(
      t,
      p.orgId,
      waiting.map((r) => r.id),
    );
    return async () => {
      for (const r of waiting) {
        await moveMoney(t, {
          orgId: p.orgId,
          transactionType: 'REPLENISH',
          purpose: payLater.has(r.id) ? 'GOODS_PAY_LATER' : 'UPDATE_PRICE',
          availableDeltaFen: -r.amountFen,
          businessId: replenishBusinessId(r.id),
          requestKey: entryKey(key, r.id),
          remark: r.reason ?? '补款',
        });
        await repo.markPaid(t, p.orgId, r.id, p.payMethod);
      }
    };
  },
  markPaid: payments.markReplenishPaymentPaid,
  markClosed: payments.markReplenishPaymentClosed,
};

/**
 * A paid Alipay replenish payment: the money goes onto the balance, then pays every request
 * still waiting. One paid meanwhile by other means leaves its share on the balance, never lost.
 */
export const settleReplenishPayment = (db: Db, paid: PaidTrade): Promise<SettleResult> => settleTrade(db, REPLENISH, paid);

export const closeReplenishPayment = (db: Db, outTradeNo: string) => closeTrade(db, REPLENISH, outTradeNo);
