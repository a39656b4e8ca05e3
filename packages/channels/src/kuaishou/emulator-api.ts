/** The Kuaishou emulator's business methods, after the gateway checks passed (see ./emulator.ts). */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { KUAISHOU_MAX_WINDOW_MS } from './client.ts';
import { KS_EXPRESS_CODES } from './codes.ts';
import { KS_DECRYPT_METHOD } from './decrypt.ts';
import { ksDecryptBatch } from './decrypt-emulator.ts';
import { KS_RESULT, ksErrorBody } from './errors.ts';
import { KS_REFUND_METHODS, ksRefundApi } from './refund-emulator.ts';
import { ksAddress, ksView, ksViewRefund } from './view.ts';
import { ksOrderToWire, ksRefundToWire } from './wire.ts';

const HISTORY_MS = 90 * 86_400_000;
const KNOWN_EXPRESS = new Set(Object.values(KS_EXPRESS_CODES));

type Body = Record<string, unknown>;

/** The window rules of the official 返回码说明: end after begin, at most 7 days, not older than 90 days. */
function windowError(biz: Body, core: ChannelCore): Body | undefined {
  const begin = Number(biz.beginTime);
  const end = Number(biz.endTime);
  if (!Number.isFinite(begin) || !Number.isFinite(end) || end <= begin) return ksErrorBody(KS_RESULT.END_BEFORE_BEGIN, '结束时间要晚于开始时间');
  if (end - begin > KUAISHOU_MAX_WINDOW_MS) return ksErrorBody(KS_RESULT.RANGE_OVER_7_DAYS, '查询范围不能大于7天');
  if (begin < core.now().getTime() - HISTORY_MS) return ksErrorBody(KS_RESULT.OLDER_THAN_90_DAYS, '只能查询最近90天内的订单');
  const size = Number(biz.pageSize ?? 20);
  if (!Number.isInteger(size) || size < 1 || size > 100) return ksErrorBody(KS_RESULT.INVALID_PARAM, 'pageSize 取值 1-100');
  return undefined;
}

/**
 * Keyset cursor "<modified ms>_<id>" over rows sorted modified desc, id asc: a row modified while
 * the caller pages leaves the window instead of shifting the pages, so nothing is skipped.
 */
function cursorPage<T>(rows: T[], key: (row: T) => [number, string], cursor: string, size: number): { rows: T[]; next: string } {
  const m = /^(\d+)_(.+)$/.exec(cursor);
  const after = m
    ? rows.filter((r) => {
        const [t, id] = key(r);
        return t < Number(m[1]) || (t === Number(m[1]) && id > (m[2] ?? ''));
      })
    : rows;
  const page = after.slice(0, size);
  const last = page[page.length - 1];
  const next = after.length > size && last ? key(last).join('_') : 'nomore';
  return { rows: page, next };
}

export function ksApi(method: string, biz: Body, shopId: string, core: ChannelCore): Body {
  const ok = (data: unknown): Body => ({ result: 1, error_msg: '', data });
  if (KS_REFUND_METHODS.includes(method)) return ksRefundApi(method, biz, shopId, core, ok);
  switch (method) {
    case 'open.shop.info.get': {
      const shop = core.shops.get(shopId);
      return ok({ shopName: shop?.shopName ?? '', shopType: 1 });
    }
    case 'open.order.cursor.list': {
      const bad = windowError(biz, core);
      if (bad) return bad;
      const rows = core.ordersModifiedIn(shopId, new Date(Number(biz.beginTime)), new Date(Number(biz.endTime)));
      const { rows: page, next } = cursorPage(rows, (o) => [o.modifiedAt.getTime(), o.platformOrderId], String(biz.cursor ?? ''), Number(biz.pageSize ?? 20));
      return ok({ cursor: next, orderList: page.map((o) => orderWire(o.platformOrderId, shopId, core)) });
    }
    case 'open.order.detail': {
      const oid = String(biz.oid ?? '');
      if (!core.order(shopId, oid)) return ksErrorBody(KS_RESULT.ORDER_NOT_FOUND, `订单不存在：${oid}`);
      return ok(orderWire(oid, shopId, core));
    }
    case 'open.seller.order.refund.pcursor.list': {
      const bad = windowError(biz, core);
      if (bad) return bad;
      const rows = core.refundsModifiedIn(shopId, new Date(Number(biz.beginTime)), new Date(Number(biz.endTime)));
      const { rows: page, next } = cursorPage(rows, (r) => [r.modifiedAt.getTime(), r.platformRefundId], String(biz.pcursor ?? ''), Number(biz.pageSize ?? 20));
      return ok({ pcursor: next, refundOrderInfoList: page.map((r) => ksRefundToWire(ksViewRefund(r))) });
    }
    case 'open.seller.order.goods.deliver': {
      const oid = String(biz.orderId ?? '');
      const order = core.order(shopId, oid);
      if (!order) return ksErrorBody(KS_RESULT.ORDER_NOT_FOUND, `订单不存在：${oid}`);
      const expressNo = String(biz.expressNo ?? '').trim();
      const expressCode = Number(biz.expressCode);
      if (!expressNo) return ksErrorBody(KS_RESULT.INVALID_PARAM, 'expressNo 不能为空');
      if (!KNOWN_EXPRESS.has(expressCode)) return ksErrorBody(KS_RESULT.INVALID_PARAM, `物流公司编码不存在：${String(biz.expressCode)}`);
      if (!core.canShip(order)) return ksErrorBody(KS_RESULT.INVALID_PARAM, '订单当前状态不能发货', 'ORDER_STATUS_NOT_ALLOW');
      core.ship(shopId, { platformOrderId: oid, companyCode: String(expressCode), trackingNo: expressNo });
      return ok({});
    }
    case KS_DECRYPT_METHOD:
      return ksDecryptBatch(biz, shopId, core);
    default:
      return ksErrorBody(KS_RESULT.INVALID_PARAM, `不存在的方法：${method}`);
  }
}

function orderWire(oid: string, shopId: string, core: ChannelCore) {
  const truth = core.order(shopId, oid);
  if (!truth) throw new Error(`no order ${oid}`);
  const view = ksView(truth, core);
  const lineId = truth.items[0]?.platformItemId;
  const refunds = [...core.refunds.values()]
    .filter((s) => s.refund.platformOrderId === oid && (s.refund.platformItemId ?? lineId) === lineId)
    .map((s) => ksViewRefund(s.refund));
  return ksOrderToWire(view, ksAddress(truth, core), refunds);
}
