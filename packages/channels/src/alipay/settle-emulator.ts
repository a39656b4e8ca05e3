/**
 * The emulator's split settlements: alipay.trade.order.settle (split a paid trade's money to
 * receivers of the relation set), alipay.trade.order.settle.query (the result per receiver), and
 * the split reversal a refund carries in refund_royalty_parameters. An out_request_no is remembered
 * with what it asked: the same request again answers the same settle_no, a reused number for other
 * amounts is refused. A "delay" fault keeps a settlement PROCESSING for a number of queries.
 * The answer codes beyond Alipay's documented ones are this emulator's assumption.
 */
import type { EmulatorTrade, GatewayNode } from './emulator-state.ts';
import { businessError, SUCCESS } from './emulator-state.ts';
import { fenToYuan, yuanToFen } from './money.ts';
import type { RoyaltyBook } from './royalty-emulator.ts';

export interface EmulatorSettlement {
  outRequestNo: string;
  tradeNo: string;
  settleNo: string;
  receivers: { account: string; amountFen: number }[];
  /** Queries that still answer PROCESSING (the "delay" fault). */
  pendingQueries: number;
  /** Fen given back per receiver by refunds carrying refund_royalty_parameters. */
  reversedFen: Record<string, number>;
  operationDt: string;
}

const OUT_REQUEST_NO = /^[0-9A-Za-z_]{1,64}$/;
const invalid = (msg: string): GatewayNode => ({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: `参数无效：${msg}` });

const settledOf = (all: Iterable<EmulatorSettlement>, tradeNo: string) => {
  let fen = 0;
  for (const s of all) if (s.tradeNo === tradeNo) for (const r of s.receivers) fen += r.amountFen - (s.reversedFen[r.account] ?? 0);
  return fen;
};

function readParameters(biz: Record<string, unknown>): { account: string; amountFen: number }[] | GatewayNode {
  const list = biz.royalty_parameters;
  if (!Array.isArray(list) || list.length === 0) return invalid('royalty_parameters');
  if (list.length > 20) return businessError('ACQ.INVALID_PARAMETER', '分账明细单次最多20条');
  const out: { account: string; amountFen: number }[] = [];
  for (const raw of list) {
    const p = (raw ?? {}) as Record<string, unknown>;
    const amountFen = typeof p.amount === 'string' ? yuanToFen(p.amount) : null;
    const account = typeof p.trans_in === 'string' ? p.trans_in.trim() : '';
    if (p.royalty_type !== undefined && p.royalty_type !== 'transfer') return invalid('royalty_parameters.royalty_type');
    if (!account) return invalid('royalty_parameters.trans_in');
    if (amountFen === null || amountFen < 1) return invalid('royalty_parameters.amount');
    out.push({ account, amountFen });
  }
  return out;
}

const settleAnswer = (s: EmulatorSettlement): GatewayNode => ({ ...SUCCESS, trade_no: s.tradeNo, settle_no: s.settleNo });

/** alipay.trade.order.settle on a paid trade; each receiver must be in the relation set. */
export function applySettle(
  settlements: Map<string, EmulatorSettlement>,
  royalty: RoyaltyBook,
  trade: EmulatorTrade | undefined,
  biz: Record<string, unknown>,
  now: string,
  delayQueries: number,
): GatewayNode {
  const outRequestNo = String(biz.out_request_no ?? '');
  if (!OUT_REQUEST_NO.test(outRequestNo)) return invalid('out_request_no');
  if (typeof biz.trade_no !== 'string' || !biz.trade_no) return invalid('trade_no');
  const receivers = readParameters(biz);
  if (!Array.isArray(receivers)) return receivers;
  const earlier = settlements.get(outRequestNo);
  if (earlier) {
    const same = earlier.tradeNo === biz.trade_no && JSON.stringify(earlier.receivers) === JSON.stringify(receivers);
    return same ? settleAnswer(earlier) : businessError('ACQ.INVALID_PARAMETER', '外部请求号重复，请更换后重试');
  }
  if (!trade) return businessError('ACQ.TRADE_NOT_EXIST', '交易不存在');
  if (trade.status !== 'TRADE_SUCCESS') return businessError('ACQ.TRADE_STATUS_ERROR', '交易状态不合法，不能分账');
  const bound = new Set([...royalty.relations.values()].flatMap((r) => [r.account, r.bindLoginName ?? '']));
  const stranger = receivers.find((r) => !bound.has(r.account));
  if (stranger) return businessError('ACQ.TRANS_IN_NOT_BIND', `分账收入方 ${stranger.account} 未绑定分账关系`);
  const asked = receivers.reduce((n, r) => n + r.amountFen, 0);
  if (settledOf(settlements.values(), trade.tradeNo) + asked > trade.totalAmountFen - trade.refundedFen) {
    return businessError('ACQ.ALLOC_AMOUNT_VALIDATE_ERROR', '分账金额超过交易可分账金额');
  }
  const s: EmulatorSettlement = {
    outRequestNo,
    tradeNo: trade.tradeNo,
    settleNo: `${now.replace(/\D/g, '').slice(0, 8)}0021${String(settlements.size + 1).padStart(8, '0')}`,
    receivers,
    pendingQueries: delayQueries,
    reversedFen: {},
    operationDt: now,
  };
  settlements.set(outRequestNo, s);
  return settleAnswer(s);
}

