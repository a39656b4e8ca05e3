/**
 * The emulator's split-ledger relation set: alipay.trade.royalty.relation.bind / unbind /
 * batchquery answered in Alipay's shape. An out_request_no is remembered with what it changed: the
 * same request again answers the same success, a reused number for another change is refused.
 */
import { businessError, type GatewayNode, SUCCESS } from './emulator-state.ts';

export interface EmulatorRoyaltyRelation {
  type: string;
  account: string;
  name?: string;
  memo?: string;
  bindLoginName?: string;
}

export interface RoyaltyBook {
  relations: Map<string, EmulatorRoyaltyRelation>;
  requests: Map<string, string>;
}

export const newRoyaltyBook = (): RoyaltyBook => ({ relations: new Map(), requests: new Map() });

export const ROYALTY_METHODS = ['alipay.trade.royalty.relation.bind', 'alipay.trade.royalty.relation.unbind', 'alipay.trade.royalty.relation.batchquery'];

const TYPES = ['userId', 'loginName', 'openId'];
const OUT_REQUEST_NO = /^[0-9A-Za-z_]{1,32}$/;
const invalid = (msg: string): GatewayNode => ({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: `参数无效：${msg}` });
const key = (type: string, account: string) => `${type}:${account}`;

function readReceivers(biz: Record<string, unknown>): EmulatorRoyaltyRelation[] | GatewayNode {
  const list = biz.receiver_list;
  if (!Array.isArray(list) || list.length === 0) return invalid('receiver_list');
  if (list.length > 20) return businessError('ACQ.INVALID_PARAMETER', '分账接收方列表单次最多传入20个');
  const out: EmulatorRoyaltyRelation[] = [];
  for (const raw of list) {
    const r = (raw ?? {}) as Record<string, unknown>;
    const type = String(r.type ?? '');
    const account = typeof r.account === 'string' ? r.account.trim() : '';
    if (!TYPES.includes(type)) return invalid('receiver_list.type');
    if (!account || account.length > 150) return invalid('receiver_list.account');
    if (type === 'userId' && !/^2088\d{12}$/.test(account)) return businessError('ACQ.INVALID_PARAMETER', '分账接收方账号须为2088开头的16位数字');
    out.push({
      type,
      account,
      name: typeof r.name === 'string' && r.name ? r.name : undefined,
      memo: typeof r.memo === 'string' && r.memo ? r.memo : undefined,
    });
  }
  return out;
}

/** Bind and unbind: `payees` (logon id → real name), when set, is the emulator's idea of who exists on Alipay. */
function change(book: RoyaltyBook, method: string, biz: Record<string, unknown>, payees: Record<string, string> | undefined): GatewayNode {
  const outRequestNo = String(biz.out_request_no ?? '');
  if (!OUT_REQUEST_NO.test(outRequestNo)) return invalid('out_request_no');
  const receivers = readReceivers(biz);
  if (!Array.isArray(receivers)) return receivers;
  const fingerprint = JSON.stringify([method, receivers.map((r) => key(r.type, r.account))]);
  const earlier = book.requests.get(outRequestNo);
  if (earlier !== undefined) {
    return earlier === fingerprint ? { ...SUCCESS, result_code: 'SUCCESS' } : businessError('ACQ.INVALID_PARAMETER', '外部请求号重复，请更换后重试');
  }
  const bind = method.endsWith('.bind');
  if (bind) {
    for (const r of receivers) {
      if (r.type === 'loginName' && !r.name) return businessError('ACQ.INVALID_PARAMETER', '分账方类型为支付宝登录号时，真实姓名必填');
      if (payees && r.type === 'loginName') {
        const real = payees[r.account];
        if (real === undefined) return businessError('ACQ.INVALID_PARAMETER', '分账接收方支付宝账号不存在');
        if (real !== r.name) return businessError('ACQ.INVALID_PARAMETER', '分账接收方支付宝账号与真实姓名不匹配');
      }
    }
  }
  for (const r of receivers) {
    // Unbinding a receiver that is not in the set changes nothing and still succeeds.
    if (bind) book.relations.set(key(r.type, r.account), { ...r, bindLoginName: r.type === 'loginName' ? r.account : undefined });
    else book.relations.delete(key(r.type, r.account));
  }
  book.requests.set(outRequestNo, fingerprint);
  return { ...SUCCESS, result_code: 'SUCCESS' };
}

function query(book: RoyaltyBook, biz: Record<string, unknown>): GatewayNode {
  if (!OUT_REQUEST_NO.test(String(biz.out_request_no ?? ''))) return invalid('out_request_no');
  const pageNum = biz.page_num === undefined ? 1 : Number(biz.page_num);
  const pageSize = biz.page_size === undefined ? 20 : Number(biz.page_size);
  if (!Number.isInteger(pageNum) || pageNum < 1) return invalid('page_num');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) return invalid('page_size');
  const all = [...book.relations.values()];
  const page = all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
  return {
    ...SUCCESS,
    result_code: 'SUCCESS',
    receiver_list: page.map((r) => ({ type: r.type, account: r.account, memo: r.memo, login_name: r.bindLoginName, bind_login_name: r.bindLoginName })),
    total_page_num: Math.max(1, Math.ceil(all.length / pageSize)),
    total_record_num: all.length,
    current_page_num: pageNum,
    current_page_size: pageSize,
  };
}

export function royaltyAnswer(book: RoyaltyBook, method: string, biz: Record<string, unknown>, payees?: Record<string, string>): GatewayNode {
  return method === 'alipay.trade.royalty.relation.batchquery' ? query(book, biz) : change(book, method, biz, payees);
}
