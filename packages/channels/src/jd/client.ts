/**
 * JD JOS (宙斯) client, protocols.md §2: signed POSTs to routerjson with all business params in
 * 360buy_param_json, OAuth on open-oauth.jd.com (token and refresh are GETs), orders by modified
 * time (≤ 1 month per call; read from the last page backwards), refund applications, shipment.
 */
import { formatChinaTime } from '../marketplace/china-time.ts';
import { type ClientContext, clientContext, type MarketplaceClientOptions } from '../marketplace/client-options.ts';
import { type CourierCode, platformCourier } from '../marketplace/couriers.ts';
import { arr, httpJson, type Json, num, obj, str } from '../marketplace/http.ts';
import { pageBackwards } from '../marketplace/paging.ts';
import { answerRefundWith } from '../marketplace/refund-answer.ts';
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
import { JD_DECRYPT_MAX, jdDecryptReceivers } from './decrypt.ts';
import { jdSign } from './sign.ts';
import { JD_OPTIONAL_FIELDS, JD_ORDER_STATES, orderFromWire, refundFromWire } from './wire.ts';

export const JD_GATEWAY = 'https://api.jd.com/routerjson';
export const JD_OAUTH = 'https://open-oauth.jd.com';
/** "≤ 1 month" per enSearch call, taken as 30 days. */
export const JD_MAX_WINDOW_MS = 30 * 86400_000;
const PAGE_MAX = 100;
const REFUND_PAGE_MAX = 50;
/** The seller's review of a refund application (商家审核退款单). */
export const JD_REFUND_REPLY = 'jingdong.pop.afs.soa.refundapply.replyRefund';

/** Our courier → JD logiCoprId. ⚠ Ids from general knowledge (only 1274 厂家自送 is from a source). */
export const JD_COURIERS: Partial<Record<CourierCode, string>> = {
  YTO: '463',
  EMS: '465',
  SF: '467',
  STO: '470',
  YUNDA: '1327',
  ZTO: '1499',
  YZXB: '2170',
  JD: '2087',
  DBKD: '3046',
  JTSD: '3178',
};

/** error_response code → kind. ⚠ JD's codes are not in our sources: 19 token, 14 signature, 85 limit, 66/67 service (assumed). */
export function jdErrorKind(code: string): ChannelErrorKind {
  if (code === '19' || code === '18') return 'TOKEN_EXPIRED';
  if (code === '14' || code === '15') return 'INVALID_SIGNATURE';
  if (code === '85' || code === '86') return 'RATE_LIMITED';
  if (code === '66' || code === '67' || code.startsWith('5')) return 'SERVER_ERROR';
  return 'BAD_REQUEST';
}

/** "jingdong.pop.order.enSearch" → "jingdong_pop_order_enSearch_responce" (JD's spelling). */
export const jdResponseKey = (method: string) => `${method.replace(/\./g, '_')}_responce`;

/** One signed gateway call (no retry): the `<method>_responce` node, or the mapped error. */
export async function jdCall(ctx: ClientContext, method: string, biz: Record<string, unknown>, accessToken?: string): Promise<Json> {
  const form: Record<string, string> = {
    method,
    app_key: ctx.endpoint.appKey,
    timestamp: formatChinaTime(ctx.now()),
    v: '2.0',
    '360buy_param_json': JSON.stringify(biz),
  };
  if (accessToken) form.access_token = accessToken;
  form.sign = jdSign(form, ctx.endpoint.appSecret);
  const body = obj(await httpJson({ fetch: ctx.fetch, url: ctx.endpoint.gatewayUrl, form, timeoutMs: ctx.timeoutMs }));
  if (body.error_response) {
    const e = obj(body.error_response);
    const code = str(e.code);
    throw new ChannelError(jdErrorKind(code), code, `京东：${str(e.zh_desc) || str(e.en_desc)}（${code}）`);
  }
  const node = body[jdResponseKey(method)];
  if (!node) throw new ChannelError('BAD_REQUEST', 'bad_response', `京东返回了无法识别的结果：${JSON.stringify(body).slice(0, 120)}`);
  return obj(node);
}

/** A business result's apiResult / success flag: failures name JD's own Chinese reason. */
function checkResult(r: Json, what: string): void {
  const api = r.apiResult === undefined ? r : obj(r.apiResult);
  if (api.success === false) {
    const text = str(api.chineseErr) || str(api.englishErr) || str(api.errorMessage) || '失败';
    throw new ChannelError(text.includes('不存在') ? 'NOT_FOUND' : 'BAD_REQUEST', str(api.code) || 'failed', `京东${what}：${text}`);
  }
}

