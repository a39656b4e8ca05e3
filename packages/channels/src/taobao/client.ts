/**
 * Taobao / Tmall (TOP) client, protocols.md §1: signed form POSTs to the router, OAuth code flow
 * on oauth.taobao.com, token refresh through taobao.top.auth.token.refresh, incremental trades by
 * modified time (≤ 1 day per call, read from the last page backwards), refunds, offline shipping.
 */
import { formatChinaTime } from '../marketplace/china-time.ts';
import { type ClientContext, clientContext, type MarketplaceClientOptions } from '../marketplace/client-options.ts';
import { type CourierCode, platformCourier } from '../marketplace/couriers.ts';
import { arr, httpJson, type Json, num, obj, str } from '../marketplace/http.ts';
import { pageBackwards } from '../marketplace/paging.ts';
import { splitWindow } from '../marketplace/retry.ts';
import {
  type ChannelEndpoint,
  ChannelError,
  type ChannelErrorKind,
  type MarketplaceClient,
  type NormalizedOrder,
  type NormalizedRefund,
  type ShopToken,
} from '../marketplace/types.ts';
import { TAOBAO_DECRYPT_MAX, taobaoDecryptReceivers } from './decrypt.ts';
import { taobaoAnswerRefund } from './refund.ts';
import { type TopSignMethod, topSign } from './sign.ts';
import { REFUND_FIELDS, refundFromWire, TRADE_FIELDS, tradeFromWire } from './wire.ts';

export const TAOBAO_GATEWAY = 'https://eco.taobao.com/router/rest';
export const TAOBAO_OAUTH = 'https://oauth.taobao.com';
/** The hard limit of trades.sold.increment.get (Taobao advises 30 minutes for busy shops). */
export const TAOBAO_MAX_WINDOW_MS = 24 * 3600_000;
const PAGE_MAX = 100;

/** Our courier → TOP company_code (taobao.logistics.companies.get). ⚠ Codes from general knowledge, not from a published list we could read. */
export const TAOBAO_COURIERS: Partial<Record<CourierCode, string>> = {
  SF: 'SF',
  ZTO: 'ZTO',
  YTO: 'YTO',
  STO: 'STO',
  YUNDA: 'YUNDA',
  JTSD: 'JTSD',
  EMS: 'EMS',
  YZXB: 'POSTB',
  JD: 'LE04284890',
  DBKD: 'DBKD',
};

/** TOP error code / sub_code → our kind (protocols.md §1: 27 session, 7/8 limits, 25 signature, isp.* retry later). */
export function topErrorKind(code: string, sub: string): ChannelErrorKind {
  if (code === '27' || code === '26' || sub.includes('session') || sub.includes('refresh-token')) return 'TOKEN_EXPIRED';
  if (code === '7' || code === '8' || sub.startsWith('accesscontrol.')) return 'RATE_LIMITED';
  if (code === '25' || code === '29') return 'INVALID_SIGNATURE';
  if (sub.startsWith('isp.')) return 'SERVER_ERROR';
  if (sub.includes('not-exist')) return 'NOT_FOUND';
  if ((code === '10' || code === '15') && !sub.startsWith('isv.')) return 'SERVER_ERROR';
  return 'BAD_REQUEST';
}

/** TOP error_response → ChannelError with Taobao's own message and code. */
export function topError(e: Json): ChannelError {
  const code = str(e.code);
  const sub = str(e.sub_code);
  return new ChannelError(topErrorKind(code, sub), sub || code, `淘宝：${str(e.sub_msg) || str(e.msg)}（${code}${sub ? ` ${sub}` : ''}）`);
}

/** "taobao.trades.sold.increment.get" → "trades_sold_increment_get_response". */
export const topResponseKey = (method: string) => `${method.replace(/^taobao\./, '').replace(/\./g, '_')}_response`;

/** One signed gateway call (no retry): the `<method>_response` node, or the mapped error. */
export async function taobaoCall(ctx: ClientContext, method: string, params: Record<string, string | undefined>, session?: string): Promise<Json> {
  const signMethod: TopSignMethod = 'hmac-sha256';
  const all: Record<string, string | undefined> = {
    method,
    app_key: ctx.endpoint.appKey,
    session,
    timestamp: formatChinaTime(ctx.now()),
    format: 'json',
    v: '2.0',
    sign_method: signMethod,
    ...params,
  };
  const form: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== '') form[k] = v;
  form.sign = topSign(form, ctx.endpoint.appSecret, signMethod);
  const body = obj(await httpJson({ fetch: ctx.fetch, url: ctx.endpoint.gatewayUrl, form, timeoutMs: ctx.timeoutMs }));
  if (body.error_response) throw topError(obj(body.error_response));
  const node = body[topResponseKey(method)];
  if (!node) throw new ChannelError('BAD_REQUEST', 'bad_response', `淘宝返回了无法识别的结果：${JSON.stringify(body).slice(0, 120)}`);
  return obj(node);
}

function shopToken(t: Json, now: Date): ShopToken {
  const expiresIn = num(t.expires_in);
  const reExpiresIn = num(t.re_expires_in);
  if (!str(t.access_token) || !(expiresIn > 0)) throw new ChannelError('BAD_REQUEST', 'bad_token', '淘宝没有返回有效的授权令牌');
  return {
    accessToken: str(t.access_token),
    refreshToken: str(t.refresh_token) || undefined,
    expiresAt: new Date(now.getTime() + expiresIn * 1000),
    refreshExpiresAt: reExpiresIn > 0 ? new Date(now.getTime() + reExpiresIn * 1000) : undefined,
    platformShopId: str(t.taobao_user_id),
    shopName: decodeNick(str(t.taobao_user_nick)),
  };
}

