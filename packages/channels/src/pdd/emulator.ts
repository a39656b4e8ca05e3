/**
 * The Pinduoduo emulator handler: /pdd/oauth/open.html (consent page) and /pdd/api/router (the
 * gateway, incl. pdd.pop.auth.token.create/refresh). Checks client_id, timestamp, signature,
 * access_token, the 30-minute window and page size; answers PDD's envelopes and error codes.
 */
import { consentError, consentPage } from '../marketplace/consent-page.ts';
import { fieldCiphersHandle } from '../marketplace/decrypt.ts';
import { type ChannelCore, pageSlice, type TokenRecord } from '../marketplace/emulator-core.ts';
import type { RefundPhase } from '../marketplace/emulator-refunds.ts';
import { type ChannelEmulatorHandler, type EmulatorAnswer, type EmulatorRequest, json } from '../marketplace/emulator-types.ts';
import { orderRefundState } from '../marketplace/generator.ts';
import { maskAddress, maskPhoneMiddle, maskSurname } from '../marketplace/mask.ts';
import type { NormalizedOrder } from '../marketplace/types.ts';
import { PDD_COURIERS, PDD_MAX_WINDOW_MS, pddResponseKey } from './client.ts';
import { PDD_DECRYPT_TYPE } from './decrypt.ts';
import { pddDecryptBatch } from './decrypt-emulator.ts';
import { PDD_REFUND_TYPES, pddRefundCall } from './refund-emulator.ts';
import { pddVerify } from './sign.ts';
import { isPddWaybillCall, pddWaybillGateway } from './waybill-emulator.ts';
import { orderToWire, PDD_ORDER_STATUS, PDD_REFUND_STATUS, pddAfterSaleState, pddRefundState, pddStatus, refundToWire } from './wire.ts';

const DAY = 86400_000;
/**
 * The emulator's refund phases → after_sales_status: 2 仅退款待商家处理 (3 for a return), 7 已同意退货待用户发货,
 * 6 驳回待买家处理, 10 退款成功, 11 买家撤销. ⚠ PDD has no code of its own for goods on their way back: 3.
 */
const PDD_AFTER_SALES_OF: Record<RefundPhase, number> = {
  WAIT_SELLER_AGREE: 2,
  WAIT_BUYER_RETURN_GOODS: 7,
  WAIT_SELLER_CONFIRM_GOODS: 3,
  SELLER_REFUSE_BUYER: 6,
  CLOSED: 11,
  SUCCESS: 10,
};
const err = (error_code: number, error_msg: string, sub_msg?: string) =>
  json({
    error_response: { error_code, error_msg, sub_code: String(error_code), sub_msg: sub_msg ?? error_msg, request_id: Math.random().toString(36).slice(2, 14) },
  });
const FAILURES = {
  RATE_LIMITED: () => err(70031, '调用已被限流', '接口调用过于频繁，请稍后再试'),
  TOKEN_EXPIRED: () => err(10019, 'access_token已过期'),
  SERVER_ERROR: () => err(50000, '系统内部错误'),
  INVALID_SIGNATURE: () => err(20004, '签名错误'),
};
const RESPONSE_KEYS: Record<string, string> = {
  'pdd.order.number.list.increment.get': 'order_sn_increment_get_response',
  'pdd.order.information.get': 'order_info_get_response',
  'pdd.refund.list.increment.get': 'refund_increment_get_response',
};

function tokenNode(t: TokenRecord, core: ChannelCore) {
  const now = core.now().getTime();
  const s = (d?: Date) => (d ? Math.floor(d.getTime() / 1000) : undefined);
  return {
    access_token: t.accessToken,
    expires_in: Math.round((t.expiresAt.getTime() - now) / 1000),
    expires_at: s(t.expiresAt),
    refresh_token: t.refreshToken,
    refresh_token_expires_in: t.refreshExpiresAt ? Math.round((t.refreshExpiresAt.getTime() - now) / 1000) : undefined,
    refresh_token_expires_at: s(t.refreshExpiresAt),
    owner_id: t.platformShopId,
    owner_name: core.shops.get(t.platformShopId)?.shopName,
    scope: ['pdd.order.number.list.increment.get', 'pdd.order.information.get', 'pdd.refund.list.increment.get', 'pdd.logistics.online.send'],
  };
}

