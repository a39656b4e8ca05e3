/**
 * The Douyin shop (抖店) emulator handler: /tiktok/fuwu/authorize (consent page) and
 * /tiktok/{method as path} (the gateway, incl. token.create / token.refresh). Checks app key,
 * timestamp, the HMAC-SHA256 signature over the exact param_json, the token and page sizes;
 * answers Douyin's {code, msg, sub_code, sub_msg, log_id, data} envelope.
 */
import { consentError, consentPage } from '../marketplace/consent-page.ts';
import { fieldCiphersHandle } from '../marketplace/decrypt.ts';
import { type ChannelCore, pageSlice, type TokenRecord } from '../marketplace/emulator-core.ts';
import type { RefundPhase } from '../marketplace/emulator-refunds.ts';
import type { ChannelEmulatorHandler, EmulatorAnswer, EmulatorRequest } from '../marketplace/emulator-types.ts';
import type { Json } from '../marketplace/http.ts';
import { maskAddress, maskPhoneMiddle, maskSurname } from '../marketplace/mask.ts';
import type { NormalizedOrder } from '../marketplace/types.ts';
import { DOUDIAN_COURIERS } from './client.ts';
import { DOUDIAN_DECRYPT_METHOD } from './decrypt.ts';
import { doudianBatchDecrypt } from './decrypt-emulator.ts';
import { answer, badParam, checkDoudianCall, ok, shopOfCall } from './emulator-gateway.ts';
import { doudianRefundCall } from './refund-emulator.ts';
import { douyinWaybillGateway, isDouyinWaybillCall } from './waybill-emulator.ts';
import { aftersaleState, orderToWire, refundToWire, TO_DOUDIAN } from './wire.ts';

const DAY = 86400_000;
/** The emulator's refund phases → aftersale_status: 6 待商家同意, 7 待买家退货, 11 待商家二次同意 (goods back), 27 商家一次拒绝, 28 售后失败 (withdrawn), 12 售后成功. */
const DOUDIAN_AFTERSALE_OF: Record<RefundPhase, number> = {
  WAIT_SELLER_AGREE: 6,
  WAIT_BUYER_RETURN_GOODS: 7,
  WAIT_SELLER_CONFIRM_GOODS: 11,
  SELLER_REFUSE_BUYER: 27,
  CLOSED: 28,
  SUCCESS: 12,
};

function tokenData(t: TokenRecord, core: ChannelCore) {
  const shop = core.shops.get(t.platformShopId);
  return {
    access_token: t.accessToken,
    expires_in: Math.round((t.expiresAt.getTime() - core.now().getTime()) / 1000),
    refresh_token: t.refreshToken,
    scope: 'SCOPE',
    shop_id: Number(t.platformShopId),
    shop_name: shop?.shopName,
    authority_id: t.platformShopId,
    auth_subject_type: 'MiniApp',
  };
}

const ciphers = (o: NormalizedOrder, core: ChannelCore) => {
  const c = (s: string) => `#${core.encrypt(s)}##`;
  return { name: c(o.receiver.name), phone: c(o.receiver.phone), address: c(o.receiver.address) };
};

function paging(p: Json): { page: number; size: number } | EmulatorAnswer {
  const page = Number(p.page ?? 0);
  const size = Number(p.size ?? 10);
  if (!Number.isInteger(page) || page < 0) return badParam('page 从0开始');
  if (!Number.isInteger(size) || size < 1 || size > 100) return badParam('size 取值 1-100');
  return { page, size };
}

function range(start: unknown, end: unknown): { from: Date; to: Date } | EmulatorAnswer {
  const s = Number(start);
  const e = Number(end);
  if (!Number.isInteger(s) || !Number.isInteger(e) || e < s) return badParam('开始时间和结束时间不合法');
  return { from: new Date(s * 1000), to: new Date((e + 1) * 1000) };
}

