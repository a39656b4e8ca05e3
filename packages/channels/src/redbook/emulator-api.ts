/** The Xiaohongshu emulator's methods, after the gateway checks passed (see ./emulator.ts). */

import { desensitiseAddress, desensitiseMobile, desensitiseName } from '../kuaishou/mask.ts';
import type { ChannelCore, EmulatorShop, TokenRecord } from '../marketplace/emulator-core.ts';
import type { NormalizedOrder } from '../marketplace/types.ts';
import { XHS_EXPRESS_CODES } from './codes.ts';
import { XHS_DECRYPT_METHOD } from './decrypt.ts';
import { xhsBatchDecrypt } from './decrypt-emulator.ts';
import { XHS_ERROR, xhsErrorBody } from './errors.ts';
import { XHS_REFUND_METHODS, xhsRefundApi } from './refund-emulator.ts';
import { xhsDetailWire, xhsOpenAddressId, xhsReceiverWire, xhsReturnWire } from './view.ts';
import { xhsSummary } from './wire.ts';

type Body = Record<string, unknown>;
const ok = (data: unknown): Body => ({ error_code: 0, success: true, data });
const KNOWN_EXPRESS = new Set(Object.values(XHS_EXPRESS_CODES));
const HOUR = 3600_000;

function tokenData(rec: TokenRecord, core: ChannelCore): Body {
  return ok({
    accessToken: rec.accessToken,
    accessTokenExpiresAt: rec.expiresAt.getTime(),
    refreshToken: rec.refreshToken,
    refreshTokenExpiresAt: rec.refreshExpiresAt?.getTime(),
    sellerId: rec.platformShopId,
    sellerName: core.shops.get(rec.platformShopId)?.shopName ?? '',
  });
}

export function xhsOAuth(method: string, p: Body, core: ChannelCore): Body {
  if (method === 'oauth.getAccessToken') {
    const rec = core.redeemCode(String(p.code ?? ''));
    return typeof rec === 'string' ? xhsErrorBody(XHS_ERROR.CODE_INVALID, 'code无效或已过期，请重新授权') : tokenData(rec, core);
  }
  const rec = core.refresh(String(p.refreshToken ?? ''));
  return typeof rec === 'string' ? xhsErrorBody(XHS_ERROR.REFRESH_INVALID, 'refreshToken已过期，请重新授权') : tokenData(rec, core);
}

/** startTime/endTime rules of getOrderList (s) and listAfterSaleInfos (ms): timeType 1 create ≤ 24 h, 2 update ≤ 30 min. */
type Checked<T> = { ok: true; v: T } | { ok: false; body: Body };
const fail = (body: Body): { ok: false; body: Body } => ({ ok: false, body });

function window(p: Body, unitMs: number): Checked<{ from: Date; to: Date; byCreate: boolean }> {
  const from = Number(p.startTime) * unitMs;
  const to = Number(p.endTime) * unitMs;
  const type = Number(p.timeType);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return fail(xhsErrorBody(XHS_ERROR.PARAM_INVALID, 'endTime 必须大于 startTime'));
  if (type !== 1 && type !== 2) return fail(xhsErrorBody(XHS_ERROR.PARAM_INVALID, 'timeType 只能是 1 或 2'));
  if (type === 1 && to - from > 24 * HOUR) return fail(xhsErrorBody(XHS_ERROR.PARAM_INVALID, '按创建时间查询的时间范围不能超过24小时'));
  if (type === 2 && to - from > HOUR / 2) return fail(xhsErrorBody(XHS_ERROR.PARAM_INVALID, '按更新时间查询的时间范围不能超过30分钟'));
  return { ok: true, v: { from: new Date(from), to: new Date(to), byCreate: type === 1 } };
}

function paging(p: Body): Checked<{ pageNo: number; pageSize: number }> {
  const pageNo = Number(p.pageNo ?? 1);
  const pageSize = Number(p.pageSize ?? 50);
  if (!Number.isInteger(pageNo) || pageNo < 1 || pageNo > 100) return fail(xhsErrorBody(XHS_ERROR.PARAM_INVALID, 'pageNo 取值 1-100'));
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) return fail(xhsErrorBody(XHS_ERROR.PARAM_INVALID, 'pageSize 取值 1-100'));
  return { ok: true, v: { pageNo, pageSize } };
}

function ordersIn(shopId: string, w: { from: Date; to: Date; byCreate: boolean }, core: ChannelCore): NormalizedOrder[] {
  if (!w.byCreate) return core.ordersModifiedIn(shopId, w.from, w.to);
  return core.ordersModifiedIn(shopId, new Date(0), new Date(8.64e15)).filter((o) => o.createdAt >= w.from && o.createdAt < w.to);
}

