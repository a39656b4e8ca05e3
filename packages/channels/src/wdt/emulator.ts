/**
 * The WDT openapi2 endpoints for the marketplace emulator (prefix /wdt, POST /openapi2/<name>.php):
 * checks sid + appkey, the unix timestamp (±5 min), the length-prefixed MD5 signature, then the
 * method; answers `{code, message, …}`. No consent page: the seller types the ERP keys (the
 * emulator's authorization code stands for the sid, see ../km/session-alias.ts).
 */
import { checkErpKey } from '../km/session-alias.ts';
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { type ChannelEmulatorHandler, type EmulatorAnswer, json } from '../marketplace/emulator-types.ts';
import { wdtSidOf } from './client.ts';
import { wdtApi } from './emulator-api.ts';
import { WDT_CODE, WDT_MSG, wdtErrorBody } from './errors.ts';
import { wdtSign } from './sign.ts';
import { wdtView, wdtViewRefund } from './view.ts';

const TIMESTAMP_SKEW_MS = 5 * 60_000;

async function openapi(api: string, p: Record<string, string>, core: ChannelCore): Promise<EmulatorAnswer> {
  if (p.appkey !== core.credentials.appKey) return json(wdtErrorBody(WDT_CODE.AUTH, WDT_MSG.APP_AUTH_FAIL));
  const ts = Number(p.timestamp) * 1000;
  if (!/^\d+$/.test(p.timestamp ?? '') || Math.abs(ts - core.now().getTime()) > TIMESTAMP_SKEW_MS) return json(wdtErrorBody(WDT_CODE.TIMESTAMP, '时间戳错误'));
  if (wdtSign(p, core.credentials.appSecret) !== p.sign) return json(wdtErrorBody(WDT_CODE.AUTH, WDT_MSG.SIGN));
  const failure = await core.nextFailure();
  if (failure === 'SERVER_ERROR')
    return { status: 503, contentType: 'text/html;charset=utf-8', body: '<html><body>503 Service Temporarily Unavailable</body></html>' };
  if (failure === 'RATE_LIMITED') return json(wdtErrorBody(WDT_CODE.BUSINESS, WDT_MSG.RATE));
  if (failure === 'INVALID_SIGNATURE') return json(wdtErrorBody(WDT_CODE.AUTH, WDT_MSG.SIGN));
  const check = checkErpKey(core, p.sid, wdtSidOf(core.credentials.appKey));
  if (failure === 'TOKEN_EXPIRED' || !check.ok) return json(wdtErrorBody(WDT_CODE.AUTH, WDT_MSG.APP_AUTH_FAIL));
  return json(wdtApi(api, p, check.shop, core));
}

export const wdtEmulator: ChannelEmulatorHandler = {
  channel: 'WDT',
  prefix: '/wdt',
  defaultShopName: '广州十三行潮牌服饰旗舰店',
  // No token lifetime in WDT: keys work until the seller or WDT disables them.
  tokenTtl: { accessMs: 100 * 365 * 86_400_000 },
  shopId: (digits) => `wdt${digits(6)}`,
  endpoint: (base, c) => ({ gatewayUrl: `${base}/openapi2`, appKey: c.appKey, appSecret: c.appSecret }),
  view: (o) => wdtView(o),
  viewRefund: (r) => wdtViewRefund(r),
  async handle(req, core) {
    const m = /^\/openapi2\/([a-z_]+\.php)$/.exec(req.path);
    if (m?.[1] && req.method === 'POST') return openapi(m[1], req.params, core);
    return undefined;
  },
};
