/**
 * Pinduoduo POP client, protocols.md §3: one signed gateway (`type` = API name), OAuth code from
 * the merchant consent page exchanged with pdd.pop.auth.token.create, refresh, incremental orders
 * by update time (≤ 30 min per call, read from the last page backwards), refunds, online shipping.
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
import { PDD_DECRYPT_MAX, pddDecryptReceivers } from './decrypt.ts';
import { pddAnswerRefund } from './refund.ts';
import { type PddParamValue, pddSign, pddValue } from './sign.ts';
import { orderFromWire, refundFromWire } from './wire.ts';

export const PDD_GATEWAY = 'https://gw-api.pinduoduo.com/api/router';
export const PDD_OAUTH = 'https://mms.pinduoduo.com';
export const PDD_MAX_WINDOW_MS = 30 * 60_000;
const PAGE_MAX = 100;

/** Our courier → PDD logistics_id (pdd.logistics.companies.get). ⚠ Ids from general knowledge, not a list we could read. */
export const PDD_COURIERS: Partial<Record<CourierCode, number>> = {
  STO: 1,
  SF: 44,
  YTO: 85,
  ZTO: 115,
  EMS: 118,
  JD: 120,
  YUNDA: 121,
  DBKD: 131,
  YZXB: 132,
  JTSD: 384,
};

/** error_code → kind. 10019 token (verified); ⚠ 70031 rate limit, 20004 signature, 5xxxx service, 52101 not found are assumptions. */
export function pddErrorKind(code: number, sub: string): ChannelErrorKind {
  if (code === 10019 || sub.includes('access_token')) return 'TOKEN_EXPIRED';
  if (code === 70031 || code === 70032 || sub.includes('limit')) return 'RATE_LIMITED';
  if (code === 20004) return 'INVALID_SIGNATURE';
  if (code === 52101) return 'NOT_FOUND';
  if (code >= 50000 && code < 51000) return 'SERVER_ERROR';
  return 'BAD_REQUEST';
}

export const pddResponseKey = (type: string) => `${type.replace(/^pdd\./, '').replace(/\./g, '_')}_response`;

/** PDD's response roots do not always follow the API name; the ones we use. */
const RESPONSE_KEYS: Record<string, string> = {
  'pdd.order.number.list.increment.get': 'order_sn_increment_get_response',
  'pdd.order.information.get': 'order_info_get_response',
  'pdd.refund.list.increment.get': 'refund_increment_get_response',
};

/** One signed gateway call (no retry): the response node, or the mapped error. */
export async function pddCall(ctx: ClientContext, type: string, biz: Record<string, PddParamValue>, accessToken?: string): Promise<Json> {
  const params: Record<string, string | undefined> = {
    type,
    client_id: ctx.endpoint.appKey,
    access_token: accessToken,
    timestamp: String(unixSeconds(ctx.now())),
    data_type: 'JSON',
    version: 'V1',
  };
  for (const [k, v] of Object.entries(biz)) params[k] = pddValue(v);
  const form: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined) form[k] = v;
  form.sign = pddSign(form, ctx.endpoint.appSecret);
  const body = obj(await httpJson({ fetch: ctx.fetch, url: ctx.endpoint.gatewayUrl, form, timeoutMs: ctx.timeoutMs }));
  if (body.error_response) {
    const e = obj(body.error_response);
    const code = num(e.error_code);
    const sub = str(e.sub_code);
    throw new ChannelError(pddErrorKind(code, sub), String(code), `拼多多：${str(e.sub_msg) || str(e.error_msg)}（${code}）`);
  }
  const node = body[RESPONSE_KEYS[type] ?? pddResponseKey(type)];
  if (!node) throw new ChannelError('BAD_REQUEST', 'bad_response', `拼多多返回了无法识别的结果：${JSON.stringify(body).slice(0, 120)}`);
  return obj(node);
}

function shopToken(t: Json, now: Date): ShopToken {
  const at = num(t.expires_at);
  const rat = num(t.refresh_token_expires_at);
  if (!str(t.access_token)) throw new ChannelError('BAD_REQUEST', 'bad_token', '拼多多没有返回有效的授权令牌');
  return {
    accessToken: str(t.access_token),
    refreshToken: str(t.refresh_token) || undefined,
    expiresAt: at > 0 ? new Date(at * 1000) : new Date(now.getTime() + num(t.expires_in) * 1000),
    refreshExpiresAt: rat > 0 ? new Date(rat * 1000) : undefined,
    platformShopId: str(t.owner_id),
    shopName: str(t.owner_name),
  };
}

