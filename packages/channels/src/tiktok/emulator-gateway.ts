/**
 * What every call to the emulated Douyin (抖店) gateway goes through, whichever handler answers it
 * (orders and tokens in emulator.ts, e-waybills in waybill-emulator.ts): the envelope, the checks of
 * method, app key, timestamp, version and signature, the queued failures, and the access token.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { type EmulatorAnswer, type EmulatorRequest, json } from '../marketplace/emulator-types.ts';
import type { Json } from '../marketplace/http.ts';
import { doudianVerify } from './sign.ts';

export const answer = (code: number, msg: string, sub_code = '', sub_msg = '', data: unknown = {}) =>
  json({ code, msg, sub_code, sub_msg, log_id: Math.random().toString(36).slice(2, 18), data });
export const ok = (data: unknown) => answer(10000, 'success', '', '', data);
export const FAILURES = {
  RATE_LIMITED: () => answer(60000, '请求频率超限', 'isv.rate-limited', '接口调用超过限流，请稍后再试'),
  TOKEN_EXPIRED: () => answer(40003, '参数错误', 'isv.access-token-expired', 'access_token已过期'),
  SERVER_ERROR: () => answer(20000, '服务不可用', 'isp.service-error', '系统繁忙，请稍后重试'),
  INVALID_SIGNATURE: () => answer(40003, '参数错误', 'isv.signature-invalid', '签名校验失败'),
};
export const badParam = (why: string) => answer(40004, '参数错误', 'isv.parameter-invalid', why);

/** A call that passed the gateway's checks: its query and its param_json, parsed. */
export interface DoudianCall {
  q: Record<string, string>;
  p: Json;
}

/** The gateway's checks of a call to `method`, in the platform's order; the answer of the first that fails. */
export async function checkDoudianCall(r: EmulatorRequest, core: ChannelCore, method: string): Promise<DoudianCall | EmulatorAnswer> {
  const q = Object.fromEntries(r.query);
  if (q.method !== method) return answer(40003, '参数错误', 'isv.method-invalid', 'method 与请求路径不一致');
  if (q.app_key !== core.credentials.appKey) return answer(40003, '参数错误', 'isv.app-key-invalid', 'app_key 不存在');
  const ts = Number(q.timestamp);
  if (!Number.isFinite(ts) || Math.abs(ts * 1000 - core.now().getTime()) > 10 * 60_000)
    return answer(40003, '参数错误', 'isv.timestamp-invalid', '时间戳已过期');
  if (q.v !== '2') return answer(40003, '参数错误', 'isv.version-invalid', 'v 必须为 2');
  const paramJson = r.body || '{}';
  if (
    !doudianVerify({ appKey: q.app_key, method, paramJson, timestamp: q.timestamp ?? '' }, core.credentials.appSecret, q.sign ?? '', q.sign_method ?? 'md5')
  ) {
    return FAILURES.INVALID_SIGNATURE();
  }
  const failure = await core.nextFailure();
  if (failure) return FAILURES[failure]();
  try {
    return { q, p: JSON.parse(paramJson) as Json };
  } catch {
    return badParam('param_json 不是合法的 JSON');
  }
}

/** The platform shop id of the call's access token, or the gateway's answer when it has none or a dead one. */
export function shopOfCall(q: Record<string, string>, core: ChannelCore): { shopId: string } | EmulatorAnswer {
  if (!q.access_token) return answer(30001, '授权不存在', 'dop.authorization-no-existed', '请先授权');
  const auth = core.checkToken(q.access_token);
  if (!auth.ok)
    return answer(40003, '参数错误', auth.reason === 'expired' ? 'isv.access-token-expired' : 'isv.access-token-no-existed', 'access_token已过期或不存在');
  return { shopId: auth.shop.platformShopId };
}
