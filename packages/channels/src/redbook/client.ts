/**
 * Xiaohongshu (小红书 Ark) client (protocols.md §6): one JSON POST endpoint, system params appId /
 * method / timestamp (s) / version 2.0 / sign / accessToken with the business fields beside them.
 * Orders: getOrderList by update time (≤ 30 min, last page first), then getOrderDetail per order,
 * getOrderReceiverInfo and data.batchDesensitise per page. verifyShop backs the product's
 * POST /api/b2/shop/redBook/verify.
 */
import { clientContext, joinUrl, type MarketplaceClientOptions } from '../marketplace/client-options.ts';
import { arr, httpJson, type Json, num, obj, str } from '../marketplace/http.ts';
import { pageBackwards } from '../marketplace/paging.ts';
import { type ChannelEndpoint, ChannelError, type MarketplaceClient, type NormalizedOrder, type ShopToken } from '../marketplace/types.ts';
import { XHS_EXPRESS_CODES } from './codes.ts';
import { XHS_DECRYPT_MAX, xhsDecryptReceivers } from './decrypt.ts';
import { xhsError } from './errors.ts';
import { xhsAnswerRefund } from './refund.ts';
import { redBookSign } from './sign.ts';
import { xhsOrderFromWire, xhsRefundFromWire } from './wire.ts';

export const REDBOOK_GATEWAY = 'https://ark.xiaohongshu.com/ark/open_api/v3/common_controller';
export const REDBOOK_OAUTH = 'https://ark.xiaohongshu.com';
export const REDBOOK_MAX_WINDOW_MS = 30 * 60_000;
const PAGE_MAX = 100;
/** data.batchDesensitise takes at most 100 ciphertexts a call. */
const DESENSITISE_MAX = 100;
const RECEIVER_BATCH = 50;

export interface RedBookShopCheck {
  /** false: the authorization no longer works (expired, revoked): the seller must authorize again. */
  valid: boolean;
  platformShopId?: string;
  shopName?: string;
  reason?: string;
}

export interface RedBookClient extends MarketplaceClient {
  /** A cheap seller-scoped call (common.getSellerKeyInfo) telling whether the token still works. */
  verifyShop(token: string): Promise<RedBookShopCheck>;
}

