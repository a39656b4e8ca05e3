/**
 * KM (快麦 ERP) open API client (protocols.md §8): form POSTs to the router with method, appKey,
 * timestamp (China time), format=json, version=1.0, sign_method=hmac, session and the TOP-style
 * sign. The seller types the ERP's appKey / appSecret (the endpoint) and session (the "code",
 * optionally "session:refreshToken"); exchangeCode checks them with erp.shop.list.query.
 */

import { formatChinaTime } from '../marketplace/china-time.ts';
import { clientContext, type MarketplaceClientFactory } from '../marketplace/client-options.ts';
import { plainReceiversOnly } from '../marketplace/decrypt.ts';
import { arr, httpJson, type Json, num, obj, str } from '../marketplace/http.ts';
import { pageBackwards } from '../marketplace/paging.ts';
import { refundUnanswerable } from '../marketplace/refund-answer.ts';
import { ChannelError, type MarketplaceClient, type ShopToken } from '../marketplace/types.ts';
import { KM_CP_CODES } from './codes.ts';
import { kmError } from './errors.ts';
import { kmSign } from './sign.ts';
import { kmOrderFromWire, kmRefundFromWire } from './wire.ts';

export const KM_GATEWAY = 'https://gw.superboss.cc/router';
/** KM advises at most one day per query (public KM integration notes, ⚠). */
export const KM_MAX_WINDOW_MS = 24 * 3600_000;
const PAGE_MAX = 100;
/** KM sessions last about 30 days (⚠); we plan the refresh a day early. */
const SESSION_TTL_MS = 29 * 86_400_000;
/** "Does not expire unless the ERP says so." */
export const ERP_NO_EXPIRY = new Date('2099-12-31T16:00:00Z');

/** "appSecret" or "appSecret:session" (the form has no Session field of its own). */
export function parseKmSecret(appSecret: string): { secret: string; session?: string } {
  const i = appSecret.indexOf(':');
  return i < 0 ? { secret: appSecret } : { secret: appSecret.slice(0, i), session: appSecret.slice(i + 1).trim() || undefined };
}

/** "session" or "session:refreshToken", as the seller pasted it from the KM console. */
export function parseKmCode(code: string): { session: string; refreshToken?: string } {
  const [session = '', refreshToken] = code.trim().split(':');
  return { session: session.trim(), refreshToken: refreshToken?.trim() || undefined };
}

/**
 * [from, to) → an inclusive second-precision range (KM, WDT): from the first whole second at or after
 * `from` to the last one before `to`. Rounding `from` down instead made back-to-back windows that split
 * inside a second both include that second, so an order modified then came back twice.
 */
export function inclusiveRange(from: Date, to: Date): { startTime: string; endTime: string } {
  const firstSecond = Math.ceil(from.getTime() / 1000) * 1000;
  // A window shorter than a second that holds no whole second still sends start ≤ end (platforms refuse the reverse).
  const lastSecond = Math.max(firstSecond, Math.ceil(to.getTime() / 1000) * 1000 - 1000);
  return { startTime: formatChinaTime(new Date(firstSecond)), endTime: formatChinaTime(new Date(lastSecond)) };
}

