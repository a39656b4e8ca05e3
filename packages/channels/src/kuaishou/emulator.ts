/**
 * The Kuaishou shop gateway for the marketplace emulator (prefix /kuaishou): OAuth authorize /
 * oauth2/access_token / oauth2/refresh_token, and the signed API under /open/…. It checks the app
 * key, the timestamp (±10 min ⚠), the signature (MD5 or HMAC_SHA256 with the signSecret), the
 * token and the 7-day / 90-day window rules, and answers Kuaishou's {result, …} envelopes.
 */
import { createHmac } from 'node:crypto';
import { consentError, consentPage } from '../marketplace/consent-page.ts';
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import type { AppCredentials, ChannelEmulatorHandler, EmulatorAnswer, EmulatorRequest } from '../marketplace/emulator-types.ts';
import { json } from '../marketplace/emulator-types.ts';
import { ksApi } from './emulator-api.ts';
import { KS_RESULT, ksErrorBody } from './errors.ts';
import { type KuaishouSignMethod, kuaishouSign } from './sign.ts';
import { ksView, ksViewRefund } from './view.ts';
import { isKsWaybillCall, ksWaybillGateway } from './waybill-emulator.ts';

const TIMESTAMP_SKEW_MS = 10 * 60_000;

/** The emulated app's signSecret, derived from its appSecret so tests need only one credential pair. */
export const ksSignSecretOf = (c: AppCredentials) => createHmac('sha256', c.appSecret).update('kuaishou-sign-secret').digest('hex').slice(0, 32);

function oauthError(result: number, error: string, msg: string): EmulatorAnswer {
  return json({ result, error, error_msg: msg });
}

function tokenAnswer(core: ChannelCore, rec: ReturnType<ChannelCore['issueToken']>): EmulatorAnswer {
  const now = core.now().getTime();
  return json({
    result: 1,
    access_token: rec.accessToken,
    expires_in: Math.round((rec.expiresAt.getTime() - now) / 1000),
    refresh_token: rec.refreshToken,
    refresh_token_expires_in: rec.refreshExpiresAt ? Math.round((rec.refreshExpiresAt.getTime() - now) / 1000) : undefined,
    open_id: rec.platformShopId,
    scopes: ['user_info', 'merchant_user', 'merchant_order', 'merchant_refund', 'merchant_logistics'],
  });
}

async function gateway(req: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const p = req.params;
  const method = p.method ?? '';
  if (`/${method.replace(/\./g, '/')}` !== req.path) return json(ksErrorBody(KS_RESULT.INVALID_PARAM, `method 与请求路径不一致：${method}`));
  if (p.appkey !== core.credentials.appKey) return json(ksErrorBody(KS_RESULT.APP_KEY_INVALID, 'appkey无效'));
  const ts = Number(p.timestamp);
  if (!Number.isFinite(ts) || Math.abs(core.now().getTime() - ts) > TIMESTAMP_SKEW_MS) return json(ksErrorBody(KS_RESULT.TIMESTAMP_INVALID, '时间戳已过期'));
  const signMethod = (p.signMethod ?? 'MD5') as KuaishouSignMethod;
  if ((signMethod !== 'MD5' && signMethod !== 'HMAC_SHA256') || kuaishouSign(p, ksSignSecretOf(core.credentials), signMethod) !== p.sign) {
    return json(ksErrorBody(KS_RESULT.SIGN_INVALID, '签名校验失败'));
  }
  const failure = await core.nextFailure();
  if (failure === 'SERVER_ERROR') return { status: 502, contentType: 'text/html;charset=utf-8', body: '<html><body>502 Bad Gateway</body></html>' };
  if (failure === 'RATE_LIMITED') {
    return json(ksErrorBody(KS_RESULT.QPS_LIMIT, `[1017] exceed quota limit, Exceed qps limit, KEY [apiId:${method};appkey:${p.appkey}], MAX_QPS [100.0]`));
  }
  if (failure === 'INVALID_SIGNATURE') return json(ksErrorBody(KS_RESULT.SIGN_INVALID, '签名校验失败'));
  const check = core.checkToken(p.access_token);
  if (failure === 'TOKEN_EXPIRED' || !check.ok) return json(ksErrorBody(KS_RESULT.TOKEN_INVALID, '鉴权失败，access_token已过期或无效', 'TOKEN_EXPIRED'));
  let biz: Record<string, unknown>;
  try {
    biz = JSON.parse(p.param || '{}') as Record<string, unknown>;
  } catch {
    return json(ksErrorBody(KS_RESULT.INVALID_PARAM, 'param 不是合法的JSON'));
  }
  return json(ksApi(method, biz, check.shop.platformShopId, core));
}

export const kuaishouEmulator: ChannelEmulatorHandler = {
  channel: 'KUAISHOU',
  prefix: '/kuaishou',
  defaultShopName: '四季青潮流女装快手店',
  tokenTtl: { accessMs: 48 * 3600_000, refreshMs: 180 * 86_400_000 },
  shopId: (digits) => `22${digits(8)}`,
  endpoint: (base, c) => ({ gatewayUrl: base, oauthUrl: base, appKey: c.appKey, appSecret: `${c.appSecret}:${ksSignSecretOf(c)}` }),
  view: ksView,
  viewRefund: (r) => ksViewRefund(r),
  async handle(req, core) {
    const p = req.params;
    if (req.path === '/oauth/authorize' && req.method === 'GET') {
      if (p.app_id !== core.credentials.appKey) return consentError(core, 'app_id 无效');
      if (p.response_type !== 'code' || !p.redirect_uri) return consentError(core, '缺少 redirect_uri 或 response_type 不是 code');
      return consentPage(core, { shopName: p.shop, redirectUri: p.redirect_uri, state: p.state ?? '' });
    }
    if (req.path === '/oauth2/access_token' && req.method === 'GET') {
      if (p.app_id !== core.credentials.appKey || p.app_secret !== core.credentials.appSecret)
        return oauthError(100200100, 'invalid_client', 'app_id或app_secret错误');
      if (p.grant_type !== 'code') return oauthError(100200101, 'unsupported_grant_type', 'grant_type 应为 code');
      const rec = core.redeemCode(p.code ?? '');
      if (rec === 'invalid' || rec === 'expired') return oauthError(100200102, 'invalid_grant', 'code已过期或已使用');
      return tokenAnswer(core, rec);
    }
    if (req.path === '/oauth2/refresh_token' && req.method === 'POST') {
      if (p.app_id !== core.credentials.appKey || p.app_secret !== core.credentials.appSecret)
        return oauthError(100200100, 'invalid_client', 'app_id或app_secret错误');
      const rec = core.refresh(p.refresh_token ?? '');
      if (rec === 'invalid' || rec === 'expired') return oauthError(100200103, 'refreshToken.discarded', 'refresh_token已失效，请重新授权');
      return tokenAnswer(core, rec);
    }
    if (isKsWaybillCall(req)) return ksWaybillGateway(req, core);
    if (req.path.startsWith('/open/') && req.method === 'POST') return gateway(req, core);
    return undefined;
  },
};
