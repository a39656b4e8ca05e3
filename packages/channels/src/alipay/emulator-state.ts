/** The emulator's books: trades, refunds, transfers, and the answers it gives in Alipay's shape. */
import { type KeyObject, randomInt } from 'node:crypto';
import { fenToYuan, yuanToFen } from './money.ts';
import { responseKey } from './response.ts';
import { rsa2Sign } from './sign.ts';

export interface EmulatorTrade {
  outTradeNo: string;
  tradeNo: string;
  method: string;
  subject: string;
  totalAmountFen: number;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';
  notifyUrl?: string;
  returnUrl?: string;
  passbackParams?: string;
  gmtCreate: string;
  gmtPayment?: string;
  refundedFen: number;
  refunds: Record<string, { amountFen: number; gmtRefund: string }>;
}

export interface EmulatorTransfer {
  outBizNo: string;
  orderId: string;
  payFundOrderId: string;
  amountFen: number;
  payeeAccount: string;
  payeeName: string;
  transDate: string;
}

export type GatewayNode = { code: string; msg: string; sub_code?: string; sub_msg?: string; [k: string]: unknown };

export const SUCCESS = { code: '10000', msg: 'Success' } as const;
export const businessError = (subCode: string, subMsg: string): GatewayNode => ({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });

/** `{"<method>_response":{…},"sign":"…"}` signed over the exact node text, as the gateway answers. */
export function signedAnswer(method: string, node: GatewayNode, key: KeyObject | null, corruptSign = false): string {
  const nodeJson = JSON.stringify(node);
  if (!key) return `{"${responseKey(method)}":${nodeJson}}`;
  let sign = rsa2Sign(nodeJson, key);
  if (corruptSign) sign = `${sign.slice(0, 10)}${sign[10] === 'A' ? 'B' : 'A'}${sign.slice(11)}`;
  return `{"${responseKey(method)}":${nodeJson},"sign":"${sign}"}`;
}

/** 28-digit trade numbers like Alipay's (date + channel + sequence). */
export function newTradeNo(date: string, seq: number): string {
  return `${date.replace(/\D/g, '').slice(0, 8)}22001${String(seq).padStart(7, '0')}${String(randomInt(1e7)).padStart(8, '0')}`;
}

export function queryAnswer(trade: EmulatorTrade | undefined): GatewayNode {
  if (!trade) return businessError('ACQ.TRADE_NOT_EXIST', '交易不存在');
  const paid = trade.status !== 'WAIT_BUYER_PAY';
  return {
    ...SUCCESS,
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    buyer_logon_id: '159****5620',
    trade_status: trade.status,
    total_amount: fenToYuan(trade.totalAmountFen),
    buyer_pay_amount: paid ? fenToYuan(trade.totalAmountFen) : '0.00',
    receipt_amount: paid ? fenToYuan(trade.totalAmountFen) : '0.00',
    send_pay_date: trade.gmtPayment,
    buyer_user_id: '2088102177846880',
  };
}

/** alipay.trade.refund: idempotent by out_request_no; the cumulative refund never exceeds the trade. */
export function applyRefund(trade: EmulatorTrade | undefined, biz: Record<string, unknown>, now: string): GatewayNode {
  if (!trade) return businessError('ACQ.TRADE_NOT_EXIST', '交易不存在');
  const amountFen = typeof biz.refund_amount === 'string' ? yuanToFen(biz.refund_amount) : null;
  if (amountFen === null || amountFen < 1)
    return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: '参数无效：refund_amount' };
  const requestNo = typeof biz.out_request_no === 'string' && biz.out_request_no ? biz.out_request_no : trade.outTradeNo;
  const answer = (fundChange: boolean): GatewayNode => ({
    ...SUCCESS,
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    buyer_logon_id: '159****5620',
    fund_change: fundChange ? 'Y' : 'N',
    refund_fee: fenToYuan(trade.refundedFen),
    gmt_refund_pay: trade.refunds[requestNo]?.gmtRefund,
  });
  const earlier = trade.refunds[requestNo];
  if (earlier) return earlier.amountFen === amountFen ? answer(false) : businessError('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额与原退款请求不一致');
  if (trade.status !== 'TRADE_SUCCESS') return businessError('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
  if (trade.refundedFen + amountFen > trade.totalAmountFen) return businessError('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
  trade.refunds[requestNo] = { amountFen, gmtRefund: now };
  trade.refundedFen += amountFen;
  if (trade.refundedFen === trade.totalAmountFen) trade.status = 'TRADE_CLOSED';
  return answer(true);
}

/** alipay.fund.trans.uni.transfer to a logon id; idempotent by out_biz_no. */
export function applyTransfer(
  transfers: Map<string, EmulatorTransfer>,
  biz: Record<string, unknown>,
  payees: Record<string, string> | undefined,
  now: string,
): GatewayNode {
  const payee = (biz.payee_info ?? {}) as Record<string, unknown>;
  const outBizNo = String(biz.out_biz_no ?? '');
  const amountFen = typeof biz.trans_amount === 'string' ? yuanToFen(biz.trans_amount) : null;
  if (!outBizNo || amountFen === null || typeof payee.identity !== 'string') {
    return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: '参数无效：out_biz_no / trans_amount / payee_info' };
  }
  if (biz.product_code !== 'TRANS_ACCOUNT_NO_PWD' || biz.biz_scene !== 'DIRECT_TRANSFER')
    return businessError('INVALID_PARAMETER', '参数有误：product_code 或 biz_scene 不支持');
  const answer = (t: EmulatorTransfer): GatewayNode => ({
    ...SUCCESS,
    out_biz_no: t.outBizNo,
    order_id: t.orderId,
    pay_fund_order_id: t.payFundOrderId,
    status: 'SUCCESS',
    trans_date: t.transDate,
  });
  const earlier = transfers.get(outBizNo);
  if (earlier) return answer(earlier);
  if (amountFen < 10) return businessError('EXCEED_LIMIT_SM_MIN_AMOUNT', '单笔最低转账金额0.1元');
  if (payee.identity_type !== 'ALIPAY_LOGON_ID' || typeof payee.name !== 'string' || !payee.name)
    return businessError('PAYEE_USER_INFO_ERROR', '收款方姓名不能为空');
  if (payees) {
    const name = payees[payee.identity];
    if (name === undefined) return businessError('PAYEE_NOT_EXIST', '收款账号不存在');
    if (name !== payee.name) return businessError('PAYEE_USER_INFO_ERROR', '支付宝账号和姓名不匹配，请确认姓名是否正确');
  }
  const seq = String(transfers.size + 1).padStart(6, '0');
  const t: EmulatorTransfer = {
    outBizNo,
    orderId: `${now.replace(/\D/g, '').slice(0, 8)}110070000${seq}`,
    payFundOrderId: `${now.replace(/\D/g, '').slice(0, 8)}110070001${seq}`,
    amountFen,
    payeeAccount: payee.identity,
    payeeName: payee.name,
    transDate: now,
  };
  transfers.set(outBizNo, t);
  return answer(t);
}
