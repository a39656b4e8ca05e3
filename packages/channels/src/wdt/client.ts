/**
 * WDT (旺店通 ERP 企业版 openapi2) client (protocols.md §9): form POSTs to
 * `<gateway>/<name>.php` with sid, appkey, timestamp (unix s) and the length-prefixed MD5 sign.
 * The seller types the ERP's appkey / appsecret (the endpoint) and sid (卖家账号, the "code"; when
 * the form has no sid field it is read from the appkey, which WDT issues as "<sid>-<suffix>").
 * There is no token: the sid is the shop's token and never expires unless WDT refuses the keys.
 * trade_query / refund_query: a closed modified-time range of at most 60 minutes, pages from 0.
 */

import { ERP_NO_EXPIRY, inclusiveRange } from '../km/client.ts';
import { clientContext, joinUrl, type MarketplaceClientFactory } from '../marketplace/client-options.ts';
import { plainReceiversOnly } from '../marketplace/decrypt.ts';
import { arr, httpJson, type Json, num, obj, str } from '../marketplace/http.ts';
import { pageBackwards } from '../marketplace/paging.ts';
import { refundUnanswerable } from '../marketplace/refund-answer.ts';
import { ChannelError, type MarketplaceClient } from '../marketplace/types.ts';
import { WDT_LOGISTICS_TYPES } from './codes.ts';
import { wdtError } from './errors.ts';
import { wdtSign } from './sign.ts';
import { wdtOrderFromWire, wdtRefundFromWire } from './wire.ts';

export const WDT_GATEWAY = 'https://api.wangdian.cn/openapi2';
export const WDT_MAX_WINDOW_MS = 60 * 60_000;
const PAGE_MAX = 100;

/** The sid a WDT 接口账号 belongs to: "szzxs2-gwa" → "szzxs2"; an appkey without "-" is taken whole. */
export function wdtSidOf(appKey: string): string {
  const i = appKey.lastIndexOf('-');
  return i > 0 ? appKey.slice(0, i) : appKey;
}

export const createWdtClient: MarketplaceClientFactory = (endpoint, opts = {}) => {
  const ctx = clientContext(endpoint, opts);

  async function callOnce(api: string, sid: string, biz: Record<string, string | number | undefined>): Promise<Json> {
    const params: Record<string, string> = { sid, appkey: endpoint.appKey, timestamp: String(Math.floor(ctx.now().getTime() / 1000)) };
    for (const [k, v] of Object.entries(biz)) if (v !== undefined) params[k] = String(v);
    params.sign = wdtSign(params, endpoint.appSecret);
    const body = obj(await httpJson({ fetch: ctx.fetch, url: joinUrl(endpoint.gatewayUrl || WDT_GATEWAY, api), form: params, timeoutMs: ctx.timeoutMs }));
    if (num(body.code) !== 0) throw wdtError(body);
    return body;
  }
  const call = (api: string, sid: string, biz: Record<string, string | number | undefined> = {}) => ctx.retry(() => callOnce(api, sid, biz));

  function range(from: Date, to: Date) {
    const span = to.getTime() - from.getTime();
    if (span <= 0 || span > WDT_MAX_WINDOW_MS) throw new ChannelError('BAD_REQUEST', '100', '旺店通：查询时间不能大于60分钟');
    const r = inclusiveRange(from, to);
    return { start_time: r.startTime, end_time: r.endTime };
  }

  /** Pages from 0, last page first; `rows` names the list in the answer. */
  function pages<T>(api: string, sid: string, biz: Json, rows: string, map: (raw: unknown) => T, idOf: (t: T) => string) {
    const pageSize = ctx.pageSize(PAGE_MAX);
    return pageBackwards(
      async (pageNo) => {
        const body = await call(api, sid, { ...(biz as Record<string, string>), page_no: pageNo, page_size: pageSize });
        return { items: arr(body[rows]).map(map), total: num(body.total_count) || 0 };
      },
      { pageSize, firstPage: 0, idOf },
    );
  }

  return {
    channel: 'WDT',
    maxWindowMs: WDT_MAX_WINDOW_MS,
    authKind: 'appKey',
    authorizeUrl() {
      throw new ChannelError('BAD_REQUEST', 'no_oauth', '旺店通不走授权页：请填写旺店通的卖家账号（sid）、接口账号（appkey）和接口密钥（appsecret）');
    },
    async exchangeCode({ code }) {
      const sid = code.trim() || wdtSidOf(endpoint.appKey.trim());
      if (!sid) throw new ChannelError('BAD_REQUEST', 'no_sid', '请填写旺店通卖家账号（sid）');
      // shop.php (⚠) is the cheapest call that needs valid keys; it also names the ERP's shops.
      const first = obj(arr((await call('shop.php', sid, { page_no: 0, page_size: 20 })).shoplist)[0]);
      return { accessToken: sid, expiresAt: ERP_NO_EXPIRY, platformShopId: sid, shopName: str(first.shop_name) || `旺店通（${sid}）` };
    },
    refresh() {
      return Promise.reject(new ChannelError('BAD_REQUEST', 'no_refresh', '旺店通没有授权令牌可刷新：接口账号失效时请重新填写'));
    },
    async *listOrders(q) {
      yield* pages('trade_query.php', q.token, range(q.modifiedFrom, q.modifiedTo), 'trades', wdtOrderFromWire, (o) => o.platformOrderId);
    },
    async getOrder({ token, platformOrderId }) {
      const row = arr((await call('trade_query.php', token, { src_tid: platformOrderId, page_no: 0, page_size: 20 })).trades)[0];
      if (!row) throw new ChannelError('NOT_FOUND', '100', `旺店通：未找到订单 ${platformOrderId}`);
      return wdtOrderFromWire(row);
    },
    async *listRefunds(q) {
      yield* pages('refund_query.php', q.token, range(q.modifiedFrom, q.modifiedTo), 'refunds', wdtRefundFromWire, (r) => r.platformRefundId);
    },
    async shipNotify(n) {
      const logisticsType = WDT_LOGISTICS_TYPES[n.courierCode];
      if (logisticsType === undefined) throw new ChannelError('BAD_REQUEST', 'logistics_type', `旺店通不支持的快递公司：${n.courierCode}`);
      await call('trade_logistics_upload.php', n.token, {
        src_tid: n.platformOrderId,
        logistics_type: logisticsType,
        logistics_no: n.trackingNo,
        src_oids: n.platformItemIds?.join(','),
      });
    },
    // Receivers come in clear: nothing to decrypt.
    decryptBatchMax: 0,
    decryptReceivers: plainReceiversOnly('旺店通'),
    // An ERP: refunds are answered on the marketplace itself, not through the ERP.
    refundAnswerable: false,
    answerRefund: refundUnanswerable,
  } satisfies MarketplaceClient;
};
