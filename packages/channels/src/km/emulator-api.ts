/** The KM emulator's methods, after the router checks passed (see ./emulator.ts). */
import { parseChinaTime } from '../marketplace/china-time.ts';
import type { ChannelCore, EmulatorShop } from '../marketplace/emulator-core.ts';
import { KM_CP_CODES } from './codes.ts';
import { KM_ERROR, kmErrorBody } from './errors.ts';
import { kmAfterSaleWire, kmTradeWire } from './view.ts';

type Body = Record<string, unknown>;
const KNOWN_CP = new Set(Object.values(KM_CP_CODES));
const DAY = 86_400_000;
const ok = (extra: Body): Body => ({ success: true, traceId: `km${Date.now().toString(36)}`, ...extra });

type Range = { ok: true; from: Date; to: Date; pageNo: number; pageSize: number } | { ok: false; body: Body };

/** startTime / endTime are an inclusive China-time range of at most a day; pageSize 1–100 (20019). */
function range(p: Record<string, string>): Range {
  const from = parseChinaTime(p.startTime);
  const to = parseChinaTime(p.endTime);
  const pageNo = Number(p.pageNo ?? 1);
  const pageSize = Number(p.pageSize ?? 20);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) return { ok: false, body: kmErrorBody(KM_ERROR.PAGE_SIZE, 'pageSize 取值 1-100') };
  if (!Number.isInteger(pageNo) || pageNo < 1) return { ok: false, body: kmErrorBody(KM_ERROR.INVALID_ARGUMENT, 'pageNo 从1开始') };
  if (!from || !to || to < from)
    return { ok: false, body: kmErrorBody(KM_ERROR.INVALID_ARGUMENT, 'startTime/endTime 格式应为 yyyy-MM-dd HH:mm:ss 且结束不早于开始') };
  if (to.getTime() - from.getTime() > DAY) return { ok: false, body: kmErrorBody(KM_ERROR.TIME_RANGE, '查询时间跨度不能超过1天') };
  return { ok: true, from, to: new Date(to.getTime() + 1000), pageNo, pageSize };
}

const page = <T>(rows: T[], r: { pageNo: number; pageSize: number }) => rows.slice((r.pageNo - 1) * r.pageSize, r.pageNo * r.pageSize);

export function kmApi(method: string, p: Record<string, string>, shop: EmulatorShop, core: ChannelCore): Body {
  const shopId = shop.platformShopId;
  switch (method) {
    case 'erp.shop.list.query': {
      const list = [
        {
          userId: `${shopId}01`,
          title: `${shop.shopName}·淘宝店`,
          shortTitle: '淘宝店',
          source: 'tb',
          state: 3,
          companyId: shopId,
          companyName: shop.shopName,
        },
        {
          userId: `${shopId}02`,
          title: `${shop.shopName}·拼多多店`,
          shortTitle: '拼多多店',
          source: 'pdd',
          state: 3,
          companyId: shopId,
          companyName: shop.shopName,
        },
      ];
      return ok({ list, total: list.length });
    }
    case 'erp.trade.list.query': {
      if (p.tid) {
        const o = core.order(shopId, p.tid);
        return ok({ list: o ? [kmTradeWire(o)] : [], total: o ? 1 : 0 });
      }
      if (p.timeType !== 'upd_time' && p.timeType !== 'created') return kmErrorBody(KM_ERROR.INVALID_ARGUMENT, `timeType 不支持：${p.timeType ?? ''}`);
      const r = range(p);
      if (!r.ok) return r.body;
      const all = core.ordersModifiedIn(shopId, p.timeType === 'created' ? new Date(0) : r.from, p.timeType === 'created' ? new Date(8.64e15) : r.to);
      const rows = p.timeType === 'created' ? all.filter((o) => o.createdAt >= r.from && o.createdAt < r.to) : all;
      return ok({ list: page(rows, r).map(kmTradeWire), total: rows.length });
    }
    case 'erp.aftersale.list.query': {
      const r = range(p);
      if (!r.ok) return r.body;
      const rows = core.refundsModifiedIn(shopId, r.from, r.to);
      return ok({ list: page(rows, r).map((x) => kmAfterSaleWire(x, core)), total: rows.length });
    }
    case 'erp.trade.consign.upload': {
      const order = core.order(shopId, p.tid ?? '');
      if (!order) return kmErrorBody(KM_ERROR.NOT_FOUND, `订单不存在：${p.tid ?? ''}`);
      if (!p.outSid?.trim() || !KNOWN_CP.has(p.cpCode ?? '')) return kmErrorBody(KM_ERROR.INVALID_ARGUMENT, `快递公司编码或运单号无效：${p.cpCode ?? ''}`);
      const oids = p.oids ? p.oids.split(',') : undefined;
      if (oids?.some((id) => !order.items.some((l) => l.platformItemId === id))) return kmErrorBody(KM_ERROR.INVALID_ARGUMENT, 'oids 必须是本订单的子订单');
      if (!core.canShip(order)) return kmErrorBody(KM_ERROR.INVALID_ARGUMENT, '订单状态不允许上传发货');
      core.ship(shopId, { platformOrderId: order.platformOrderId, platformItemIds: oids, companyCode: p.cpCode ?? '', trackingNo: p.outSid.trim() });
      return ok({});
    }
    default:
      return kmErrorBody(KM_ERROR.INVALID_ARGUMENT, `Invalid Method：${method}`);
  }
}
