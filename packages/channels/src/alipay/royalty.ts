/**
 * Alipay split-ledger (商家分账) relation calls: alipay.trade.royalty.relation.bind / unbind /
 * batchquery. A receiver must be in the merchant's relation set before any order's money can be
 * split to it. Built on the client's signed `execute`, so signing, answer verification and retries
 * are the same as for every other gateway call.
 */
import type { AlipayClient } from './client.ts';
import { AlipayError } from './errors.ts';
import { fenToYuan, yuanToFen } from './money.ts';

/** Alipay's receiver kinds: the 2088… user id, the logon id (phone or e-mail), or the app's openid. */
export type RoyaltyReceiverType = 'userId' | 'loginName' | 'openId';

export interface RoyaltyReceiver {
  type: RoyaltyReceiverType;
  account: string;
  /** The receiver's real name: required for loginName (Alipay checks it), optional otherwise. */
  name?: string;
  memo?: string;
}

export interface RoyaltyRelation {
  type: RoyaltyReceiverType;
  account: string;
  memo?: string;
  /** The logon id now and at binding time; they differ when the receiver changed logon id. */
  loginName?: string;
  bindLoginName?: string;
}

export interface RoyaltyRelationPage {
  relations: RoyaltyRelation[];
  totalRecords: number;
  totalPages: number;
  pageNum: number;
  pageSize: number;
}

export interface AlipayRoyaltyApi {
  /** Adds receivers to the relation set; outRequestNo (≤ 32 letters, digits, _) must be new for each change. */
  bind(input: { outRequestNo: string; receivers: RoyaltyReceiver[] }): Promise<void>;
  unbind(input: { outRequestNo: string; receivers: RoyaltyReceiver[] }): Promise<void>;
  /** One page of the relation set (pageSize 1–100). */
  batchQuery(input: { outRequestNo: string; pageNum?: number; pageSize?: number }): Promise<RoyaltyRelationPage>;
  /**
   * alipay.trade.order.settle: splits part of a paid trade to receivers already in the relation
   * set. Idempotent by outRequestNo on Alipay's side (the same request answers the same settle_no).
   */
  settle(input: { outRequestNo: string; tradeNo: string; splits: RoyaltySplit[] }): Promise<{ settleNo: string }>;
  /** alipay.trade.order.settle.query: the state of each receiver's part. */
  settleQuery(input: { outRequestNo: string; tradeNo: string }): Promise<RoyaltySettleDetail[]>;
  /**
   * alipay.trade.refund carrying refund_royalty_parameters: the receivers give their split back
   * first, then `refundAmountFen` goes back to the buyer. Idempotent by outRequestNo.
   */
  refundSplit(input: {
    outTradeNo: string;
    outRequestNo: string;
    refundAmountFen: number;
    splits: RoyaltySplit[];
    reason?: string;
  }): Promise<{ fundChange: boolean }>;
}

/** One receiver's part of a split: its logon id (loginName) and the amount in fen. */
export interface RoyaltySplit {
  account: string;
  amountFen: number;
  desc?: string;
}

export type RoyaltySettleState = 'SUCCESS' | 'PROCESSING' | 'FAIL';

export interface RoyaltySettleDetail {
  account: string;
  amountFen: number;
  state: RoyaltySettleState;
  /** Alipay's reason when the state is FAIL. */
  errorDesc?: string;
}

const OUT_REQUEST_NO = /^[0-9A-Za-z_]{1,32}$/;
/** Alipay accepts at most 20 receivers in one bind or unbind. */
export const ROYALTY_MAX_RECEIVERS = 20;

function checkChange(outRequestNo: string, receivers: RoyaltyReceiver[], bind: boolean) {
  if (!OUT_REQUEST_NO.test(outRequestNo)) throw new RangeError('外部请求号须为1到32位字母、数字或下划线');
  if (receivers.length < 1 || receivers.length > ROYALTY_MAX_RECEIVERS) throw new RangeError(`分账接收方须为1到${ROYALTY_MAX_RECEIVERS}个`);
  // Alipay checks the name on binding only; unbinding names the account alone.
  if (bind) for (const r of receivers) if (r.type === 'loginName' && !r.name) throw new RangeError('以支付宝登录号绑定时必须填写真实姓名');
}

const receiverList = (receivers: RoyaltyReceiver[]) => receivers.map((r) => ({ type: r.type, account: r.account, name: r.name, memo: r.memo }));

function requireSuccess(method: string, node: Record<string, unknown>) {
  // A 10000 answer still carries result_code; anything but SUCCESS means the change did not happen.
  if (node.result_code !== undefined && node.result_code !== 'SUCCESS') {
    throw new AlipayError('business', `支付宝未完成分账关系变更（${String(node.result_code)}）`, { method, code: String(node.code ?? '') });
  }
}

