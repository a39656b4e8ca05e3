/**
 * The JD (JOS) emulator handler: /jd/oauth/oauth2/to_login (consent page), …/access_token and
 * …/refresh_token (GET), /jd/routerjson (the gateway). Checks app key, timestamp (±6 min), the
 * signature, the token, the one-month window and page sizes; answers JD's "_responce" envelopes.
 */
import { parseChinaTime } from '../marketplace/china-time.ts';
import { consentError, consentPage } from '../marketplace/consent-page.ts';
import { type ChannelCore, pageSlice, type TokenRecord } from '../marketplace/emulator-core.ts';
import { oaidText } from '../marketplace/emulator-decrypt.ts';
import { type ChannelEmulatorHandler, type EmulatorAnswer, type EmulatorRequest, json } from '../marketplace/emulator-types.ts';
import type { Json } from '../marketplace/http.ts';
import type { NormalizedOrder, NormalizedRefund } from '../marketplace/types.ts';
import { JD_COURIERS, JD_MAX_WINDOW_MS, JD_REFUND_REPLY, jdResponseKey } from './client.ts';
import { JD_DECRYPT_METHOD } from './decrypt.ts';
import { jdOaidDecrypt } from './decrypt-emulator.ts';
import { checkJosCall, err } from './emulator-gateway.ts';
import { isJdWaybillCall, jdWaybillGateway } from './waybill-emulator.ts';
import { jdRefundState, orderToWire, refundToWire, TO_JD } from './wire.ts';

const DAY = 86400_000;
const fail = (chineseErr: string) => ({ success: false, code: '100', chineseErr, englishErr: '' });
const success = { success: true, code: '0', chineseErr: '', englishErr: '' };

function tokenJson(t: TokenRecord, core: ChannelCore) {
  return {
    access_token: t.accessToken,
    expires_in: Math.round((t.expiresAt.getTime() - core.now().getTime()) / 1000),
    refresh_token: t.refreshToken,
    scope: 'snsapi_base',
    open_id: `jd_${t.platformShopId}`,
    uid: t.platformShopId,
    time: core.now().getTime(),
    token_type: 'bearer',
    code: 0,
  };
}

/** JD windows: both ends included, yyyy-MM-dd HH:mm:ss. */
function range(start: string | undefined, end: string | undefined): { from: Date; to: Date } | string {
  const from = parseChinaTime(start);
  const to = parseChinaTime(end);
  if (!from || !to || to < from) return '开始时间或结束时间格式不正确';
  if (to.getTime() - from.getTime() > JD_MAX_WINDOW_MS) return '查询时间跨度不能超过一个月';
  return { from, to: new Date(to.getTime() + 1000) };
}
const within = (d: Date, w: { from: Date; to: Date }) => d >= w.from && d < w.to;