export function xhsApi(method: string, p: Body, shop: EmulatorShop, core: ChannelCore): Body {
  const shopId = shop.platformShopId;
  if (XHS_REFUND_METHODS.includes(method)) return xhsRefundApi(method, p, shopId, core, ok);
  switch (method) {
    case 'common.getSellerKeyInfo':
      return ok({ sellerId: shopId, sellerName: shop.shopName });
    case 'order.getOrderList': {
      const cw = window(p, 1000);
      const cp = paging(p);
      if (!cw.ok) return cw.body;
      if (!cp.ok) return cp.body;
      const pg = cp.v;
      const rows = ordersIn(shopId, cw.v, core);
      const start = (pg.pageNo - 1) * pg.pageSize;
      const orderList = rows.slice(start, start + pg.pageSize).map((o) => xhsSummary(xhsDetailWire(o, shop)));
      return ok({ total: rows.length, pageNo: pg.pageNo, pageSize: pg.pageSize, maxPageNo: Math.ceil(rows.length / pg.pageSize), orderList });
    }
    case 'order.getOrderDetail': {
      const o = core.order(shopId, String(p.orderId ?? ''));
      return o ? ok(xhsDetailWire(o, shop)) : xhsErrorBody(XHS_ERROR.ORDER_NOT_FOUND, `订单不存在：${String(p.orderId ?? '')}`);
    }
    case 'order.getOrderReceiverInfo': {
      const queries = Array.isArray(p.receiverQueries) ? (p.receiverQueries as Body[]) : [];
      const receiverInfos = queries.map((q) => {
        const o = core.order(shopId, String(q.orderId ?? ''));
        if (!o || xhsOpenAddressId(o) !== q.openAddressId) return { orderId: String(q.orderId ?? ''), matched: false };
        return xhsReceiverWire(o, core);
      });
      return ok({ receiverInfos });
    }
    case 'data.batchDesensitise':
      return desensitise(p, shopId, core);
    case XHS_DECRYPT_METHOD:
      return xhsBatchDecrypt(p, shopId, core);
    case 'afterSale.listAfterSaleInfos': {
      const cw = window(p, 1);
      const cp = paging(p);
      if (!cw.ok) return cw.body;
      if (!cp.ok) return cp.body;
      const [w, pg] = [cw.v, cp.v];
      const rows = core
        .refundsModifiedIn(shopId, w.byCreate ? new Date(0) : w.from, w.byCreate ? new Date(8.64e15) : w.to)
        .filter((r) => !w.byCreate || (r.createdAt >= w.from && r.createdAt < w.to));
      const start = (pg.pageNo - 1) * pg.pageSize;
      return ok({ totalCount: rows.length, afterSaleBasicInfos: rows.slice(start, start + pg.pageSize).map((r) => xhsReturnWire(r, core)) });
    }
    case 'order.orderDeliver':
      return deliver(p, shopId, core);
    default:
      return xhsErrorBody(XHS_ERROR.PARAM_INVALID, `不存在的方法：${method}`);
  }
}

/** data.batchDesensitise: ≤ 100 ciphertexts; which mask applies depends on which receiver field the text is. */
function desensitise(p: Body, shopId: string, core: ChannelCore): Body {
  const infos = Array.isArray(p.baseInfos) ? (p.baseInfos as Body[]) : [];
  if (infos.length > 100) return xhsErrorBody(XHS_ERROR.PARAM_INVALID, 'baseInfos 上限100条');
  if (!p.actionType || !p.appUserId) return xhsErrorBody(XHS_ERROR.PARAM_INVALID, 'actionType、appUserId 必填');
  const desensitiseInfoList = infos.map((i) => {
    const encryptedData = String(i.encryptedData ?? '');
    const order = core.order(shopId, String(i.dataTag ?? ''));
    const plain = core.decrypt(encryptedData);
    const r = order?.receiver;
    const masked =
      r && plain === r.name
        ? desensitiseName(plain)
        : r && plain === r.phone
          ? desensitiseMobile(plain)
          : r && plain === r.address
            ? desensitiseAddress(plain)
            : undefined;
    return masked === undefined
      ? { dataTag: i.dataTag, encryptedData, errorCode: 1, errorMsg: '密文无效或与 dataTag 不匹配' }
      : { dataTag: i.dataTag, encryptedData, desensitisedData: masked, errorCode: 0 };
  });
  return ok({ desensitiseInfoList });
}

function deliver(p: Body, shopId: string, core: ChannelCore): Body {
  const orderId = String(p.orderId ?? '');
  const order = core.order(shopId, orderId);
  if (!order) return xhsErrorBody(XHS_ERROR.ORDER_NOT_FOUND, `订单不存在：${orderId}`);
  const expressNo = String(p.expressNo ?? '').trim();
  const company = String(p.expressCompanyCode ?? '');
  if (!expressNo || !KNOWN_EXPRESS.has(company)) return xhsErrorBody(XHS_ERROR.PARAM_INVALID, `快递公司编码或快递单号无效：${company}`);
  let lines: string[] | undefined;
  if (p.unpack === true) {
    const skus = Array.isArray(p.skuIdList) ? p.skuIdList.map(String) : [];
    const picked = order.items.filter((l) => skus.includes(l.skuId ?? l.platformItemId));
    if (!skus.length || picked.length !== skus.length) return xhsErrorBody(XHS_ERROR.PARAM_INVALID, '拆包发货时 skuIdList 必须是本订单的商品');
    lines = picked.map((l) => l.platformItemId);
  }
  if (!core.canShip(order)) return xhsErrorBody(XHS_ERROR.ORDER_STATUS, '订单状态不允许发货');
  core.ship(shopId, { platformOrderId: orderId, platformItemIds: lines, companyCode: company, trackingNo: expressNo });
  return ok({});
}
