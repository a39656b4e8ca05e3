/**
 * The Weidian (微店) emulator handler: /weidian/api (the gateway: param + public JSON, no
 * signature), /weidian/token (self-use client_credential token of the default shop) and
 * /weidian/oauth/oauth2/{authorize,access_token,refresh_token} (服务型 OAuth, ⚠ shape assumed).
 * Answers Weidian's {status:{status_code,status_reason}, result} envelope.
 */
import { parseChinaTime } from '../marketplace/china-time.ts';
import { consentError, consentPage } from '../marketplace/consent-page.ts';
import { type ChannelCore, pageSlice, type TokenRecord } from '../marketplace/emulator-core.ts';
import { type ChannelEmulatorHandler, type EmulatorAnswer, type EmulatorRequest, json } from '../marketplace/emulator-types.ts';
import type { Json } from '../marketplace/http.ts';
import type { NormalizedOrder } from '../marketplace/types.ts';
import { WEIDIAN_MAX_WINDOW_MS } from './client.ts';
import { orderToWire, TO_WEIDIAN, WEIDIAN_REFUND, weidianRefundState } from './wire.ts';

const DAY = 86400_000;
const answer = (status_code: number, status_reason: string, result: unknown = null) => json({ status: { status_code, status_reason }, result });
const ok = (result: unknown) => answer(0, '', result);
const FAILURES = {
  RATE_LIMITED: () => answer(10020, '调用频率超过限制，请稍后再试'),
  TOKEN_EXPIRED: () => answer(10016, 'access_token已过期'),
  SERVER_ERROR: () => answer(10001, '系统错误，请稍后重试'),
  INVALID_SIGNATURE: () => answer(10012, 'appkey或secret错误'),
};

function tokenResult(t: TokenRecord, core: ChannelCore) {
  return {
    access_token: t.accessToken,
    expire_in: Math.round((t.expiresAt.getTime() - core.now().getTime()) / 1000),
    refresh_token: t.refreshToken,
    openid: `wd_${t.platformShopId}`,
  };
}

function parseJson(text: string | undefined): Json | undefined {
  try {
    const v = JSON.parse(text ?? '') as unknown;
    return v && typeof v === 'object' ? (v as Json) : undefined;
  } catch {
    return undefined;
  }
}

async function gateway(r: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const pub = parseJson(r.params.public);
  const param = parseJson(r.params.param ?? '{}');
  if (!pub || !param) return answer(10002, '参数错误：public 或 param 不是合法的 JSON');
  const failure = await core.nextFailure();
  if (failure) return FAILURES[failure]();
  const auth = core.checkToken(typeof pub.access_token === 'string' ? pub.access_token : undefined);
  if (!auth.ok) return auth.reason === 'expired' ? answer(10016, 'access_token已过期') : answer(10013, 'access_token无效');
  const shopId = auth.shop.platformShopId;
  const wire = (o: NormalizedOrder) =>
    orderToWire(weidianHandler.view(o, core), (lineId) => {
      const line = o.items.find((i) => (i.skuId ?? i.platformItemId) === lineId);
      const refund = [...core.refunds.values()].find((x) => x.refund.platformOrderId === o.platformOrderId && x.refund.platformItemId === line?.platformItemId);
      return refund && weidianHandler.viewRefund(refund.refund, core);
    });

  switch (pub.method) {
    case 'vdian.shop.get':
      return ok({ shop_id: shopId, shop_name: auth.shop.shopName });
    case 'vdian.order.list.get': {
      if (!['1.1', '1.2', '1.3', '1.4', '1.5'].includes(String(pub.version))) return answer(10002, '参数错误：vdian.order.list.get 请使用 version 1.1-1.5');
      const from = parseChinaTime(String(param.update_start ?? ''));
      const to = parseChinaTime(String(param.update_end ?? ''));
      if (!from || !to || to < from) return answer(10002, '参数错误：update_start / update_end 格式为 yyyy-MM-dd HH:mm:ss');
      if (to.getTime() - from.getTime() > WEIDIAN_MAX_WINDOW_MS) return answer(10002, '参数错误：查询时间范围不能超过31天');
      const page = Number(param.page_num ?? 1);
      const size = Number(param.page_size ?? 50);
      if (!(Number.isInteger(page) && page >= 1) || !(Number.isInteger(size) && size >= 1 && size <= 200))
        return answer(10002, '参数错误：page_num 从1开始，page_size 不超过200');
      const rows = core.ordersModifiedIn(shopId, from, new Date(to.getTime() + 1000));
      const orders = pageSlice(rows, page, size).map(wire);
      return ok({ total_num: rows.length, order_num: orders.length, orders });
    }
    case 'vdian.order.get': {
      const o = core.order(shopId, String(param.order_id ?? ''));
      return o ? ok(wire(o)) : answer(10004, '订单不存在');
    }
    case 'vdian.order.deliver': {
      const o = core.order(shopId, String(param.order_id ?? ''));
      if (!o) return answer(10004, '订单不存在');
      const type = Number(param.express_type);
      if (!Number.isInteger(type)) return answer(10002, '参数错误：express_type');
      if (type === 0 && !param.express_custom) return answer(10002, '参数错误：自定义快递须填写 express_custom');
      if (type !== 999 && !param.express_no) return answer(10002, '参数错误：express_no 不能为空');
      if (!core.canShip(o)) return answer(10002, '订单状态不允许发货');
      core.ship(shopId, {
        platformOrderId: o.platformOrderId,
        companyCode: type === 0 ? String(param.express_custom) : String(type),
        trackingNo: String(param.express_no ?? ''),
      });
      return ok({});
    }
    default:
      return answer(10003, `接口不存在：${String(pub.method)}`);
  }
}

