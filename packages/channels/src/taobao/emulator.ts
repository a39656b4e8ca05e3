/**
 * The Taobao (TOP) emulator handler: /taobao/oauth/authorize (consent page), /taobao/oauth/token,
 * /taobao/router/rest (the gateway). Checks app key, timestamp (±10 min), the signature, the
 * session, the 1-day window and the 3-month limit, and answers TOP's envelopes and error codes.
 */
import { parseChinaTime } from '../marketplace/china-time.ts';
import { consentError, consentPage } from '../marketplace/consent-page.ts';
import { type ChannelCore, pageSlice, type TokenRecord } from '../marketplace/emulator-core.ts';
import { type ChannelEmulatorHandler, type EmulatorAnswer, type EmulatorRequest, json } from '../marketplace/emulator-types.ts';
import { maskAddress, maskPhoneTail, maskSurname } from '../marketplace/mask.ts';
import type { NormalizedOrder } from '../marketplace/types.ts';
import { TAOBAO_COURIERS, TAOBAO_MAX_WINDOW_MS, topResponseKey } from './client.ts';
import { oaidDecrypt } from './decrypt-emulator.ts';
import { TAOBAO_REFUND_METHODS, taobaoRefundCall } from './refund-emulator.ts';
import { topVerify } from './sign.ts';
import { cainiaoWaybillGateway, isCainiaoCall } from './waybill-emulator.ts';
import { refundToWire, topStatus, tradeToWire } from './wire.ts';

const DAY = 86400_000;

const err = (code: number, msg: string, sub_code?: string, sub_msg?: string) =>
  json({ error_response: { code, msg, sub_code, sub_msg, request_id: Math.random().toString(36).slice(2, 14) } });
const badArg = (field: string, why: string) => err(41, 'Invalid Arguments', `isv.invalid-parameter:${field}`, why);

const FAILURES = {
  RATE_LIMITED: () => err(7, 'App Call Limited', 'accesscontrol.limited-by-app-access-count', 'This ban will last for 1 more seconds'),
  TOKEN_EXPIRED: () => err(27, 'Invalid session', 'invalid-sessionkey', 'SessionKey非法'),
  SERVER_ERROR: () => err(15, 'Remote service error', 'isp.remote-service-error', '连接远程服务错误，请稍后重试'),
  INVALID_SIGNATURE: () => err(25, 'Invalid signature'),
};

function tokenJson(t: TokenRecord, core: ChannelCore) {
  const now = core.now().getTime();
  const expiresIn = Math.max(0, Math.round((t.expiresAt.getTime() - now) / 1000));
  const reExpiresIn = t.refreshExpiresAt ? Math.max(0, Math.round((t.refreshExpiresAt.getTime() - now) / 1000)) : 0;
  return {
    access_token: t.accessToken,
    token_type: 'Bearer',
    expires_in: expiresIn,
    refresh_token: t.refreshToken,
    re_expires_in: reExpiresIn,
    r1_expires_in: expiresIn,
    r2_expires_in: Math.min(expiresIn, 86400),
    w1_expires_in: expiresIn,
    w2_expires_in: Math.min(expiresIn, 86400),
    taobao_user_id: t.platformShopId,
    taobao_user_nick: encodeURIComponent(core.shops.get(t.platformShopId)?.shopName ?? ''),
  };
}

/** The window TOP was asked for (both ends included), checked against its limits. */
function window(p: Record<string, string>, core: ChannelCore): { from: Date; to: Date } | EmulatorAnswer {
  const from = parseChinaTime(p.start_modified);
  const to = parseChinaTime(p.end_modified);
  if (!from || !to) return err(40, 'Missing Required Arguments', 'isv.missing-parameter:start_modified', '缺少参数 start_modified 或 end_modified');
  if (to < from) return badArg('end_modified', '结束时间必须晚于开始时间');
  if (to.getTime() - from.getTime() > TAOBAO_MAX_WINDOW_MS) return badArg('end_modified', '查询时间跨度不能超过一天');
  if (from.getTime() < core.now().getTime() - 90 * DAY) return badArg('start_modified', '只能查询三个月内的数据');
  return { from, to: new Date(to.getTime() + 1000) };
}

function paging(p: Record<string, string>): { page: number; size: number } | EmulatorAnswer {
  const page = Number(p.page_no ?? '1');
  const size = Number(p.page_size ?? '40');
  if (!Number.isInteger(page) || page < 1) return badArg('page_no', 'page_no 必须大于等于1');
  if (!Number.isInteger(size) || size < 1 || size > 100) return badArg('page_size', 'page_size 取值范围 1-100');
  return { page, size };
}

