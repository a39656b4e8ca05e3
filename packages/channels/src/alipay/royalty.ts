/**
 * Alipay split-ledger (商家分账) relation calls: alipay.trade.royalty.relation.bind / unbind /
 * batchquery. A receiver must be in the merchant's relation set before any order's money can be
 * split to it. Built on the client's signed `execute`, so signing, answer verification and retries
 * are the same as for every other gateway call.
 */
import type { AlipayClient } from './client.ts';
import { AlipayError } from './errors.ts';

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
  };
}