/** alipay.trade.order.settle.query by out_request_no (with the trade_no) or settle_no. */
export function settleQuery(settlements: Map<string, EmulatorSettlement>, biz: Record<string, unknown>): GatewayNode {
  const bySettleNo = typeof biz.settle_no === 'string' ? [...settlements.values()].find((s) => s.settleNo === biz.settle_no) : undefined;
  const s = bySettleNo ?? settlements.get(String(biz.out_request_no ?? ''));
  if (!s || (typeof biz.trade_no === 'string' && biz.trade_no !== s.tradeNo)) return businessError('ACQ.SETTLE_NOT_EXIST', '分账单据不存在');
  const processing = s.pendingQueries > 0;
  if (processing) s.pendingQueries--;
  return {
    ...SUCCESS,
    out_request_no: s.outRequestNo,
    operation_dt: s.operationDt,
    royalty_detail_list: s.receivers.map((r) => ({
      operation_type: 'transfer',
      execute_dt: s.operationDt,
      trans_in: r.account,
      trans_in_type: 'loginName',
      amount: fenToYuan(r.amountFen),
      state: processing ? 'PROCESSING' : 'SUCCESS',
    })),
  };
}

/**
 * refund_royalty_parameters of alipay.trade.refund: money a receiver got from this trade goes back
 * first. Checked before the refund moves anything; applied only when the refund is accepted.
 */
export function royaltyRefundPlan(
  settlements: Map<string, EmulatorSettlement>,
  trade: EmulatorTrade | undefined,
  biz: Record<string, unknown>,
): { apply(): void } | GatewayNode | null {
  const list = biz.refund_royalty_parameters;
  if (list === undefined) return null;
  if (!trade) return businessError('ACQ.TRADE_NOT_EXIST', '交易不存在');
  if (!Array.isArray(list) || list.length === 0) return invalid('refund_royalty_parameters');
  const moves: { s: EmulatorSettlement; account: string; fen: number }[] = [];
  for (const raw of list) {
    const p = (raw ?? {}) as Record<string, unknown>;
    const fen = typeof p.amount === 'string' ? yuanToFen(p.amount) : null;
    const account = typeof p.trans_out === 'string' ? p.trans_out : '';
    if (fen === null || fen < 1 || !account) return invalid('refund_royalty_parameters');
    let left = fen;
    for (const s of settlements.values()) {
      if (s.tradeNo !== trade.tradeNo || left === 0) continue;
      const r = s.receivers.find((x) => x.account === account);
      const room = r ? r.amountFen - (s.reversedFen[account] ?? 0) : 0;
      const take = Math.min(room, left);
      if (take > 0) moves.push({ s, account, fen: take });
      left -= take;
    }
    if (left > 0) return businessError('ACQ.REFUND_ROYALTY_AMOUNT_EXCEED', '退分账金额超过该收入方已分账金额');
  }
  return {
    apply() {
      for (const m of moves) m.s.reversedFen[m.account] = (m.s.reversedFen[m.account] ?? 0) + m.fen;
    },
  };
}