async function gateway(r: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const call = await checkJosCall(r, core);
  if ('status' in call) return call;
  const { p, shop } = call;
  const biz = call.biz;
  const q = (k: string) => (biz[k] === undefined ? undefined : String(biz[k]));
  const shopId = shop.platformShopId;
  const method = p.method ?? '';
  const ok = (node: Json) => json({ [jdResponseKey(method)]: { code: '0', ...node } });
  const wire = (o: NormalizedOrder) => orderToWire(jdHandler.view(o, core), shopId);

  switch (method) {
    case 'jingdong.seller.vender.info.get':
      return ok({ vender_info_result: { vender_id: shopId, shop_id: shopId, shop_name: shop.shopName, col_type: 0 } });
    case 'jingdong.pop.order.enSearch': {
      const w = range(q('start_date'), q('end_date'));
      const page = Number(q('page') ?? '1');
      const size = Number(q('page_size') ?? '20');
      if (typeof w === 'string') return ok({ searchorderinfo_result: { apiResult: fail(w) } });
      if (!(page >= 1) || !(size >= 1 && size <= 100)) return ok({ searchorderinfo_result: { apiResult: fail('page 从1开始，page_size 取值 1-100') } });
      const rows = core.ordersModifiedIn(shopId, w.from, w.to);
      return ok({ searchorderinfo_result: { apiResult: success, orderTotal: rows.length, orderInfoList: pageSlice(rows, page, size).map(wire) } });
    }
    case 'jingdong.pop.order.enGet': {
      const o = core.order(shopId, q('order_id') ?? '');
      return ok({ orderDetailInfo: o ? { apiResult: success, orderInfo: wire(o) } : { apiResult: fail('订单不存在') } });
    }
    case 'jingdong.pop.afs.soa.refundapply.queryPageList': {
      const byCheck = q('checkTimeStart') !== undefined;
      const w = range(q(byCheck ? 'checkTimeStart' : 'applyTimeStart'), q(byCheck ? 'checkTimeEnd' : 'applyTimeEnd'));
      const page = Number(q('pageIndex') ?? '1');
      const size = Number(q('pageSize') ?? '10');
      if (typeof w === 'string') return ok({ queryResult: { success: false, errorMessage: w } });
      if (!(page >= 1 && page <= 100) || !(size >= 1 && size <= 50))
        return ok({ queryResult: { success: false, errorMessage: 'pageIndex 取值 1-100，pageSize 取值 1-50' } });
      const views = core
        .refundsModifiedIn(shopId, new Date(0), new Date(8.64e15))
        .map((x) => jdHandler.viewRefund(x, core))
        .filter((x) => (byCheck ? x.platformStatus !== '0' && within(x.modifiedAt, w) : within(x.createdAt, w)))
        .sort((a, b) => (byCheck ? b.modifiedAt.getTime() - a.modifiedAt.getTime() : b.createdAt.getTime() - a.createdAt.getTime()));
      return ok({ queryResult: { success: true, totalCount: views.length, result: pageSlice(views, page, size).map(refundToWire) } });
    }
    case JD_REFUND_REPLY: {
      const reply = (success: boolean, errorMessage = '') => ok({ replyResult: success ? { success } : { success, errorCode: '1', errorMessage } });
      const status = q('status');
      if (!core.refundOf(shopId, q('id') ?? '')) return reply(false, '退款单不存在');
      if (status !== '1' && status !== '2') return reply(false, '审核状态只支持 1 审核通过、2 审核不通过');
      if (!q('remark')) return reply(false, '审核备注不能为空');
      if (status === '2' && !q('rejectType')) return reply(false, '审核不通过时 rejectType 必填');
      // Refund applications are money-only: an agreed one is paid (the emulated finance review passes at once).
      const done = core.answerRefund(shopId, q('id') ?? '', status === '1', false);
      return done.ok ? reply(true) : reply(false, '退款单已审核，不能重复审核');
    }
    case 'jingdong.pop.order.shipment': {
      const o = core.order(shopId, q('orderId') ?? '');
      if (!o) return ok({ sopjosshipment_result: fail('订单不存在') });
      const copr = q('logiCoprId') ?? '';
      if (!Object.values(JD_COURIERS).includes(copr)) return ok({ sopjosshipment_result: fail('物流公司不存在') });
      if (!q('logiNo')) return ok({ sopjosshipment_result: fail('运单号不能为空') });
      if (!core.canShip(o)) return ok({ sopjosshipment_result: fail('订单状态不正确，不能出库') });
      core.ship(shopId, { platformOrderId: o.platformOrderId, companyCode: copr, trackingNo: q('logiNo') ?? '' });
      return ok({ sopjosshipment_result: success });
    }
    case JD_DECRYPT_METHOD:
      return ok(jdOaidDecrypt(biz, shopId, core));
    default:
      return err('22', '无效的方法名', 'Invalid method');
  }
}

