/**
 * Douyin shop (抖店, "TIKTOK" in the product) client, protocols.md §4: POST {gateway}/{method as path}
 * with app_key/method/timestamp/v/sign in the query and the sorted param_json as the body;
 * token.create / token.refresh on the same gateway; orders by update time, pages from 0, read
 * from the last page backwards; after-sales; order.logisticsAdd to ship.
 */
import { unixSeconds } from '../marketplace/china-time.ts';
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
import { DOUDIAN_DECRYPT_MAX, doudianDecryptReceivers } from './decrypt.ts';
import { doudianAnswerRefund } from './refund.ts';
import { doudianSign, sortedJson } from './sign.ts';
import { orderFromWire, refundFromWire } from './wire.ts';

export const DOUDIAN_GATEWAY = 'https://openapi-fxg.jinritemai.com';
export const DOUDIAN_OAUTH = 'https://fuwu.jinritemai.com';
/** Douyin states no window limit for searchList (protocols.md §14); one day keeps each window's pages few. */
export const DOUDIAN_MAX_WINDOW_MS = 24 * 3600_000;
/** The refresh token lives 14 days (protocols.md §4); the answer does not say so itself. */
const REFRESH_TTL_MS = 14 * 86400_000;
const PAGE_MAX = 100;

/** Our courier → Douyin company_code (order.logisticsCompanyList). ⚠ Codes from general knowledge (kuaidi100-style). */
export const DOUDIAN_COURIERS: Partial<Record<CourierCode, string>> = {
  SF: 'shunfeng',
  ZTO: 'zhongtong',
  YTO: 'yuantong',
  STO: 'shentong',
  YUNDA: 'yunda',
  JTSD: 'jtexpress',
  EMS: 'ems',
  YZXB: 'youzhengguonei',
  JD: 'jd',
  DBKD: 'debangkuaidi',
};

/** code / sub_code → kind: 30001 and isv.access-token-expired re-authorize, 60000 rate limit, isp.* / 20000 retry later. */
export function doudianErrorKind(code: number, sub: string): ChannelErrorKind {
  if (code === 30001 || sub.includes('access-token') || sub.includes('refresh-token') || sub.includes('authorization')) return 'TOKEN_EXPIRED';
  if (code === 60000) return 'RATE_LIMITED';
  if (sub.includes('signature-invalid') || sub.includes('app-key')) return 'INVALID_SIGNATURE';
  if (code === 20000 || sub.startsWith('isp.')) return 'SERVER_ERROR';
  if (sub.includes('not-exist')) return 'NOT_FOUND';
  return 'BAD_REQUEST';
}

/** One signed call (no retry): `data` of a code-10000 answer, or the mapped error. */
export async function doudianCall(ctx: ClientContext, method: string, params: Record<string, unknown>, accessToken?: string): Promise<Json> {
  const paramJson = sortedJson(params);
  const timestamp = String(unixSeconds(ctx.now()));
  const sign = doudianSign({ appKey: ctx.endpoint.appKey, method, paramJson, timestamp }, ctx.endpoint.appSecret);
  const q = new URLSearchParams({ app_key: ctx.endpoint.appKey, method, timestamp, v: '2', sign, sign_method: 'hmac-sha256' });
  if (accessToken) q.set('access_token', accessToken);
  const url = `${ctx.endpoint.gatewayUrl.replace(/\/+$/, '')}/${method.replace(/\./g, '/')}?${q}`;
  const body = obj(
    await httpJson({ fetch: ctx.fetch, url, raw: { text: paramJson, contentType: 'application/json;charset=utf-8' }, timeoutMs: ctx.timeoutMs }),
  );
  const code = num(body.code);
  if (code !== 10000) {
    const sub = str(body.sub_code);
    throw new ChannelError(doudianErrorKind(code, sub), sub || String(code), `抖店：${str(body.sub_msg) || str(body.msg)}（${code}${sub ? ` ${sub}` : ''}）`);
  }
  return obj(body.data);
}