export const createKmClient: MarketplaceClientFactory = (endpoint, opts = {}) => {
  const ctx = clientContext(endpoint, opts);
  const keys = parseKmSecret(endpoint.appSecret);

  async function callOnce(method: string, session: string | undefined, biz: Record<string, string | number | undefined>): Promise<Json> {
    const params: Record<string, string> = {
      method,
      appKey: endpoint.appKey,
      timestamp: formatChinaTime(ctx.now()),
      format: 'json',
      version: '1.0',
      sign_method: 'hmac',
    };
    if (session) params.session = session;
    for (const [k, v] of Object.entries(biz)) if (v !== undefined) params[k] = String(v);
    params.sign = kmSign(params, keys.secret, 'hmac');
    const body = obj(await httpJson({ fetch: ctx.fetch, url: endpoint.gatewayUrl || KM_GATEWAY, form: params, timeoutMs: ctx.timeoutMs }));
    if (body.success !== true) throw kmError(body);
    return body;
  }
  const call = (method: string, session: string | undefined, biz: Record<string, string | number | undefined> = {}) =>
    ctx.retry(() => callOnce(method, session, biz));

  function checkWindow(from: Date, to: Date) {
    const span = to.getTime() - from.getTime();
    if (span <= 0 || span > KM_MAX_WINDOW_MS) throw new ChannelError('BAD_REQUEST', '20020', '快麦ERP：查询时间跨度不能超过1天');
  }

  /** The company behind the keys (erp.shop.list.query rows carry companyId / companyName, ⚠). */
  async function shopOf(session: string): Promise<{ platformShopId: string; shopName: string }> {
    const first = obj(arr((await call('erp.shop.list.query', session, { pageNo: 1, pageSize: 20 })).list)[0]);
    return { platformShopId: str(first.companyId), shopName: str(first.companyName) };
  }

  return {
    channel: 'KM',
    maxWindowMs: KM_MAX_WINDOW_MS,
    authKind: 'appKey',
    authorizeUrl() {
      throw new ChannelError('BAD_REQUEST', 'no_oauth', '快麦ERP不走授权页：请填写快麦开放平台的 AppKey、AppSecret 和 Session');
    },
    async exchangeCode({ code }) {
      const { session, refreshToken } = code.trim() ? parseKmCode(code) : { session: keys.session ?? '', refreshToken: undefined };
      if (!session) throw new ChannelError('BAD_REQUEST', 'no_session', '请填写快麦ERP的 Session（写在 AppSecret 后面，用英文冒号隔开）');
      const shop = await shopOf(session);
      const expiresAt = refreshToken ? new Date(ctx.now().getTime() + SESSION_TTL_MS) : ERP_NO_EXPIRY;
      return { accessToken: session, refreshToken, expiresAt, ...shop } satisfies ShopToken;
    },
    async refresh(refreshToken) {
      const s = obj((await call('open.token.refresh', undefined, { refreshToken })).session);
      const accessToken = str(s.accessToken);
      const expiresIn = num(s.expiresIn);
      const expiresAt = new Date(ctx.now().getTime() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : SESSION_TTL_MS));
      return { accessToken, refreshToken: str(s.refreshToken) || refreshToken, expiresAt, ...(await shopOf(accessToken)) };
    },
    async *listOrders(q) {
      checkWindow(q.modifiedFrom, q.modifiedTo);
      const pageSize = ctx.pageSize(PAGE_MAX);
      const base = { timeType: 'upd_time', ...inclusiveRange(q.modifiedFrom, q.modifiedTo), pageSize };
      yield* pageBackwards(
        async (pageNo) => {
          const body = await call('erp.trade.list.query', q.token, { ...base, pageNo });
          return { items: arr(body.list).map(kmOrderFromWire), total: num(body.total) || 0 };
        },
        { pageSize, firstPage: 1, idOf: (o) => o.platformOrderId },
      );
    },
    async getOrder({ token, platformOrderId }) {
      const row = arr((await call('erp.trade.list.query', token, { tid: platformOrderId, pageNo: 1, pageSize: 20 })).list)[0];
      if (!row) throw new ChannelError('NOT_FOUND', '20030', `快麦ERP：订单不存在 ${platformOrderId}`);
      return kmOrderFromWire(row);
    },
    async *listRefunds(q) {
      checkWindow(q.modifiedFrom, q.modifiedTo);
      const pageSize = ctx.pageSize(PAGE_MAX);
      const base = { timeType: 'modified', ...inclusiveRange(q.modifiedFrom, q.modifiedTo), pageSize };
      yield* pageBackwards(
        async (pageNo) => {
          const body = await call('erp.aftersale.list.query', q.token, { ...base, pageNo });
          return { items: arr(body.list).map(kmRefundFromWire), total: num(body.total) || 0 };
        },
        { pageSize, firstPage: 1, idOf: (r) => r.platformRefundId },
      );
    },
    async shipNotify(n) {
      const cpCode = KM_CP_CODES[n.courierCode];
      if (!cpCode) throw new ChannelError('BAD_REQUEST', 'cp_code', `快麦ERP不支持的快递公司：${n.courierCode}`);
      await call('erp.trade.consign.upload', n.token, { tid: n.platformOrderId, outSid: n.trackingNo, cpCode, oids: n.platformItemIds?.join(',') });
    },
    // Receivers come in clear: nothing to decrypt.
    decryptBatchMax: 0,
    decryptReceivers: plainReceiversOnly('快麦ERP'),
    // An ERP: refunds are answered on the marketplace itself, not through the ERP.
    refundAnswerable: false,
    answerRefund: refundUnanswerable,
  } satisfies MarketplaceClient;
};