function readRelation(raw: unknown): RoyaltyRelation {
  const r = (raw ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    type: (str(r.type) ?? 'loginName') as RoyaltyReceiverType,
    account: String(r.account ?? ''),
    memo: str(r.memo),
    loginName: str(r.login_name),
    bindLoginName: str(r.bind_login_name),
  };
}

function checkSplits(splits: RoyaltySplit[]) {
  if (splits.length < 1 || splits.length > ROYALTY_MAX_RECEIVERS) throw new RangeError(`分账明细须为1到${ROYALTY_MAX_RECEIVERS}条`);
  for (const s of splits) if (!Number.isSafeInteger(s.amountFen) || s.amountFen < 1) throw new RangeError('分账金额须为正整数（分）');
}

function readDetail(raw: unknown): RoyaltySettleDetail {
  const r = (raw ?? {}) as Record<string, unknown>;
  const state = r.state === 'SUCCESS' || r.state === 'FAIL' ? r.state : 'PROCESSING';
  return {
    account: String(r.trans_in ?? ''),
    amountFen: (typeof r.amount === 'string' ? yuanToFen(r.amount) : null) ?? 0,
    state,
    errorDesc: typeof r.error_desc === 'string' && r.error_desc ? r.error_desc : undefined,
  };
}

/** The split-ledger relation calls over an Alipay client (real gateway or the emulator). */
export function alipayRoyalty(client: AlipayClient): AlipayRoyaltyApi {
  return {
    async bind({ outRequestNo, receivers }) {
      checkChange(outRequestNo, receivers, true);
      const method = 'alipay.trade.royalty.relation.bind';
      requireSuccess(method, await client.execute(method, { receiver_list: receiverList(receivers), out_request_no: outRequestNo }));
    },
    async unbind({ outRequestNo, receivers }) {
      checkChange(outRequestNo, receivers, false);
      const method = 'alipay.trade.royalty.relation.unbind';
      requireSuccess(method, await client.execute(method, { receiver_list: receiverList(receivers), out_request_no: outRequestNo }));
    },
    async batchQuery({ outRequestNo, pageNum = 1, pageSize = 20 }) {
      if (!OUT_REQUEST_NO.test(outRequestNo)) throw new RangeError('外部请求号须为1到32位字母、数字或下划线');
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) throw new RangeError('每页条数须为1到100');
      const method = 'alipay.trade.royalty.relation.batchquery';
      const node = await client.execute(method, { page_num: pageNum, page_size: pageSize, out_request_no: outRequestNo });
      requireSuccess(method, node);
      const list = Array.isArray(node.receiver_list) ? node.receiver_list : [];
      return {
        relations: list.map(readRelation),
        totalRecords: Number(node.total_record_num ?? list.length),
        totalPages: Number(node.total_page_num ?? 1),
        pageNum: Number(node.current_page_num ?? pageNum),
        pageSize: Number(node.current_page_size ?? pageSize),
      };
    },
    async settle({ outRequestNo, tradeNo, splits }) {
      if (!OUT_REQUEST_NO.test(outRequestNo)) throw new RangeError('外部请求号须为1到32位字母、数字或下划线');
      checkSplits(splits);
      const node = await client.execute('alipay.trade.order.settle', {
        out_request_no: outRequestNo,
        trade_no: tradeNo,
        royalty_parameters: splits.map((s) => ({
          royalty_type: 'transfer',
          trans_in_type: 'loginName',
          trans_in: s.account,
          amount: fenToYuan(s.amountFen),
          desc: s.desc,
        })),
      });
      return { settleNo: String(node.settle_no ?? '') };
    },
    async settleQuery({ outRequestNo, tradeNo }) {
      const node = await client.execute('alipay.trade.order.settle.query', { out_request_no: outRequestNo, trade_no: tradeNo });
      return (Array.isArray(node.royalty_detail_list) ? node.royalty_detail_list : []).map(readDetail);
    },
    async refundSplit({ outTradeNo, outRequestNo, refundAmountFen, splits, reason }) {
      checkSplits(splits);
      const node = await client.execute('alipay.trade.refund', {
        out_trade_no: outTradeNo,
        refund_amount: fenToYuan(refundAmountFen),
        out_request_no: outRequestNo,
        refund_reason: reason,
        refund_royalty_parameters: splits.map((s) => ({
          royalty_type: 'transfer',
          trans_out_type: 'loginName',
          trans_out: s.account,
          amount: fenToYuan(s.amountFen),
        })),
      });
      return { fundChange: node.fund_change === 'Y' };
    },
  };
}