function window(p: Record<string, string>): { from: Date; to: Date } | EmulatorAnswer {
  const start = Number(p.start_updated_at);
  const end = Number(p.end_updated_at);
  if (!Number.isInteger(start) || !Number.isInteger(end) || end < start) return err(10000, '参数错误', 'start_updated_at / end_updated_at 不合法');
  if ((end - start) * 1000 > PDD_MAX_WINDOW_MS) return err(10000, '参数错误', '查询时间间隔不能超过30分钟');
  return { from: new Date(start * 1000), to: new Date((end + 1) * 1000) };
}

function paging(p: Record<string, string>): { page: number; size: number } | EmulatorAnswer {
  const page = Number(p.page ?? '1');
  const size = Number(p.page_size ?? '100');
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1 || size > 100)
    return err(10000, '参数错误', 'page 从1开始，page_size 取值 1-100');
  return { page, size };
}

async function gateway(r: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const p = r.params;
  if (p.client_id !== core.credentials.appKey) return err(10016, 'client_id不存在');
  const ts = Number(p.timestamp);
  if (!Number.isFinite(ts) || Math.abs(ts * 1000 - core.now().getTime()) > 10 * 60_000)
    return err(20005, 'timestamp已过期', '请求时间戳与服务器相差超过10分钟');
  if (!pddVerify(p, core.credentials.appSecret)) return err(20004, '签名错误');
  const failure = await core.nextFailure();
  if (failure) return FAILURES[failure]();
  const type = p.type ?? '';
  const ok = (node: unknown) => json({ [RESPONSE_KEYS[type] ?? pddResponseKey(type)]: node });

  if (type === 'pdd.pop.auth.token.create') {
    const t = core.redeemCode(p.code ?? '');
    return typeof t === 'string' ? err(10000, '参数错误', t === 'expired' ? 'code已过期' : 'code无效') : ok(tokenNode(t, core));
  }
  if (type === 'pdd.pop.auth.token.refresh') {
    const t = core.refresh(p.refresh_token ?? '');
    return typeof t === 'string' ? err(10000, '参数错误', 'refresh_token无效或已过期') : ok(tokenNode(t, core));
  }
  const auth = core.checkToken(p.access_token);
  if (!auth.ok) return err(10019, 'access_token已过期');
  const shopId = auth.shop.platformShopId;
  const wire = (o: NormalizedOrder) => orderToWire(pddHandler.view(o, core), o.status === 'WAIT_SELLER_SEND' ? ciphers(o, core) : null);

  if (PDD_REFUND_TYPES.includes(type)) return pddRefundCall(type, p, shopId, core, ok, err);
  switch (type) {
    case 'pdd.order.number.list.increment.get': {
      const w = window(p);
      if ('status' in w) return w;
      const pg = paging(p);
      if ('status' in pg) return pg;
      const rows = core.ordersModifiedIn(shopId, w.from, w.to);
      const pageRows = pageSlice(rows, pg.page, pg.size);
      return ok({ total_count: rows.length, has_next: pg.page * pg.size < rows.length, order_sn_list: pageRows.map(wire) });
    }
    case 'pdd.order.information.get': {
      const o = core.order(shopId, p.order_sn ?? '');
      return o ? ok({ order_info: wire(o) }) : err(52101, '订单不存在');
    }
    case 'pdd.refund.list.increment.get': {
      const w = window(p);
      if ('status' in w) return w;
      const pg = paging(p);
      if ('status' in pg) return pg;
      const rows = core.refundsModifiedIn(shopId, w.from, w.to);
      const view = (x: (typeof rows)[number]) => refundToWire(pddHandler.viewRefund(x, core), core.orders.get(x.platformOrderId)?.order);
      return ok({ total_count: rows.length, refund_list: pageSlice(rows, pg.page, pg.size).map(view) });
    }
    case 'pdd.logistics.online.send': {
      const o = core.order(shopId, p.order_sn ?? '');
      if (!o) return err(52101, '订单不存在');
      if (!Object.values(PDD_COURIERS).includes(Number(p.logistics_id))) return err(10000, '参数错误', '物流公司不存在');
      if (!p.tracking_number) return err(10000, '参数错误', 'tracking_number 不能为空');
      if (!core.canShip(o)) return err(10000, '参数错误', '订单状态不允许发货');
      core.ship(shopId, { platformOrderId: o.platformOrderId, companyCode: String(p.logistics_id), trackingNo: p.tracking_number });
      return ok({ is_success: true });
    }
    case PDD_DECRYPT_TYPE:
      return pddDecryptBatch(p, shopId, core, ok, err);
    default:
      return err(10001, '接口不存在', `type 无效：${type}`);
  }
}