const chunks = <T>(list: T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

export function createRedBookClient(endpoint: ChannelEndpoint, opts: MarketplaceClientOptions = {}): RedBookClient {
  const ctx = clientContext(endpoint, opts);

  async function callOnce(method: string, token: string | undefined, biz: Json): Promise<Json> {
    const sys = { appId: endpoint.appKey, method, timestamp: String(Math.floor(ctx.now().getTime() / 1000)), version: '2.0' };
    const body = { ...biz, ...sys, sign: redBookSign(sys, endpoint.appSecret), ...(token ? { accessToken: token } : {}) };
    const answer = obj(await httpJson({ fetch: ctx.fetch, url: endpoint.gatewayUrl || REDBOOK_GATEWAY, json: body, timeoutMs: ctx.timeoutMs }));
    if (num(answer.error_code) !== 0 || answer.success === false) throw xhsError(answer);
    return obj(answer.data);
  }
  const call = (method: string, token: string | undefined, biz: Json) => ctx.retry(() => callOnce(method, token, biz));

  function checkWindow(from: Date, to: Date) {
    const span = to.getTime() - from.getTime();
    if (span <= 0 || span > REDBOOK_MAX_WINDOW_MS) throw new ChannelError('BAD_REQUEST', 'window', '小红书：按更新时间查询的时间范围不能超过30分钟');
  }

  function tokenOf(d: Json): ShopToken {
    return {
      accessToken: str(d.accessToken),
      refreshToken: str(d.refreshToken) || undefined,
      expiresAt: new Date(num(d.accessTokenExpiresAt)),
      refreshExpiresAt: Number.isFinite(num(d.refreshTokenExpiresAt)) ? new Date(num(d.refreshTokenExpiresAt)) : undefined,
      platformShopId: str(d.sellerId),
      shopName: str(d.sellerName),
    };
  }

  /** Detail per order, then receivers and their desensitised texts in batches. */
  async function fullOrders(token: string, ids: string[]): Promise<NormalizedOrder[]> {
    const details: Json[] = [];
    for (const orderId of ids) details.push(await call('order.getOrderDetail', token, { orderId }));
    const receivers = new Map<string, Json>();
    for (const part of chunks(details, RECEIVER_BATCH)) {
      const data = await call('order.getOrderReceiverInfo', token, {
        receiverQueries: part.map((d) => ({ orderId: str(d.orderId), openAddressId: str(d.openAddressId) })),
        isReturn: false,
      });
      for (const r of arr(data.receiverInfos).map(obj)) receivers.set(str(r.orderId), r);
    }
    const infos = [...receivers.values()].flatMap((r) =>
      [r.receiverName, r.receiverPhone, r.receiverAddress].map((c) => ({ dataTag: str(r.orderId), encryptedData: str(c) })).filter((i) => i.encryptedData),
    );
    const masked = new Map<string, string>();
    for (const part of chunks(infos, DESENSITISE_MAX)) {
      const data = await call('data.batchDesensitise', token, { baseInfos: part, actionType: '1', appUserId: 'dropship' });
      for (const m of arr(data.desensitiseInfoList).map(obj)) masked.set(str(m.encryptedData), str(m.desensitisedData));
    }
    return details.map((d) => xhsOrderFromWire(d, receivers.get(str(d.orderId)) ?? {}, masked));
  }

  return {
    channel: 'REDBOOK',
    maxWindowMs: REDBOOK_MAX_WINDOW_MS,
    authKind: 'oauth',
    authorizeUrl({ redirectUri, state }) {
      const url = new URL(joinUrl(endpoint.oauthUrl ?? REDBOOK_OAUTH, 'ark/authorization'));
      url.search = new URLSearchParams({ appId: endpoint.appKey, redirectUri, state }).toString();
      return url.toString();
    },
    async exchangeCode({ code }) {
      return tokenOf(await call('oauth.getAccessToken', undefined, { code }));
    },
    async refresh(refreshToken) {
      return tokenOf(await call('oauth.refreshToken', undefined, { refreshToken }));
    },
    async *listOrders(q) {
      checkWindow(q.modifiedFrom, q.modifiedTo);
      const pageSize = ctx.pageSize(PAGE_MAX);
      const base = { startTime: Math.floor(q.modifiedFrom.getTime() / 1000), endTime: Math.floor(q.modifiedTo.getTime() / 1000), timeType: 2, pageSize };
      const pages = pageBackwards(
        async (pageNo) => {
          const data = await call('order.getOrderList', q.token, { ...base, pageNo });
          return { items: arr(data.orderList).map((o) => str(obj(o).orderId)), total: num(data.total) || 0 };
        },
        { pageSize, firstPage: 1, idOf: (id) => id },
      );
      for await (const ids of pages) yield await fullOrders(q.token, ids);
    },
    async getOrder({ token, platformOrderId }) {
      const [order] = await fullOrders(token, [platformOrderId]);
      if (!order) throw new ChannelError('NOT_FOUND', 'order', `小红书：订单不存在 ${platformOrderId}`);
      return order;
    },
    async *listRefunds(q) {
      checkWindow(q.modifiedFrom, q.modifiedTo);
      const pageSize = ctx.pageSize(PAGE_MAX);
      const base = { startTime: q.modifiedFrom.getTime(), endTime: q.modifiedTo.getTime(), timeType: 2, pageSize };
      yield* pageBackwards(
        async (pageNo) => {
          const data = await call('afterSale.listAfterSaleInfos', q.token, { ...base, pageNo });
          return { items: arr(data.afterSaleBasicInfos).map(xhsRefundFromWire), total: num(data.totalCount) || 0 };
        },
        { pageSize, firstPage: 1, idOf: (r) => r.platformRefundId },
      );
    },
    async shipNotify(n) {
      const expressCompanyCode = XHS_EXPRESS_CODES[n.courierCode];
      if (!expressCompanyCode) throw new ChannelError('BAD_REQUEST', 'express_code', `小红书不支持的快递公司：${n.courierCode}`);
      const split = n.platformItemIds?.length ? { unpack: true, skuIdList: n.platformItemIds } : {};
      await call('order.orderDeliver', n.token, { orderId: n.platformOrderId, expressNo: n.trackingNo, expressCompanyCode, ...split });
    },
    decryptBatchMax: XHS_DECRYPT_MAX,
    decryptReceivers: xhsDecryptReceivers(ctx, callOnce),
    refundAnswerable: true,
    answerRefund: xhsAnswerRefund(ctx, call),
    async verifyShop(token) {
      try {
        const d = await call('common.getSellerKeyInfo', token, {});
        return { valid: true, platformShopId: str(d.sellerId), shopName: str(d.sellerName) };
      } catch (e) {
        if (e instanceof ChannelError && e.kind === 'TOKEN_EXPIRED') return { valid: false, reason: e.message };
        throw e;
      }
    },
  };
}
