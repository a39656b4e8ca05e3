/**
 * Kuaishou shop (快手小店) open-platform client (protocols.md §5). Every call is a form POST to
 * `<gateway>/<method with . → />` carrying appkey, method, version=1, param (business JSON),
 * access_token, timestamp (ms), signMethod=HMAC_SHA256 and sign. Orders page by cursor
 * ("" first, "nomore" at the end) inside a modified-time window of at most 7 days.
 */
import { clientContext, joinUrl, type MarketplaceClientFactory } from '../marketplace/client-options.ts';
import { arr, httpJson, type Json, num, obj, str } from '../marketplace/http.ts';
import {
  ChannelError,
  type MarketplaceClient,
  type NormalizedOrder,
  type NormalizedRefund,
  type OrderWindowQuery,
  type ShopToken,
} from '../marketplace/types.ts';
import { KS_EXPRESS_CODES } from './codes.ts';
import { KS_DECRYPT_MAX, ksDecryptReceivers } from './decrypt.ts';
import { ksError, ksOAuthError } from './errors.ts';
import { ksAnswerRefund } from './refund.ts';
import { type KuaishouSignMethod, kuaishouSign } from './sign.ts';
import { ksOrderFromWire, ksRefundFromWire } from './wire.ts';

export const KUAISHOU_GATEWAY = 'https://openapi.kwaixiaodian.com';
export const KUAISHOU_OAUTH = 'https://open.kwaixiaodian.com';
export const KUAISHOU_MAX_WINDOW_MS = 7 * 24 * 3600_000;
const PAGE_MAX = 100;
const SCOPES = 'user_info,merchant_user,merchant_order,merchant_refund,merchant_logistics';
/** The cursor Kuaishou answers on the last page. */
export const KS_CURSOR_END = 'nomore';

/**
 * Kuaishou apps have an appSecret (OAuth) and a separate signSecret (signing). The endpoint's
 * appSecret holds "appSecret:signSecret"; a lone value serves both.
 */
export function splitKuaishouSecret(appSecret: string): { appSecret: string; signSecret: string } {
  const i = appSecret.indexOf(':');
  return i < 0 ? { appSecret, signSecret: appSecret } : { appSecret: appSecret.slice(0, i), signSecret: appSecret.slice(i + 1) };
}

