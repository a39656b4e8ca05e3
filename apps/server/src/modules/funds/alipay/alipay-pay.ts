/** Starting an Alipay payment for one of our numbers: the cashier URL (web, wap) or the app SDK's order string. */
import { AlipayError, type AlipayTradeStatus } from '@dropship/channels';
import { type AlipayPayMethod, type AlipayPayResult, ErrorCode } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { PaidTrade } from '../recharge/recharge.service.js';
import { ALIPAY_RETURN_PATH, type AlipayGateway } from './alipay-gateway.js';

/** Where the buyer lands after paying; payCallback says where the page goes next (SPEC.md section 7). */
export function returnUrlFor(origin: string, payCallback: 'recharge' | 'bukuan' | 'daifaorder' | 'problem' | 'member') {
  return `${origin}${ALIPAY_RETURN_PATH}?payCallback=${payCallback}`;
}

export interface PayRequest {
  outTradeNo: string;
  amountFen: number;
  subject: string;
  payMethod: AlipayPayMethod;
  returnUrl: string;
}

export async function alipayPayFor(gateway: AlipayGateway, p: PayRequest, log: FastifyBaseLogger): Promise<AlipayPayResult> {
  const base = { outTradeNo: p.outTradeNo, payMethod: p.payMethod, amount: p.amountFen };
  const input = { outTradeNo: p.outTradeNo, totalAmountFen: p.amountFen, subject: p.subject, timeoutExpress: '2h' };
  try {
    const client = await gateway.payClient(p.returnUrl);
    if (p.payMethod === 'ALIPAY_APP') return { ...base, payUrl: null, orderString: client.appPayOrderString(input) };
    const method = p.payMethod === 'ALIPAY_WAP' ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay';
    return { ...base, payUrl: client.pagePayUrl({ ...input, method }), orderString: null };
  } catch (e) {
    // Signing only fails on a broken key or an unconfigured gateway: the platform's problem, never the seller's.
    if (e instanceof AppError) throw e;
    log.error({ err: e, outTradeNo: p.outTradeNo }, '支付宝支付链接签名失败');
    throw new AppError(ErrorCode.ALIPAY_UNAVAILABLE, '支付宝配置有误，暂时无法发起支付，请联系平台客服');
  }
}

/**
 * The query fallback every Alipay payment shares: asks Alipay about a trade we still think unpaid, so
 * a lost notify still settles it, and hands its state to the payment's own `apply`. A trade Alipay
 * does not know yet (the cashier never opened) or an unreachable gateway leaves things as they are;
 * an `apply` answering 'amount_mismatch' or 'unknown' is logged with `mismatch` when given.
 */
export async function syncTradeByQuery(
  gateway: AlipayGateway,
  outTradeNo: string,
  log: FastifyBaseLogger,
  apply: (status: AlipayTradeStatus, paid: PaidTrade) => Promise<unknown>,
  mismatch?: string,
): Promise<void> {
  try {
    const trade = await (await gateway.client()).query(outTradeNo);
    const result = await apply(trade.tradeStatus, { outTradeNo, tradeNo: trade.tradeNo, totalAmountFen: trade.totalAmountFen });
    if (mismatch && (result === 'amount_mismatch' || result === 'unknown')) log.warn({ outTradeNo, reason: result }, mismatch);
  } catch (e) {
    if (e instanceof AlipayError && e.subCode === 'ACQ.TRADE_NOT_EXIST') return;
    log.warn({ outTradeNo, err: e }, '支付宝交易查询失败，稍后再查');
  }
}
