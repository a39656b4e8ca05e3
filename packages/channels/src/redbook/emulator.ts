/**
 * The Xiaohongshu Ark gateway for the marketplace emulator (prefix /redbook): the consent page at
 * /ark/authorization and the one JSON endpoint /ark/open_api/v3/common_controller, which checks
 * appId, version, timestamp (±10 min ⚠), the MD5 signature and the accessToken before the method.
 */
import { consentError, consentPage } from '../marketplace/consent-page.ts';
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { type ChannelEmulatorHandler, type EmulatorAnswer, json } from '../marketplace/emulator-types.ts';
import { xhsApi, xhsOAuth } from './emulator-api.ts';
import { XHS_ERROR, xhsErrorBody } from './errors.ts';
import { redBookSign } from './sign.ts';
import { xhsView, xhsViewRefund } from './view.ts';
import { isXhsWaybillCall, xhsWaybillGateway } from './waybill-emulator.ts';

export const REDBOOK_GATEWAY_PATH = '/ark/open_api/v3/common_controller';
const TIMESTAMP_SKEW_MS = 10 * 60_000;
const OAUTH_METHODS = new Set(['oauth.getAccessToken', 'oauth.refreshToken']);

async function gateway(body: string, core: ChannelCore): Promise<EmulatorAnswer> {
  let p: Record<string, unknown>;
  try {
    p = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return json(xhsErrorBody(XHS_ERROR.PARAM_INVALID, '请求体不是合法的JSON'));
  }
  const sys = { method: String(p.method ?? ''), appId: String(p.appId ?? ''), timestamp: String(p.timestamp ?? ''), version: String(p.version ?? '') };
  if (sys.appId !== core.credentials.appKey) return json(xhsErrorBody(XHS_ERROR.APP_INVALID, 'appId无效'));
  if (sys.version !== '2.0') return json(xhsErrorBody(XHS_ERROR.PARAM_INVALID, 'version 应为 2.0'));
  const ts = Number(sys.timestamp) * 1000;
  if (!/^\d+$/.test(sys.timestamp) || Math.abs(core.now().getTime() - ts) > TIMESTAMP_SKEW_MS)
    return json(xhsErrorBody(XHS_ERROR.TIMESTAMP_INVALID, 'timestamp已过期'));
  if (redBookSign(sys, core.credentials.appSecret) !== p.sign) return json(xhsErrorBody(XHS_ERROR.SIGN_INVALID, '签名验证失败'));
  const failure = await core.nextFailure();
  if (failure === 'SERVER_ERROR') return json(xhsErrorBody(XHS_ERROR.SYSTEM_BUSY, '系统繁忙，请稍后重试'));
  if (failure === 'RATE_LIMITED') return json(xhsErrorBody(XHS_ERROR.RATE_LIMITED, '调用频率超过限制，请稍后重试'));
  if (failure === 'INVALID_SIGNATURE') return json(xhsErrorBody(XHS_ERROR.SIGN_INVALID, '签名验证失败'));
  if (OAUTH_METHODS.has(sys.method)) return json(xhsOAuth(sys.method, p, core));
  const check = core.checkToken(typeof p.accessToken === 'string' ? p.accessToken : undefined);
  if (failure === 'TOKEN_EXPIRED' || !check.ok) return json(xhsErrorBody(XHS_ERROR.TOKEN_INVALID, 'accessToken无效或已过期'));
  return json(xhsApi(sys.method, p, check.shop, core));
}

export const redBookEmulator: ChannelEmulatorHandler = {
  channel: 'REDBOOK',
  prefix: '/redbook',
  defaultShopName: '十三行小众设计女装的店',
  tokenTtl: { accessMs: 7 * 86_400_000, refreshMs: 14 * 86_400_000 },
  shopId: (digits) => `5${digits(11)}`,
  endpoint: (base, c) => ({ gatewayUrl: `${base}${REDBOOK_GATEWAY_PATH}`, oauthUrl: base, appKey: c.appKey, appSecret: c.appSecret }),
  view: xhsView,
  viewRefund: xhsViewRefund,
  async handle(req, core) {
    const p = req.params;
    if (req.path === '/ark/authorization' && req.method === 'GET') {
      if (p.appId !== core.credentials.appKey) return consentError(core, 'appId 无效');
      if (!p.redirectUri) return consentError(core, '缺少 redirectUri');
      return consentPage(core, { shopName: p.shop, redirectUri: p.redirectUri, state: p.state ?? '' });
    }
    if (isXhsWaybillCall(req)) return xhsWaybillGateway(req, core);
    if (req.path === REDBOOK_GATEWAY_PATH && req.method === 'POST') return gateway(req.body, core);
    return undefined;
  },
};
