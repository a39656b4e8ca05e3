/**
 * Weidian (微店) client, protocols.md §7: GET/POST api.vdian.com/api with `param` (business JSON)
 * and `public` ({method, access_token, version, format}); no request signature, the token is the
 * credential. Two ways to a token: 服务型 OAuth (⚠ URLs unverified: oauth.open.weidian.com) or,
 * with endpoint.extra.tokenMode = "client_credential", the self-use app token of the one shop.
 */

import { formatChinaTime } from '../marketplace/china-time.ts';
import { type ClientContext, clientContext, type MarketplaceClientOptions } from '../marketplace/client-options.ts';
import { COURIERS, type CourierCode, platformCourier } from '../marketplace/couriers.ts';
import { plainReceiversOnly } from '../marketplace/decrypt.ts';
import { arr, httpJson, type Json, num, obj, str } from '../marketplace/http.ts';
import { pageBackwards } from '../marketplace/paging.ts';
import { refundUnanswerable } from '../marketplace/refund-answer.ts';
import { splitWindow } from '../marketplace/retry.ts';
import {
  type ChannelEndpoint,
  ChannelError,
  type ChannelErrorKind,
  type MarketplaceClient,
  type NormalizedOrder,
  type ShopToken,
} from '../marketplace/types.ts';
import { orderFromWire, refundsFromWire } from './wire.ts';

export const WEIDIAN_GATEWAY = 'https://api.vdian.com/api';
export const WEIDIAN_OAUTH = 'https://oauth.open.weidian.com';
/** The list's default range is the last 31 days (protocols.md §7); taken as the longest window. */
export const WEIDIAN_MAX_WINDOW_MS = 31 * 86400_000;
const PAGE_MAX = 100;

/** Weidian ships with express_type 0 (自定义) and the courier's name, which needs no company-code table. */
export const WEIDIAN_COURIERS: Partial<Record<CourierCode, string>> = { ...COURIERS };

/** status_code → kind: 10013/10016/10026 token (verified); ⚠ 10020 rate limit, 10012 app credentials, 1/10001 service are assumptions. */
export function weidianErrorKind(code: number): ChannelErrorKind {
  if (code === 10013 || code === 10016 || code === 10026) return 'TOKEN_EXPIRED';
  if (code === 10020) return 'RATE_LIMITED';
  if (code === 10012) return 'INVALID_SIGNATURE';
  if (code === 1 || code === 10001) return 'SERVER_ERROR';
  if (code === 10004) return 'NOT_FOUND';
  return 'BAD_REQUEST';
}

/** The `{status:{status_code,status_reason}, result}` envelope: result, or the mapped error. */
function unwrap(body: Json): Json {
  const s = obj(body.status);
  const code = num(s.status_code);
  if (code !== 0) throw new ChannelError(weidianErrorKind(code), String(code), `微店：${str(s.status_reason) || '调用失败'}（${code}）`);
  return obj(body.result);
}

/** One API call (no retry). */
export async function weidianCall(ctx: ClientContext, method: string, param: Record<string, unknown>, accessToken: string, version = '1.0'): Promise<Json> {
  const form = { param: JSON.stringify(param), public: JSON.stringify({ method, access_token: accessToken, version, format: 'json' }) };
  return unwrap(obj(await httpJson({ fetch: ctx.fetch, url: ctx.endpoint.gatewayUrl, form, timeoutMs: ctx.timeoutMs })));
}