/** PDD's ciphertext shape: "~…~". */
function ciphers(o: NormalizedOrder, core: ChannelCore) {
  const c = (s: string) => `~${core.encrypt(s)}~`;
  return { name: c(o.receiver.name), phone: c(o.receiver.phone), address: c(o.receiver.address) };
}

export const pddHandler: ChannelEmulatorHandler = {
  channel: 'PDD',
  prefix: '/pdd',
  defaultShopName: '小美女装拼多多店',
  tokenTtl: { accessMs: 30 * DAY, refreshMs: 60 * DAY },
  shopId: (digits) => digits(9),
  endpoint: (base, c) => ({ gatewayUrl: `${base}/api/router`, oauthUrl: `${base}/oauth`, appKey: c.appKey, appSecret: c.appSecret }),
  // PDD's APIs show only orders that were paid (成团).
  visible: (o) => o.paidAt !== undefined,
  view(o, core) {
    const refundStatus = PDD_REFUND_STATUS[o.status === 'CLOSED' ? 'REFUNDED' : orderRefundState(o)];
    const orderStatus = PDD_ORDER_STATUS[o.status] ?? 1;
    const r = o.receiver;
    return {
      ...o,
      status: pddStatus(orderStatus, refundStatus),
      platformStatus: `${orderStatus}:${refundStatus}`,
      buyerNick: '',
      receiver: {
        ...r,
        name: maskSurname(r.name),
        phone: maskPhoneMiddle(r.phone),
        address: maskAddress(r.address),
        town: undefined,
        encrypted: true,
        decryptHandle:
          o.status === 'WAIT_SELLER_SEND' ? fieldCiphersHandle({ ...ciphers(o, core), province: r.province, city: r.city, district: r.district }) : undefined,
      },
      items: o.items.slice(0, 1).map((i) => ({
        ...i,
        platformItemId: i.skuId ?? i.platformItemId,
        spec: i.spec
          ?.split(';')
          .map((kv) => kv.split(':')[1] ?? kv)
          .join(','),
        paymentFen: o.paymentFen - o.postFeeFen,
        refundState: pddRefundState(refundStatus),
      })),
    };
  },
  viewRefund(r, core) {
    const order = core.orders.get(r.platformOrderId)?.order;
    const status = PDD_AFTER_SALES_OF[r.platformStatus as RefundPhase] ?? (r.state === 'REFUNDED' ? 10 : r.state === 'CLOSED' ? 11 : 0);
    const waiting = status === PDD_AFTER_SALES_OF.WAIT_SELLER_AGREE && r.hasGoodReturn ? 3 : status;
    return { ...r, platformItemId: order?.items[0]?.skuId, platformStatus: String(waiting), state: pddAfterSaleState(waiting) };
  },
  async handle(r, core) {
    if (isPddWaybillCall(r)) return pddWaybillGateway(r, core);
    if (r.path === '/api/router' && r.method === 'POST') return gateway(r, core);
    if (r.path === '/oauth/open.html' && r.method === 'GET') {
      const p = r.params;
      if (p.client_id !== core.credentials.appKey) return consentError(core, 'client_id 无效');
      if (p.response_type !== 'code' || !p.redirect_uri) return consentError(core, 'response_type 或 redirect_uri 无效');
      return consentPage(core, { shopName: p.shop, redirectUri: p.redirect_uri, state: p.state ?? '' });
    }
    return undefined;
  },
};