function oauthToken(p: Record<string, string>, core: ChannelCore, refresh: boolean): EmulatorAnswer {
  if (p.appkey !== core.credentials.appKey || (!refresh && p.secret !== core.credentials.appSecret)) return answer(10012, 'appkey或secret错误');
  const t = refresh ? core.refresh(p.refresh_token ?? '') : p.grant_type === 'authorized_code' ? core.redeemCode(p.code ?? '') : 'invalid';
  return typeof t === 'string' ? answer(10002, refresh ? 'refresh_token无效或已过期' : 'code无效或已过期') : ok(tokenResult(t, core));
}

export const weidianHandler: ChannelEmulatorHandler = {
  channel: 'WEIDIAN',
  prefix: '/weidian',
  defaultShopName: '小美女装微店',
  tokenTtl: { accessMs: 30 * DAY, refreshMs: 60 * DAY },
  shopId: (digits) => digits(9),
  endpoint: (base, c) => ({ gatewayUrl: `${base}/api`, oauthUrl: `${base}/oauth`, appKey: c.appKey, appSecret: c.appSecret }),
  view(o) {
    return {
      ...o,
      platformStatus: String(TO_WEIDIAN[o.status]),
      buyerNick: '',
      sellerFlag: undefined,
      receiver: { ...o.receiver, town: undefined, encrypted: false, decryptHandle: undefined },
      items: o.items.map((i) => ({ ...i, platformItemId: i.skuId ?? i.platformItemId })),
    };
  },
  viewRefund(r, core) {
    const order = core.orders.get(r.platformOrderId)?.order;
    const line = order?.items.find((i) => i.platformItemId === r.platformItemId);
    const status = WEIDIAN_REFUND[r.state];
    // Refunds are read from the order's lines, so they change when the order does.
    return {
      ...r,
      platformItemId: line?.skuId ?? r.platformItemId,
      platformStatus: String(status),
      state: weidianRefundState(status),
      modifiedAt: order?.modifiedAt ?? r.modifiedAt,
    };
  },
  async handle(r, core) {
    if (r.path === '/api') return gateway(r, core);
    const p = r.params;
    if (r.path === '/token' && r.method === 'GET') {
      if (p.grant_type !== 'client_credential') return answer(10002, 'grant_type 不支持');
      if (p.appkey !== core.credentials.appKey || p.secret !== core.credentials.appSecret) return answer(10012, 'appkey或secret错误');
      return ok(tokenResult(core.issueToken(core.ensureShop().platformShopId), core));
    }
    if (r.path === '/oauth/oauth2/authorize' && r.method === 'GET') {
      if (p.appkey !== core.credentials.appKey) return consentError(core, 'appkey 无效');
      if (p.response_type !== 'code' || !p.redirect_uri) return consentError(core, 'response_type 或 redirect_uri 无效');
      return consentPage(core, { shopName: p.shop, redirectUri: p.redirect_uri, state: p.state ?? '' });
    }
    if (r.path === '/oauth/oauth2/access_token') return oauthToken(p, core, false);
    if (r.path === '/oauth/oauth2/refresh_token') return oauthToken(p, core, true);
    return undefined;
  },
};
