/**
 * Alipay's asynchronous notify, the return_url landing, and the trade.query fallback. One notify
 * URL serves every kind of payment: our out_trade_no's prefix names the business. A notify that
 * fails any check (signature, app_id, unknown number, different amount) answers `fail`, is logged
 * and changes nothing; Alipay then retries on its schedule, and a genuine one is credited once.
 */
import { AlipayError, type AlipayNotify, type AlipayTradeStatus } from '@dropship/channels';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { closeRecharge, type PaidTrade, type SettleResult, settleRecharge } from '../recharge/recharge.service.js';
import { closeReplenishPayment, settleReplenishPayment } from '../replenish/replenish.service.js';
import type { AlipayGateway } from './alipay-gateway.js';
import { syncTradeByQuery } from './alipay-pay.js';
import { TRADE_PREFIX } from './trade-no.js';

/** One business paid through Alipay: how its trades settle and close, named by the out_trade_no prefix. */
export interface AlipayBusiness {
  settle(db: Db, paid: PaidTrade): Promise<SettleResult>;
  close(db: Db, outTradeNo: string): Promise<boolean>;
  bizType: 'RECHARGE' | 'REPLENISH' | 'DROPSHIP' | 'PROBLEM' | 'MEMBER';
}
type TradeKind = AlipayBusiness;

const KINDS: Record<string, TradeKind> = {
  [TRADE_PREFIX.recharge]: { settle: settleRecharge, close: closeRecharge, bizType: 'RECHARGE' },
  [TRADE_PREFIX.replenish]: { settle: settleReplenishPayment, close: closeReplenishPayment, bizType: 'REPLENISH' },
};

/**
 * Modules above funds that take Alipay payments add their prefix here when they load (dropship orders:
 * DP, one trade per batch, credited to the balance, then each order paid from it), so funds does not
 * import them.
 */
export function registerAlipayBusiness(prefix: string, business: AlipayBusiness): void {
  KINDS[prefix] = business;
}

export const kindOf = (outTradeNo: string): TradeKind | undefined => KINDS[outTradeNo.slice(0, 2)];

/** Applies a trade status Alipay vouched for (notify or query) to our record. */
async function apply(db: Db, status: AlipayTradeStatus, paid: PaidTrade): Promise<SettleResult | 'closed' | 'waiting'> {
  const kind = kindOf(paid.outTradeNo);
  if (!kind) return 'unknown';
  if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') return kind.settle(db, paid);
  if (status === 'TRADE_CLOSED') {
    await kind.close(db, paid.outTradeNo);
    return 'closed';
  }
  return 'waiting';
}

/** Handles one notify; answers the exact text Alipay expects: `success` (stop retrying) or `fail`. */
export async function handleAlipayNotify(db: Db, gateway: AlipayGateway, params: Record<string, string>, log: FastifyBaseLogger): Promise<'success' | 'fail'> {
  const base = { outTradeNo: params.out_trade_no, notifyId: params.notify_id, tradeStatus: params.trade_status, totalAmount: params.total_amount };
  let notify: AlipayNotify;
  try {
    notify = (await gateway.client()).parseNotify(params);
  } catch (e) {
    log.warn(
      { ...base, reason: e instanceof AlipayError ? e.kind : String(e), msg: e instanceof Error ? e.message : '' },
      '支付宝通知被拒绝：验签或内容校验失败',
    );
    return 'fail';
  }
  try {
    const result = await apply(db, notify.tradeStatus, { outTradeNo: notify.outTradeNo, tradeNo: notify.tradeNo, totalAmountFen: notify.totalAmountFen });
    if (result === 'unknown' || result === 'amount_mismatch') {
      log.warn({ ...base, reason: result }, result === 'unknown' ? '支付宝通知被拒绝：商户订单号不存在' : '支付宝通知被拒绝：金额与订单不一致');
      return 'fail';
    }
    if (result === 'credited') log.info({ ...base, tradeNo: notify.tradeNo }, '支付宝通知：已入账');
    return 'success';
  } catch (e) {
    log.error({ ...base, err: e }, '支付宝通知处理出错，等待支付宝重发');
    return 'fail';
  }
}

/**
 * The query fallback: asks Alipay about a trade we still think unpaid, so a lost notify still
 * credits. A trade Alipay does not know yet (the cashier never opened) or an unreachable gateway
 * leaves things as they are.
 */
export async function syncTrade(db: Db, gateway: AlipayGateway, outTradeNo: string, log: FastifyBaseLogger): Promise<void> {
  await syncTradeByQuery(gateway, outTradeNo, log, (status, paid) => apply(db, status, paid), '支付宝查询结果与订单不一致，未入账');
}

const PAY_CALLBACKS = new Set(['recharge', 'bukuan', 'daifaorder', 'problem', 'member']);

/**
 * The buyer's browser back from the cashier: the signed return params (our payCallback removed)
 * name the trade, which is synced by query before the page shows the result. Always a page path.
 */
export async function handleAlipayReturn(db: Db, gateway: AlipayGateway, query: Record<string, string>, log: FastifyBaseLogger): Promise<string> {
  const { payCallback, ...alipayFields } = query;
  const target = new URLSearchParams();
  if (payCallback && PAY_CALLBACKS.has(payCallback)) target.set('payCallback', payCallback);
  const outTradeNo = alipayFields.out_trade_no ?? '';
  const kind = kindOf(outTradeNo);
  let verified = false;
  try {
    verified = (await gateway.client()).verifyNotify(alipayFields);
  } catch (e) {
    log.warn({ err: e }, '支付宝同步返回无法验签');
  }
  if (verified && kind) {
    await syncTrade(db, gateway, outTradeNo, log);
    target.set('bizType', kind.bizType);
    target.set('outTradeNo', outTradeNo);
  } else if (outTradeNo) {
    log.warn({ outTradeNo }, '支付宝同步返回验签失败，忽略其中的订单信息');
  }
  return `/funds/pay?${target.toString()}`;
}