/** Unix-second windows with both ends included: [from, to) becomes from … to − 1 s. */
const windowParams = (from: Date, to: Date) => ({ start: unixSeconds(from), end: unixSeconds(new Date(to.getTime() - 1)) });

export function createPddClient(endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): MarketplaceClient {
  const ctx = clientContext(endpoint, opts);
  const pageSize = ctx.pageSize(PAGE_MAX);
  const call = (type: string, biz: Record<string, PddParamValue>, token?: string) => ctx.retry(() => pddCall(ctx, type, biz, token));

  async function* windows<T>(from: Date, to: Date, list: (from: Date, to: Date) => AsyncGenerator<T[]>): AsyncGenerator<T[]> {
    for (const w of splitWindow(from, to, PDD_MAX_WINDOW_MS)) yield* list(w.from, w.to);
  }

  return {
    channel: 'PDD',
    maxWindowMs: PDD_MAX_WINDOW_MS,
    authKind: 'oauth',
    authorizeUrl({ redirectUri, state }) {
      const q = new URLSearchParams({ response_type: 'code', client_id: endpoint.appKey, redirect_uri: redirectUri, state });
      return `${(endpoint.oauthUrl ?? PDD_OAUTH).replace(/\/+$/, '')}/open.html?${q}`;
    },
    async exchangeCode({ code }) {
      return shopToken(await call('pdd.pop.auth.token.create', { code }), ctx.now());
    },
    async refresh(refreshToken) {
      return shopToken(await call('pdd.pop.auth.token.refresh', { refresh_token: refreshToken }), ctx.now());
    },
    listOrders(q) {
      return windows(q.modifiedFrom, q.modifiedTo, (from, to) => {
        const w = windowParams(from, to);
        return pageBackwards<NormalizedOrder>(
          async (page) => {
            const node = await call(
              'pdd.order.number.list.increment.get',
              {
                start_updated_at: w.start,
                end_updated_at: w.end,
                order_status: 5,
                refund_status: 5,
                is_lucky_flag: 0,
                page,
                page_size: pageSize,
                use_has_next: false,
              },
              q.token,
            );
            return { items: arr(node.order_sn_list).map((o) => orderFromWire(obj(o))), total: num(node.total_count) || 0 };
          },
          { pageSize, firstPage: 1, idOf: (o) => o.platformOrderId },
        );
      });
    },
    async getOrder({ token, platformOrderId }) {
      const node = await call('pdd.order.information.get', { order_sn: platformOrderId }, token);
      return orderFromWire(obj(node.order_info));
    },
    listRefunds(q) {
      return windows(q.modifiedFrom, q.modifiedTo, (from, to) => {
        const w = windowParams(from, to);
        return pageBackwards<NormalizedRefund>(
          async (page) => {
            // after_sales_status 1 = every status, after_sales_type 1 = every type (⚠ "1 = all" for the status is an assumption).
            const node = await call(
              'pdd.refund.list.increment.get',
              { after_sales_status: 1, after_sales_type: 1, start_updated_at: w.start, end_updated_at: w.end, page, page_size: pageSize },
              q.token,
            );
            return { items: arr(node.refund_list).map((r) => refundFromWire(obj(r))), total: num(node.total_count) || 0 };
          },
          { pageSize, firstPage: 1, idOf: (r) => r.platformRefundId },
        );
      });
    },
    async shipNotify(n) {
      const logisticsId = platformCourier(PDD_COURIERS, n.courierCode, '拼多多');
      // PDD ships the whole order (one goods per order), so split lines do not apply.
      const node = await call('pdd.logistics.online.send', { order_sn: n.platformOrderId, logistics_id: logisticsId, tracking_number: n.trackingNo }, n.token);
      if (node.is_success !== true) throw new ChannelError('BAD_REQUEST', 'ship_failed', `拼多多发货失败（${n.platformOrderId}）`);
    },
    decryptBatchMax: PDD_DECRYPT_MAX,
    decryptReceivers: pddDecryptReceivers(ctx, (type, biz, token) => pddCall(ctx, type, biz, token)),
    refundAnswerable: true,
    answerRefund: pddAnswerRefund(ctx, call),
  };
}
