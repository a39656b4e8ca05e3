/**
 * The KM open API router for the marketplace emulator (prefix /km, POST /router): checks appKey,
 * the China-time timestamp (±10 min), the TOP-style signature and the session before the method,
 * and answers KM's `{success, …}` / `{success: false, code, msg}` bodies. No consent page: the
 * seller types the ERP keys (see ./session-alias.ts).
 */
import { createHmac } from 'node:crypto';
import { parseChinaTime } from '../marketplace/china-time.ts';
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import type { AppCredentials } from '../marketplace/emulator-types.ts';
import { type ChannelEmulatorHandler, type EmulatorAnswer, json } from '../marketplace/emulator-types.ts';
import { kmApi } from './emulator-api.ts';
import { KM_ERROR, kmErrorBody } from './errors.ts';
import { checkErpKey } from './session-alias.ts';
import { type KmSignMethod, kmSign } from './sign.ts';
import { kmView, kmViewRefund } from './view.ts';

const TIMESTAMP_SKEW_MS = 10 * 60_000;
const SIGN_METHODS = new Set(['md5', 'hmac', 'hmac-sha256']);

/** The session KM's console would show for the emulated app: it opens the default shop's company. */
export const kmSessionOf = (c: AppCredentials) => createHmac('sha256', c.appSecret).update('km-session').digest('hex').slice(0, 32);

async function router(p: Record<string, string>, core: ChannelCore): Promise<EmulatorAnswer> {
  if (p.appKey !== core.credentials.appKey) return json(kmErrorBody(KM_ERROR.INVALID_APP_KEY, 'Invalid App Key'));
  const ts = parseChinaTime(p.timestamp);
  if (!ts || Math.abs(ts.getTime() - core.now().getTime()) > TIMESTAMP_SKEW_MS) return json(kmErrorBody(KM_ERROR.INVALID_TIMESTAMP, 'Invalid Timestamp'));
  const signMethod = (p.sign_method || 'hmac') as KmSignMethod;
  if (!SIGN_METHODS.has(signMethod) || kmSign(p, core.credentials.appSecret, signMethod) !== p.sign)
    return json(kmErrorBody(KM_ERROR.INVALID_SIGNATURE, 'Invalid Signature'));
  const failure = await core.nextFailure();
  if (failure === 'RATE_LIMITED') return { ...json(kmErrorBody(KM_ERROR.FREQUENCY, 'App Call Exceeds Limited Frequency')), status: 429 };
  if (failure === 'SERVER_ERROR') return json(kmErrorBody(KM_ERROR.REMOTE_ERROR, 'Remote service error'));
  if (failure === 'INVALID_SIGNATURE') return json(kmErrorBody(KM_ERROR.INVALID_SIGNATURE, 'Invalid Signature'));
  if (p.method === 'open.token.refresh') {
    const rec = core.refresh(p.refreshToken ?? '');
    if (typeof rec === 'string') return json(kmErrorBody(KM_ERROR.INVALID_SESSION, 'refreshToken 已失效，请在快麦开放平台重新获取'));
    return json({
      success: true,
      session: { accessToken: rec.accessToken, refreshToken: rec.refreshToken, expiresIn: Math.round((rec.expiresAt.getTime() - core.now().getTime()) / 1000) },
    });
  }
  const check = checkErpKey(core, p.session, kmSessionOf(core.credentials));
  if (failure === 'TOKEN_EXPIRED' || !check.ok) return json(kmErrorBody(KM_ERROR.INVALID_SESSION, 'Invalid Session：会话已失效，请刷新或重新获取'));
  return json(kmApi(p.method ?? '', p, check.shop, core));
}

export const kmEmulator: ChannelEmulatorHandler = {
  channel: 'KM',
  prefix: '/km',
  defaultShopName: '杭州衣尚服饰有限公司',
  tokenTtl: { accessMs: 30 * 86_400_000, refreshMs: 90 * 86_400_000 },
  shopId: (digits) => `9${digits(7)}`,
  endpoint: (base, c) => ({ gatewayUrl: `${base}/router`, appKey: c.appKey, appSecret: `${c.appSecret}:${kmSessionOf(c)}` }),
  view: (o) => kmView(o),
  viewRefund: (r) => kmViewRefund(r),
  async handle(req, core) {
    if (req.path === '/router' && req.method === 'POST') return router(req.params, core);
    return undefined;
  },
};
