/**
 * The one shape of settling an Alipay trade, whatever it paid for (recharge, replenish requests,
 * dropship orders): under the trade record's row lock, an unknown trade or a different amount is
 * refused and a paid one answers 'already'; otherwise the money Alipay took goes onto the balance
 * (RECHARGE, request key `alipay:<out_trade_no>`, so it is credited once) and then pays what the
 * trade was for from the balance. Money Alipay took is never lost: what cannot be paid any more
 * (cancelled meanwhile, paid by other means) stays on the balance.
 */

import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { moveMoney } from '../ledger/ledger.service.js';

export interface PaidTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmountFen: number;
}

export type SettleResult = 'credited' | 'already' | 'unknown' | 'amount_mismatch';

export const alipayRequestKey = (outTradeNo: string) => `alipay:${outTradeNo}`;

export interface TradeRecord {
  id: number;
  orgId: number;
  outTradeNo: string;
  amountFen: number;
  status: string;
}

export interface TradeKind<P extends TradeRecord> {
  lock(t: Db, outTradeNo: string): Promise<P | undefined>;
  /** The balance entry's remark for the money coming in. */
  creditRemark: string;
  /**
   * Locks what the trade pays for (before the account: the order every payer locks in, so no
   * deadlock with a balance payment) and answers how to pay it once the money is on the balance
   * (given Alipay's trade_no, which a split of the trade names).
   */
  prepare?(t: Db, p: P, key: string): Promise<(tradeNo: string) => Promise<void>>;
  markPaid(t: Db, id: number, tradeNo: string): Promise<unknown>;
  markClosed(t: Db, id: number): Promise<boolean>;
}

export function settleTrade<P extends TradeRecord>(db: Db, kind: TradeKind<P>, paid: PaidTrade): Promise<SettleResult> {
  return inTransaction(db, async (t) => {
    const p = await kind.lock(t, paid.outTradeNo);
    if (!p) return 'unknown';
    if (p.amountFen !== paid.totalAmountFen) return 'amount_mismatch';
    if (p.status === 'PAID') return 'already';
    const key = alipayRequestKey(p.outTradeNo);
    const pay = await kind.prepare?.(t, p, key);
    await moveMoney(t, {
      orgId: p.orgId,
      transactionType: 'RECHARGE',
      purpose: 'OTHER',
      availableDeltaFen: p.amountFen,
      businessId: p.outTradeNo,
      requestKey: key,
      remark: kind.creditRemark,
    });
    await pay?.(paid.tradeNo);
    await kind.markPaid(t, p.id, paid.tradeNo);
    return 'credited';
  });
}

/** Alipay closed the trade unpaid (timeout or the buyer cancelled). */
export function closeTrade<P extends TradeRecord>(db: Db, kind: TradeKind<P>, outTradeNo: string): Promise<boolean> {
  return inTransaction(db, async (t) => {
    const p = await kind.lock(t, outTradeNo);
    return p ? kind.markClosed(t, p.id) : false;
  });
}