export function createJdClient(endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): MarketplaceClient {
  const ctx = clientContext(endpoint, opts);
  const oauth = (endpoint.oauthUrl ?? JD_OAUTH).replace(/\/+$/, '');
  const pageSize = ctx.pageSize(PAGE_MAX);
  const refundPageSize = ctx.pageSize(REFUND_PAGE_MAX);
  const call = (method: string, biz: Record<string, unknown>, token?: string) => ctx.retry(() => jdCall(ctx, method, biz, token));

  /** Token answer + the shop (vender) it belongs to. */
  async function token(path: string, q: Record<string, string>): Promise<ShopToken> {
    const url = `${oauth}${path}?${new URLSearchParams({ app_key: endpoint.appKey, app_secret: endpoint.appSecret, ...q })}`;
    const t = obj(await ctx.retry(() => httpJson({ fetch: ctx.fetch, url, timeoutMs: ctx.timeoutMs })));
    if (!str(t.access_token)) {
      const code = str(t.code);
      throw new ChannelError(code === '401' ? 'INVALID_SIGNATURE' : 'BAD_REQUEST', code || 'bad_token', `京东授权失败：${str(t.msg) || '没有返回授权令牌'}`);
    }
    const now = ctx.now().getTime();
    const vender = obj(obj(await call('jingdong.seller.vender.info.get', {}, str(t.access_token))).vender_info_result);
    return {
      accessToken: str(t.access_token),
      refreshToken: str(t.refresh_token) || undefined,
      expiresAt: new Date(now + num(t.expires_in) * 1000),
      // JD does not say how long a refresh token lives (⚠): left undefined.
      refreshExpiresAt: undefined,
      platformShopId: str(vender.vender_id),
      shopName: str(vender.shop_name),
    };
  }

  const windowParams = (from: Date, to: Date) => ({ start: formatChinaTime(from), end: formatChinaTime(new Date(to.getTime() - 1)) });

  async function* listWindow(token: string, from: Date, to: Date): AsyncGenerator<NormalizedOrder[]> {
    const w = windowParams(from, to);
    yield* pageBackwards<NormalizedOrder>(
      async (page) => {
        const node = await call(
          'jingdong.pop.order.enSearch',
          {
            start_date: w.start,
            end_date: w.end,
            order_state: JD_ORDER_STATES,
            optional_fields: JD_OPTIONAL_FIELDS,
            page: String(page),
            page_size: String(pageSize),
            sortType: 1,
            dateType: 0,
          },
          token,
        );
        const result = obj(node.searchorderinfo_result);
        checkResult(result, '订单查询');
        return { items: arr(result.orderInfoList).map((o) => orderFromWire(obj(o))), total: num(result.orderTotal) || 0 };
      },
      { pageSize, firstPage: 1, idOf: (o) => o.platformOrderId },
    );
  }

  /** Refund applications changed in the window: audited in it (checkTime), or applied in it and not audited yet (applyTime). */
  async function* refundWindow(token: string, from: Date, to: Date): AsyncGenerator<NormalizedRefund[]> {
    const w = windowParams(from, to);
    const seen = new Set<string>();
    for (const by of [
      { checkTimeStart: w.start, checkTimeEnd: w.end },
      { applyTimeStart: w.start, applyTimeEnd: w.end },
    ]) {
      const pages = pageBackwards<NormalizedRefund>(
        async (page) => {
          const node = await call('jingdong.pop.afs.soa.refundapply.queryPageList', { ...by, pageIndex: page, pageSize: refundPageSize }, token);
          const result = obj(node.queryResult);
          checkResult(result, '退款查询');
          return { items: arr(result.result).map((r) => refundFromWire(obj(r))), total: num(result.totalCount) || 0 };
        },
        { pageSize: refundPageSize, firstPage: 1, idOf: (r) => r.platformRefundId },
      );
      for await (const page of pages) {
        const fresh = page.filter((r) => !seen.has(r.platformRefundId) && seen.add(r.platformRefundId));
        if (fresh.length) yield fresh;
      }
    }
  }

  return {
    channel: 'JD',
    maxWindowMs: JD_MAX_WINDOW_MS,
    authKind: 'oauth',
    authorizeUrl({ redirectUri, state }) {
      const q = new URLSearchParams({ app_key: endpoint.appKey, response_type: 'code', redirect_uri: redirectUri, state, scope: 'snsapi_base' });
      return `${oauth}/oauth2/to_login?${q}`;
    },
    exchangeCode: ({ code }) => token('/oauth2/access_token', { grant_type: 'authorization_code', code }),
    refresh: (refreshToken) => token('/oauth2/refresh_token', { grant_type: 'refresh_token', refresh_token: refreshToken }),
    async *listOrders(q) {
      for (const w of splitWindow(q.modifiedFrom, q.modifiedTo, JD_MAX_WINDOW_MS)) yield* listWindow(q.token, w.from, w.to);
    },
    async getOrder({ token, platformOrderId }) {
      const node = await call('jingdong.pop.order.enGet', { order_id: platformOrderId, optional_fields: JD_OPTIONAL_FIELDS }, token);
      const detail = obj(node.orderDetailInfo);
      checkResult(detail, '订单详情');
      return orderFromWire(obj(detail.orderInfo));
    },
    async *listRefunds(q) {
      for (const w of splitWindow(q.modifiedFrom, q.modifiedTo, JD_MAX_WINDOW_MS)) yield* refundWindow(q.token, w.from, w.to);
    },
    async shipNotify(n) {
      const logiCoprId = platformCourier(JD_COURIERS, n.courierCode, '京东');
      const node = await call('jingdong.pop.order.shipment', { orderId: n.platformOrderId, logiCoprId, logiNo: n.trackingNo }, n.token);
      checkResult(obj(node.sopjosshipment_result), '发货');
    },
    decryptBatchMax: JD_DECRYPT_MAX,
    decryptReceivers: jdDecryptReceivers(ctx, (method, biz, token) => jdCall(ctx, method, biz, token)),
    refundAnswerable: true,
    // jingdong.pop.afs.soa.refundapply.replyRefund: status 1 审核通过 / 2 审核不通过, remark required, rejectType
    // on refusals (5 其他). ⚠ checkUserName is any operator name (SDKs default one); outWareStatus is left out.
    answerRefund: (p) =>
      answerRefundWith('京东', p, async () => {
        const node = await call(
          JD_REFUND_REPLY,
          {
            status: p.agree ? '1' : '2',
            id: p.platformRefundId,
            checkUserName: endpoint.extra?.checkUserName ?? '代发助手',
            remark: p.reason?.trim() || '同意退款',
            ...(p.agree ? {} : { rejectType: 5 }),
          },
          p.token,
        );
        checkResult(obj(node.replyResult), '退款审核');
      }),
  };
}