async function gateway(r: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const p = r.params;
  if (!p.method) return err(21, 'Missing Method');
  if (!p.app_key) return err(28, 'Missing App Key');
  if (p.app_key !== core.credentials.appKey) return err(29, 'Invalid App Key');
  if (!p.timestamp) return err(30, 'Missing Timestamp');
  const ts = parseChinaTime(p.timestamp);
  if (!ts || Math.abs(ts.getTime() - core.now().getTime()) > 10 * 60_000) return err(31, 'Invalid Timestamp', undefined, '时间戳与服务器时间相差超过10分钟');
  if (!p.sign) return err(24, 'Missing Signature');
  if (!topVerify(p, core.credentials.appSecret)) return err(25, 'Invalid signature');
  const failure = await core.nextFailure();
  if (failure) return FAILURES[failure]();
  const ok = (node: unknown) => json({ [topResponseKey(p.method ?? '')]: node });

  if (p.method === 'taobao.top.auth.token.refresh') {
    const t = core.refresh(p.refresh_token ?? '');
    if (typeof t === 'string')
      return err(15, 'Remote service error', `isv.refresh-token-${t}`, t === 'expired' ? 'refresh_token 已过期' : 'refresh_token 无效');
    return ok({ token_result: JSON.stringify(tokenJson(t, core)) });
  }
  if (!p.session) return err(26, 'Missing Session');
  const auth = core.checkToken(p.session);
  if (!auth.ok) return err(27, 'Invalid session', 'invalid-sessionkey', auth.reason === 'expired' ? 'SessionKey已过期' : 'SessionKey非法');
  const shopId = auth.shop.platformShopId;
  const view = (o: NormalizedOrder) => tradeToWire(taobaoHandler.view(o, core));

  switch (p.method) {
    case 'taobao.trades.sold.increment.get': {
      const w = window(p, core);
      if ('status' in w) return w;
      const pg = paging(p);
      if ('status' in pg) return pg;
      const rows = core.ordersModifiedIn(shopId, w.from, w.to);
      return ok({ total_results: rows.length, trades: { trade: pageSlice(rows, pg.page, pg.size).map(view) } });
    }
    case 'taobao.trade.fullinfo.get': {
      const o = core.order(shopId, p.tid ?? '');
      return o ? ok({ trade: view(o) }) : err(15, 'Remote service error', 'isv.trade-not-exist', '交易不存在');
    }
    case 'taobao.refunds.receive.get': {
      const w = window(p, core);
      if ('status' in w) return w;
      const pg = paging(p);
      if ('status' in pg) return pg;
      const rows = core.refundsModifiedIn(shopId, w.from, w.to);
      return ok({ total_results: rows.length, refunds: { refund: pageSlice(rows, pg.page, pg.size).map(refundToWire) } });
    }
    case 'taobao.logistics.offline.send': {
      const o = core.order(shopId, p.tid ?? '');
      if (!o) return err(15, 'Remote service error', 'isv.trade-not-exist', '交易不存在');
      if (!p.out_sid || !p.company_code) return err(40, 'Missing Required Arguments', 'isv.missing-parameter', '缺少 out_sid 或 company_code');
      if (!Object.values(TAOBAO_COURIERS).includes(p.company_code)) return err(15, 'Remote service error', 'isv.logistics-company-not-exist', '物流公司不存在');
      if (!core.canShip(o)) return err(15, 'Remote service error', 'isv.logistics-offline-service-error:B04', '订单状态不允许发货');
      const oids = p.is_split === '1' && p.sub_tid ? p.sub_tid.split(',') : undefined;
      if (oids?.some((id) => !o.items.some((i) => i.platformItemId === id))) return badArg('sub_tid', '子订单不属于该交易');
      core.ship(shopId, { platformOrderId: o.platformOrderId, platformItemIds: oids, companyCode: p.company_code, trackingNo: p.out_sid });
      return ok({ shipping: { is_success: true } });
    }
    case 'taobao.top.oaid.decrypt':
      return oaidDecrypt(p, shopId, core, ok, err);
    default:
      if (TAOBAO_REFUND_METHODS.includes(p.method)) return taobaoRefundCall(p.method, p, shopId, core, ok, err);
      return err(22, 'Invalid Method');
  }
}

export const taobaoHandler: ChannelEmulatorHandler = {
  channel: 'TAOBAO',
  prefix: '/taobao',
  defaultShopName: '小美女装旗舰店',
  tokenTtl: { accessMs: 30 * DAY, refreshMs: 60 * DAY },
  shopId: (digits) => `2${digits(9)}`,
  endpoint: (base, c) => ({ gatewayUrl: `${base}/router/rest`, oauthUrl: `${base}/oauth`, appKey: c.appKey, appSecret: c.appSecret }),
  view(o, core) {
    const r = o.receiver;
    return {
      ...o,
      platformStatus: topStatus(o.status, o.paidAt !== undefined),
      receiver: {
        ...r,
        name: maskSurname(r.name),
        phone: maskPhoneTail(r.phone),
        address: maskAddress(r.address),
        encrypted: true,
        decryptHandle: core.encrypt(`${r.name}\n${r.phone}\n${r.address}`),
      },
    };
  },
  viewRefund: (r) => r,
  async handle(r, core) {
    if (isCainiaoCall(r)) return cainiaoWaybillGateway(r, core);
    if (r.path === '/router/rest') return gateway(r, core);
    if (r.path === '/oauth/authorize' && r.method === 'GET') {
      const p = r.params;
      if (p.client_id !== core.credentials.appKey) return consentError(core, 'client_id 无效');
      if (p.response_type !== 'code' || !p.redirect_uri) return consentError(core, 'response_type 或 redirect_uri 无效');
      return consentPage(core, { shopName: p.shop, redirectUri: p.redirect_uri, state: p.state ?? '' });
    }
    if (r.path === '/oauth/token' && r.method === 'POST') {
      const p = r.params;
      if (p.client_id !== core.credentials.appKey || p.client_secret !== core.credentials.appSecret) {
        return json({ error: 'invalid_client', error_description: 'client_id 或 client_secret 错误' }, 401);
      }
      const t =
        p.grant_type === 'refresh_token'
          ? core.refresh(p.refresh_token ?? '')
          : p.grant_type === 'authorization_code'
            ? core.redeemCode(p.code ?? '', p.redirect_uri)
            : 'unsupported';
      if (t === 'unsupported') return json({ error: 'unsupported_grant_type', error_description: 'grant_type 不支持' }, 400);
      if (typeof t === 'string') return json({ error: 'invalid_grant', error_description: t === 'expired' ? '授权码已过期' : '授权码无效' }, 400);
      return json(tokenJson(t, core));
    }
    return undefined;
  },
};
