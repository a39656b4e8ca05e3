/**
 * What every call to the emulated JD (JOS) router goes through, whichever handler answers it (orders
 * and tokens in emulator.ts, e-waybills in waybill-emulator.ts): the error envelope, the checks of
 * app key, timestamp and signature, the queued failures, the access token and 360buy_param_json.
 */
import { parseChinaTime } from '../marketplace/china-time.ts';
import type { ChannelCore, EmulatorShop } from '../marketplace/emulator-core.ts';
import { type EmulatorAnswer, type EmulatorRequest, json } from '../marketplace/emulator-types.ts';
import type { Json } from '../marketplace/http.ts';
import { jdVerify } from './sign.ts';

export const err = (code: string, zh_desc: string, en_desc = '') => json({ error_response: { code, zh_desc, en_desc } });
export const FAILURES = {
  RATE_LIMITED: () => err('85', '调用次数超出限制，请稍后再试', 'Call limited'),
  TOKEN_EXPIRED: () => err('19', 'token已过期或者不存在，请重新授权访问。', 'Invalid access_token'),
  SERVER_ERROR: () => err('66', '平台连接后端服务不可用', 'Service unavailable'),
  INVALID_SIGNATURE: () => err('14', '签名无效', 'Invalid signature'),
};

/** A call that passed the router's checks: its parameters, the token's shop and the parsed business JSON. */
export interface JosCall {
  p: Record<string, string>;
  shop: EmulatorShop;
  biz: Json;
}

/** The router's checks, in the platform's order; the answer of the first that fails. */
export async function checkJosCall(r: EmulatorRequest, core: ChannelCore): Promise<JosCall | EmulatorAnswer> {
  const p = r.params;
  if (p.app_key !== core.credentials.appKey) return err('15', 'app_key无效', 'Invalid app_key');
  const ts = parseChinaTime(p.timestamp);
  if (!ts || Math.abs(ts.getTime() - core.now().getTime()) > 6 * 60_000) return err('61', '时间戳错误，与服务器时间相差超过6分钟', 'Invalid timestamp');
  if (!jdVerify(p, core.credentials.appSecret)) return err('14', '签名无效', 'Invalid signature');
  const failure = await core.nextFailure();
  if (failure) return FAILURES[failure]();
  const auth = core.checkToken(p.access_token);
  if (!auth.ok) return err('19', 'token已过期或者不存在，请重新授权访问。', 'Invalid access_token');
  try {
    return { p, shop: auth.shop, biz: JSON.parse(p['360buy_param_json'] ?? '{}') as Json };
  } catch {
    return err('41', '360buy_param_json 不是合法的 JSON');
  }
}