export function createWeidianClient(endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): MarketplaceClient {
  const ctx = clientContext(endpoint, opts);
  const pageSize = ctx.pageSize(PAGE_MAX);
  const selfUse = endpoint.extra?.tokenMode === 'client_credential';
  const oauth = (endpoint.oauthUrl ?? WEIDIAN_OAUTH).replace(/\/+$/, '');
  const call = (method: string, param: Record<string, unknown>, token: string, version?: string) =>
    ctx.retry(() => weidianCall(ctx, method, param, token, version));
  const getJson = (url: string) => ctx.retry(async () => unwrap(obj(await httpJson({ fetch: ctx.fetch, url, timeoutMs: ctx.timeoutMs }))));

  async function shopToken(t: Json): Promise<ShopToken> {
    const accessToken = str(t.access_token);
    if (!accessToken) throw new ChannelError('BAD_REQUEST', 'bad_token', '微店没有返回有效的授权令牌');
    const now = ctx.now().getTime();
    const shop = await call('vdian.shop.get', {}, accessToken);
    return {
      accessToken,
      refreshToken: str(t.refresh_token) || undefined,
      expiresAt: new Date(now + num(t.expire_in ?? t.expires_in) * 1000),
      refreshExpiresAt: undefined,
      platformShopId: str(shop.shop_id),
      shopName: str(shop.shop_name),
    };
  }

  async function exchange(code: string): Promise<ShopToken> {
    if (selfUse) {
      const q = new URLSearchParams({ grant_type: 'client_credential', appkey: endpoint.appKey, secret: endpoint.appSecret });
      return shopToken(await getJson(`${endpoint.gatewayUrl.replace(/\/api\/?$/, '')}/token?${q}`));
    }
    // Weidian spells the grant "authorized_code" (⚠ from SDK samples).
    const q = new URLSearchParams({ appkey: endpoint.appKey, secret: endpoint.appSecret, code, grant_type: 'authorized_code' });
    return shopToken(await getJson(`${oauth}/oauth2/access_token?${q}`));
  }

  /** One window: list by update time, last page first. */
  async function* pages(token: string, from: Date, to: Date): AsyncGenerator<Json[]> {
    yield* pageBackwards<Json>(
      async (page) => {
        const r = await call(
          'vdian.order.list.get',
          {
            order_type: 'all',
            page_num: page,
            page_size: pageSize,
            update_start: formatChinaTime(from),
            update_end: formatChinaTime(new Date(to.getTime() - 1)),
          },
          token,
          '1.1',
        );
        return { items: arr(r.orders).map(obj), total: num(r.total_num) || 0 };
      },
      { pageSize, firstPage: 1, idOf: (o) => str(o.order_id) },
    );
  }

  async function* each<T>(token: string, from: Date, to: Date, map: (o: Json) => T[]): AsyncGenerator<T[]> {
    for (const w of splitWindow(from, to, WEIDIAN_MAX_WINDOW_MS)) {
      for await (const page of pages(token, w.from, w.to)) {
        const out = page.flatMap(map);
        if (out.length) yield out;
      }
    }
  }

  return {
    channel: 'WEIDIAN',
    maxWindowMs: WEIDIAN_MAX_WINDOW_MS,
    authKind: 'oauth',
    authorizeUrl({ redirectUri, state }) {
      // A self-use app belongs to one shop: there is no consent page, the callback simply proceeds.
      if (selfUse) return `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${new URLSearchParams({ code: 'client_credential', state })}`;
      return `${oauth}/oauth2/authorize?${new URLSearchParams({ appkey: endpoint.appKey, redirect_uri: redirectUri, response_type: 'code', state })}`;
    },
    exchangeCode: ({ code }) => exchange(code),
    async refresh(refreshToken) {
      // A self-use token is simply fetched again with the app's keys.
      if (selfUse) return exchange('client_credential');
      const q = new URLSearchParams({ appkey: endpoint.appKey, grant_type: 'refresh_token', refresh_token: refreshToken });
      return shopToken(await getJson(`${oauth}/oauth2/refresh_token?${q}`));
    },
    listOrders: (q) => each<NormalizedOrder>(q.token, q.modifiedFrom, q.modifiedTo, (o) => [orderFromWire(o)]),
    async getOrder({ token, platformOrderId }) {
      return orderFromWire(await call('vdian.order.get', { order_id: platformOrderId }, token));
    },
    listRefunds: (q) => each(q.token, q.modifiedFrom, q.modifiedTo, refundsFromWire),
    async shipNotify(n) {
      const name = platformCourier(WEIDIAN_COURIERS, n.courierCode, '微店');
      // express_type 0 = 自定义 with the courier's name (999 = 无需物流).
      await call('vdian.order.deliver', { order_id: n.platformOrderId, express_type: 0, express_no: n.trackingNo, express_custom: name }, n.token);
    },
    // Receivers come in clear: nothing to decrypt.
    decryptBatchMax: 0,
    decryptReceivers: plainReceiversOnly('微店'),
    // Weidian's refunds are read from the order lines; no agree / refuse call was found (waybills-aftersales.md).
    refundAnswerable: false,
    answerRefund: refundUnanswerable,
  };
}