async function gateway(r: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const method = r.path.slice(1).replace(/\//g, '.');
  const call = await checkDoudianCall(r, core, method);
  if ('status' in call) return call;
  const { q, p } = call;

  if (method === 'token.create') {
    if (p.grant_type !== 'authorization_code') return answer(50001, '业务处理失败', 'isv.grant-type-invalid', 'grant_type 不支持');
    const t = core.redeemCode(String(p.code ?? ''));
    return typeof t === 'string' ? answer(50001, '业务处理失败', `isv.code-${t}`, t === 'expired' ? 'code已过期' : 'code无效') : ok(tokenData(t, core));
  }
  if (method === 'token.refresh') {
    const t = core.refresh(String(p.refresh_token ?? ''));
    return typeof t === 'string' ? answer(50001, '业务处理失败', `isv.refresh-token-${t}`, 'refresh_token无效或已过期') : ok(tokenData(t, core));
  }
  const shop = shopOfCall(q, core);
  if ('status' in shop) return shop;
  const { shopId } = shop;
  const wire = (o: NormalizedOrder) => orderToWire(tiktokHandler.view(o, core), ciphers(o, core));

  switch (method) {
    case 'order.searchList': {
      const w = range(p.update_time_start, p.update_time_end);
      if ('status' in w) return w;
      const pg = paging(p);
      if ('status' in pg) return pg;
      const rows = core.ordersModifiedIn(shopId, w.from, w.to);
      return ok({ total: rows.length, page: pg.page, size: pg.size, shop_order_list: pageSlice(rows, pg.page, pg.size, 0).map(wire) });
    }
    case 'order.orderDetail': {
      const o = core.order(shopId, String(p.shop_order_id ?? ''));
      return o ? ok({ shop_order_detail: wire(o) }) : answer(50002, '业务处理失败', 'isv.business-failed:order-not-exist', '订单不存在');
    }
    case 'afterSale.List': {
      const w = range(p.update_start_time, p.update_end_time);
      if ('status' in w) return w;
      const pg = paging(p);
      if ('status' in pg) return pg;
      const rows = core.refundsModifiedIn(shopId, w.from, w.to);
      const items = pageSlice(rows, pg.page, pg.size, 0).map((x) => refundToWire(tiktokHandler.viewRefund(x, core)));
      return ok({ items, total: rows.length, has_more: (pg.page + 1) * pg.size < rows.length });
    }
    case 'order.logisticsAdd': {
      const o = core.order(shopId, String(p.order_id ?? ''));
      if (!o) return answer(50002, '业务处理失败', 'isv.business-failed:order-not-exist', '订单不存在');
      const company = String(p.company_code ?? '');
      if (!Object.values(DOUDIAN_COURIERS).includes(company)) return answer(50002, '业务处理失败', 'isv.business-failed:company-invalid', '物流公司不存在');
      if (!p.logistics_code) return badParam('logistics_code 不能为空');
      if (!core.canShip(o)) return answer(50002, '业务处理失败', 'isv.business-failed:order-status-invalid', '订单状态不允许发货');
      core.ship(shopId, { platformOrderId: o.platformOrderId, companyCode: company, trackingNo: String(p.logistics_code) });
      return ok({});
    }
    case DOUDIAN_DECRYPT_METHOD:
      return doudianBatchDecrypt(p, shopId, core, answer);
    default:
      return doudianRefundCall(method, p, shopId, core) ?? answer(70000, 'API已下线或不存在', 'isv.method-not-exist', `方法不存在：${method}`);
  }
}

export const tiktokHandler: ChannelEmulatorHandler = {
  channel: 'TIKTOK',
  prefix: '/tiktok',
  defaultShopName: '小美女装抖音小店',
  tokenTtl: { accessMs: 7 * DAY, refreshMs: 14 * DAY },
  shopId: (digits) => digits(8),
  endpoint: (base, c) => ({ gatewayUrl: base, oauthUrl: `${base}/fuwu`, appKey: c.appKey, appSecret: c.appSecret }),
  view(o, core) {
    const r = o.receiver;
    return {
      ...o,
      platformStatus: String(TO_DOUDIAN[o.status]),
      buyerNick: '',
      receiver: {
        ...r,
        name: maskSurname(r.name),
        phone: maskPhoneMiddle(r.phone),
        address: maskAddress(r.address),
        town: undefined,
        encrypted: true,
        decryptHandle: fieldCiphersHandle({ ...ciphers(o, core), province: r.province, city: r.city, district: r.district }),
      },
      items: o.items,
    };
  },
  viewRefund(r) {
    const status = DOUDIAN_AFTERSALE_OF[r.platformStatus as RefundPhase] ?? (r.state === 'REFUNDED' ? 12 : r.state === 'CLOSED' ? 28 : 6);
    return { ...r, platformStatus: String(status), state: aftersaleState(status) };
  },
  async handle(r, core) {
    if (r.path === '/fuwu/authorize' && r.method === 'GET') {
      const p = r.params;
      if (p.service_id !== core.credentials.appKey) return consentError(core, 'service_id 无效');
      if (!p.redirect_uri) return consentError(core, '服务市场没有配置回调地址（redirect_uri）');
      return consentPage(core, { shopName: p.shop, redirectUri: p.redirect_uri, state: p.state ?? '' });
    }
    if (isDouyinWaybillCall(r)) return douyinWaybillGateway(r, core);
    if (r.method === 'POST' && /^\/[a-zA-Z]+\/[a-zA-Z]+$/.test(r.path)) return gateway(r, core);
    return undefined;
  },
};