/** GET …/oauth2/access_token and …/oauth2/refresh_token. */
function tokenEndpoint(p: Record<string, string>, core: ChannelCore, refresh: boolean): EmulatorAnswer {
  if (p.app_key !== core.credentials.appKey || p.app_secret !== core.credentials.appSecret) return json({ code: 401, msg: 'app_key或app_secret错误' });
  const t = refresh ? core.refresh(p.refresh_token ?? '') : core.redeemCode(p.code ?? '');
  if (typeof t === 'string') return json({ code: 402, msg: refresh ? 'refresh_token无效或已过期' : 'code无效或已过期' });
  return json(tokenJson(t, core));
}

export const jdHandler: ChannelEmulatorHandler = {
  channel: 'JD',
  prefix: '/jd',
  defaultShopName: '小美服饰京东专营店',
  tokenTtl: { accessMs: 365 * DAY, refreshMs: 365 * DAY },
  shopId: (digits) => digits(8),
  endpoint: (base, c) => ({ gatewayUrl: `${base}/routerjson`, oauthUrl: `${base}/oauth`, appKey: c.appKey, appSecret: c.appSecret }),
  // JD's order APIs list orders once paid.
  visible: (o) => o.paidAt !== undefined,
  view(o, core) {
    const r = o.receiver;
    const platformStatus = TO_JD[o.status] ?? 'WAIT_SELLER_STOCK_OUT';
    return {
      ...o,
      status: o.status === 'SELLER_CONSIGNED_PART' ? 'WAIT_BUYER_CONFIRM' : o.status,
      platformStatus,
      sellerFlag: undefined,
      receiver: {
        ...r,
        name: core.encrypt(r.name),
        phone: core.encrypt(r.phone),
        address: core.encrypt(r.address),
        town: undefined,
        encrypted: true,
        decryptHandle: core.encrypt(oaidText(o)),
      },
      items: o.items.map((i) => ({
        platformItemId: i.skuId ?? i.platformItemId,
        itemId: i.itemId,
        skuId: i.skuId,
        title: [i.title, ...(i.spec?.split(';').map((kv) => kv.split(':')[1] ?? kv) ?? [])].join(' '),
        outerSkuCode: i.outerSkuCode,
        quantity: i.quantity,
        priceFen: i.priceFen,
        paymentFen: i.priceFen * i.quantity,
        refundState: 'NONE',
      })),
    };
  },
  viewRefund(r: NormalizedRefund) {
    // 0 未审核 while the seller has not answered, 1 审核通过 while goods come back, 2 不通过 (refused or withdrawn), 3 refunded.
    const phase = r.platformStatus;
    const status = r.state === 'REFUNDED' ? 3 : r.state === 'CLOSED' ? 2 : phase === 'WAIT_BUYER_RETURN_GOODS' || phase === 'WAIT_SELLER_CONFIRM_GOODS' ? 1 : 0;
    return {
      ...r,
      platformItemId: undefined,
      platformStatus: String(status),
      state: jdRefundState(status),
      hasGoodReturn: false,
      modifiedAt: status === 0 ? r.createdAt : r.modifiedAt,
    };
  },
  async handle(r, core) {
    if (isJdWaybillCall(r)) return jdWaybillGateway(r, core);
    if (r.path === '/routerjson' && r.method === 'POST') return gateway(r, core);
    if (r.path === '/oauth/oauth2/to_login' && r.method === 'GET') {
      const p = r.params;
      if (p.app_key !== core.credentials.appKey) return consentError(core, 'app_key 无效');
      if (p.response_type !== 'code' || !p.redirect_uri) return consentError(core, 'response_type 或 redirect_uri 无效');
      return consentPage(core, { shopName: p.shop, redirectUri: p.redirect_uri, state: p.state ?? '' });
    }
    if (r.path === '/oauth/oauth2/access_token') return tokenEndpoint(r.params, core, false);
    if (r.path === '/oauth/oauth2/refresh_token') return tokenEndpoint(r.params, core, true);
    return undefined;
  },
};