/** Taobao URL-encodes the nick in token answers; a plain nick is taken as it is. */
function decodeNick(nick: string): string {
  try {
    return decodeURIComponent(nick);
  } catch {
    return nick;
  }
}

/** TOP windows are whole seconds with both ends included: [from, to) becomes from … to − 1 s. */
function windowParams(from: Date, to: Date) {
  return { start_modified: formatChinaTime(from), end_modified: formatChinaTime(new Date(to.getTime() - 1)) };
}

export function createTaobaoClient(endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): MarketplaceClient {
  const ctx = clientContext(endpoint, opts);
  const oauth = endpoint.oauthUrl ?? TAOBAO_OAUTH;
  const pageSize = ctx.pageSize(PAGE_MAX);
  const call = (method: string, params: Record<string, string | undefined>, session?: string) => ctx.retry(() => taobaoCall(ctx, method, params, session));

  async function* windows<T>(from: Date, to: Date, list: (from: Date, to: Date) => AsyncGenerator<T[]>): AsyncGenerator<T[]> {
    for (const w of splitWindow(from, to, TAOBAO_MAX_WINDOW_MS)) yield* list(w.from, w.to);
  }

  return {
    channel: 'TAOBAO',
    maxWindowMs: TAOBAO_MAX_WINDOW_MS,
    authKind: 'oauth',
    authorizeUrl({ redirectUri, state }) {
      const q = new URLSearchParams({ response_type: 'code', client_id: endpoint.appKey, redirect_uri: redirectUri, state, view: 'web' });
      return `${oauth.replace(/\/+$/, '')}/authorize?${q}`;
    },
    async exchangeCode({ code, redirectUri }) {
      const form = {
        grant_type: 'authorization_code',
        code,
        client_id: endpoint.appKey,
        client_secret: endpoint.appSecret,
        redirect_uri: redirectUri,
        view: 'web',
      };
      const t = obj(await ctx.retry(() => httpJson({ fetch: ctx.fetch, url: `${oauth.replace(/\/+$/, '')}/token`, form, timeoutMs: ctx.timeoutMs })));
      if (t.error) {
        const kind = str(t.error) === 'invalid_client' ? 'INVALID_SIGNATURE' : 'BAD_REQUEST';
        throw new ChannelError(kind, str(t.error), `淘宝授权失败：${str(t.error_description) || str(t.error)}`);
      }
      return shopToken(t, ctx.now());
    },
    async refresh(refreshToken) {
      const node = await call('taobao.top.auth.token.refresh', { refresh_token: refreshToken });
      let t: Json;
      try {
        t = obj(JSON.parse(str(node.token_result)));
      } catch {
        throw new ChannelError('BAD_REQUEST', 'bad_token', '淘宝刷新授权返回的 token_result 不是 JSON');
      }
      return shopToken(t, ctx.now());
    },
    listOrders(q) {
      return windows(q.modifiedFrom, q.modifiedTo, (from, to) =>
        pageBackwards<NormalizedOrder>(
          async (page) => {
            const node = await call(
              'taobao.trades.sold.increment.get',
              { fields: TRADE_FIELDS, ...windowParams(from, to), page_no: String(page), page_size: String(pageSize), use_has_next: 'false' },
              q.token,
            );
            return { items: arr(obj(node.trades).trade).map((t) => tradeFromWire(obj(t))), total: num(node.total_results) || 0 };
          },
          { pageSize, firstPage: 1, idOf: (o) => o.platformOrderId },
        ),
      );
    },
    async getOrder({ token, platformOrderId }) {
      const node = await call('taobao.trade.fullinfo.get', { fields: TRADE_FIELDS, tid: platformOrderId }, token);
      if (!node.trade) throw new ChannelError('NOT_FOUND', 'isv.trade-not-exist', `淘宝：订单不存在（${platformOrderId}）`);
      return tradeFromWire(obj(node.trade));
    },
    listRefunds(q) {
      return windows(q.modifiedFrom, q.modifiedTo, (from, to) =>
        pageBackwards<NormalizedRefund>(
          async (page) => {
            const node = await call(
              'taobao.refunds.receive.get',
              { fields: REFUND_FIELDS, ...windowParams(from, to), page_no: String(page), page_size: String(pageSize), use_has_next: 'false' },
              q.token,
            );
            return { items: arr(obj(node.refunds).refund).map((r) => refundFromWire(obj(r))), total: num(node.total_results) || 0 };
          },
          { pageSize, firstPage: 1, idOf: (r) => r.platformRefundId },
        ),
      );
    },
    async shipNotify(n) {
      const company = platformCourier(TAOBAO_COURIERS, n.courierCode, '淘宝');
      const split = n.platformItemIds?.length ? { sub_tid: n.platformItemIds.join(','), is_split: '1' } : {};
      const node = await call('taobao.logistics.offline.send', { tid: n.platformOrderId, out_sid: n.trackingNo, company_code: company, ...split }, n.token);
      if (obj(node.shipping).is_success !== true) throw new ChannelError('BAD_REQUEST', 'ship_failed', `淘宝发货失败（${n.platformOrderId}）`);
    },
    decryptBatchMax: TAOBAO_DECRYPT_MAX,
    decryptReceivers: taobaoDecryptReceivers(ctx, (method, params, session) => taobaoCall(ctx, method, params, session)),
    refundAnswerable: true,
    answerRefund: taobaoAnswerRefund(ctx, call),
  };
}