export const createKuaishouClient: MarketplaceClientFactory = (endpoint, opts = {}) => {
  const ctx = clientContext(endpoint, opts);
  const secrets = splitKuaishouSecret(endpoint.appSecret);
  const signMethod: KuaishouSignMethod = 'HMAC_SHA256';

  async function callOnce(method: string, token: string, biz: Json): Promise<unknown> {
    const params: Record<string, string> = {
      appkey: endpoint.appKey,
      method,
      version: '1',
      param: JSON.stringify(biz),
      access_token: token,
      timestamp: String(ctx.now().getTime()),
      signMethod,
    };
    params.sign = kuaishouSign(params, secrets.signSecret, signMethod);
    const body = obj(
      await httpJson({ fetch: ctx.fetch, url: joinUrl(endpoint.gatewayUrl, method.replace(/\./g, '/')), form: params, timeoutMs: ctx.timeoutMs }),
    );
    if (num(body.result) !== 1) throw ksError(body);
    return body.data;
  }
  /** Signed afresh on every try: the timestamp must stay inside the gateway's tolerance. */
  const call = (method: string, token: string, biz: Json) => ctx.retry(() => callOnce(method, token, biz));

  function checkWindow(q: OrderWindowQuery) {
    const span = q.modifiedTo.getTime() - q.modifiedFrom.getTime();
    if (span <= 0 || span > KUAISHOU_MAX_WINDOW_MS) throw new ChannelError('BAD_REQUEST', '300004', '快手：查询范围不能大于7天');
  }

  async function tokenFrom(body: Json): Promise<ShopToken> {
    if (num(body.result) !== 1 || !str(body.access_token)) throw ksOAuthError(body);
    const now = ctx.now().getTime();
    const accessToken = str(body.access_token);
    const shop = obj(await call('open.shop.info.get', accessToken, {}));
    const refreshIn = num(body.refresh_token_expires_in);
    return {
      accessToken,
      refreshToken: str(body.refresh_token) || undefined,
      expiresAt: new Date(now + num(body.expires_in) * 1000),
      // The refresh token lives 180 days when the answer does not say (APP授权说明).
      refreshExpiresAt: new Date(now + (Number.isFinite(refreshIn) && refreshIn > 0 ? refreshIn : 180 * 86_400) * 1000),
      platformShopId: str(body.open_id),
      shopName: str(shop.shopName),
    };
  }

  async function oauth(path: string, params: Record<string, string>, method: 'GET' | 'POST'): Promise<ShopToken> {
    const url = new URL(joinUrl(endpoint.gatewayUrl, path));
    if (method === 'GET') for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const body = await ctx.retry(() =>
      httpJson({ fetch: ctx.fetch, url: url.toString(), method, form: method === 'POST' ? params : undefined, timeoutMs: ctx.timeoutMs }),
    );
    return tokenFrom(obj(body));
  }

  /** Cursor paging shared by orders and refunds: `read` picks the rows and the next cursor. */
  async function* cursorPages<T>(method: string, token: string, biz: Json, cursorKey: string, rowsKey: string, map: (row: unknown) => T): AsyncGenerator<T[]> {
    let cursor = '';
    for (let guard = 0; guard < 10_000; guard++) {
      const data = obj(await call(method, token, { ...biz, [cursorKey]: cursor }));
      const rows = arr(data[rowsKey]).map(map);
      if (rows.length) yield rows;
      const next = str(data[cursorKey]);
      if (!next || next === KS_CURSOR_END || next === cursor) return;
      cursor = next;
    }
  }

  return {
    channel: 'KUAISHOU',
    maxWindowMs: KUAISHOU_MAX_WINDOW_MS,
    authKind: 'oauth',
    authorizeUrl({ redirectUri, state }) {
      const url = new URL(joinUrl(endpoint.oauthUrl ?? KUAISHOU_OAUTH, 'oauth/authorize'));
      url.search = new URLSearchParams({ app_id: endpoint.appKey, redirect_uri: redirectUri, scope: SCOPES, response_type: 'code', state }).toString();
      return url.toString();
    },
    exchangeCode({ code }) {
      return oauth('oauth2/access_token', { app_id: endpoint.appKey, grant_type: 'code', code, app_secret: secrets.appSecret }, 'GET');
    },
    refresh(refreshToken) {
      return oauth(
        'oauth2/refresh_token',
        { grant_type: 'refresh_token', refresh_token: refreshToken, app_id: endpoint.appKey, app_secret: secrets.appSecret },
        'POST',
      );
    },
    async *listOrders(q) {
      checkWindow(q);
      const biz = {
        orderViewStatus: 1,
        pageSize: ctx.pageSize(PAGE_MAX),
        sort: 1,
        queryType: 2,
        beginTime: q.modifiedFrom.getTime(),
        endTime: q.modifiedTo.getTime(),
        cpsType: 0,
      };
      yield* cursorPages<NormalizedOrder>('open.order.cursor.list', q.token, biz, 'cursor', 'orderList', ksOrderFromWire);
    },
    async getOrder({ token, platformOrderId }) {
      return ksOrderFromWire(await call('open.order.detail', token, { oid: platformOrderId }));
    },
    async *listRefunds(q) {
      checkWindow(q);
      const biz = { beginTime: q.modifiedFrom.getTime(), endTime: q.modifiedTo.getTime(), type: 9, queryType: 2, pageSize: ctx.pageSize(PAGE_MAX), sort: 1 };
      yield* cursorPages<NormalizedRefund>('open.seller.order.refund.pcursor.list', q.token, biz, 'pcursor', 'refundOrderInfoList', ksRefundFromWire);
    },
    async shipNotify(n) {
      const expressCode = KS_EXPRESS_CODES[n.courierCode];
      if (expressCode === undefined) throw new ChannelError('BAD_REQUEST', 'express_code', `快手不支持的快递公司：${n.courierCode}`);
      await call('open.seller.order.goods.deliver', n.token, { orderId: n.platformOrderId, expressNo: n.trackingNo, expressCode });
    },
    decryptBatchMax: KS_DECRYPT_MAX,
    decryptReceivers: ksDecryptReceivers(ctx, callOnce),
    refundAnswerable: true,
    answerRefund: ksAnswerRefund(ctx, call),
  } satisfies MarketplaceClient;
};