function shopToken(d: Json, now: Date): ShopToken {
  if (!str(d.access_token)) throw new ChannelError('BAD_REQUEST', 'bad_token', '抖店没有返回有效的授权令牌');
  return {
    accessToken: str(d.access_token),
    refreshToken: str(d.refresh_token) || undefined,
    expiresAt: new Date(now.getTime() + num(d.expires_in) * 1000),
    refreshExpiresAt: str(d.refresh_token) ? new Date(now.getTime() + REFRESH_TTL_MS) : undefined,
    platformShopId: str(d.shop_id),
    shopName: str(d.shop_name),
  };
}

export function createDoudianClient(endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): MarketplaceClient {
  const ctx = clientContext(endpoint, opts);
  const pageSize = ctx.pageSize(PAGE_MAX);
  const call = (method: string, params: Record<string, unknown>, token?: string) => ctx.retry(() => doudianCall(ctx, method, params, token));
  const windowParams = (from: Date, to: Date) => ({ start: unixSeconds(from), end: unixSeconds(new Date(to.getTime() - 1)) });

  return {
    channel: 'TIKTOK',
    maxWindowMs: DOUDIAN_MAX_WINDOW_MS,
    authKind: 'oauth',
    authorizeUrl({ redirectUri, state }) {
      // The real callback address is the one set for the service in 抖店服务市场; redirect_uri is sent for the emulator and is ignored there.
      const q = new URLSearchParams({ service_id: endpoint.extra?.serviceId ?? endpoint.appKey, state, redirect_uri: redirectUri });
      return `${(endpoint.oauthUrl ?? DOUDIAN_OAUTH).replace(/\/+$/, '')}/authorize?${q}`;
    },
    async exchangeCode({ code }) {
      return shopToken(await call('token.create', { code, grant_type: 'authorization_code' }), ctx.now());
    },
    async refresh(refreshToken) {
      return shopToken(await call('token.refresh', { refresh_token: refreshToken, grant_type: 'refresh_token' }), ctx.now());
    },
    async *listOrders(q) {
      for (const win of splitWindow(q.modifiedFrom, q.modifiedTo, DOUDIAN_MAX_WINDOW_MS)) {
        const w = windowParams(win.from, win.to);
        yield* pageBackwards<NormalizedOrder>(
          async (page) => {
            const d = await call(
              'order.searchList',
              { update_time_start: w.start, update_time_end: w.end, order_by: 'update_time', order_asc: false, page, size: pageSize },
              q.token,
            );
            return { items: arr(d.shop_order_list).map((o) => orderFromWire(obj(o))), total: num(d.total) || 0 };
          },
          { pageSize, firstPage: 0, idOf: (o) => o.platformOrderId },
        );
      }
    },
    async getOrder({ token, platformOrderId }) {
      const d = await call('order.orderDetail', { shop_order_id: platformOrderId }, token);
      return orderFromWire(obj(d.shop_order_detail));
    },
    async *listRefunds(q) {
      for (const win of splitWindow(q.modifiedFrom, q.modifiedTo, DOUDIAN_MAX_WINDOW_MS)) {
        const w = windowParams(win.from, win.to);
        yield* pageBackwards<NormalizedRefund>(
          async (page) => {
            const d = await call('afterSale.List', { update_start_time: w.start, update_end_time: w.end, page, size: pageSize }, q.token);
            return { items: arr(d.items).map((r) => refundFromWire(obj(r))), total: num(d.total) || 0 };
          },
          { pageSize, firstPage: 0, idOf: (r) => r.platformRefundId },
        );
      }
    },
    async shipNotify(n) {
      const company = platformCourier(DOUDIAN_COURIERS, n.courierCode, '抖店');
      // Part of an order ships through order.logisticsAddMultiPack, which wants per-line quantities a ShipNotice does not carry.
      if (n.platformItemIds?.length) throw new ChannelError('BAD_REQUEST', 'split_unsupported', '抖店订单部分发货请在抖店后台操作');
      await call('order.logisticsAdd', { order_id: n.platformOrderId, company_code: company, logistics_code: n.trackingNo }, n.token);
    },
    decryptBatchMax: DOUDIAN_DECRYPT_MAX,
    decryptReceivers: doudianDecryptReceivers(ctx, (method, params, token) => doudianCall(ctx, method, params, token)),
    refundAnswerable: true,
    answerRefund: doudianAnswerRefund(ctx, call),
  };
}
