/** The WDT emulator's methods, after the openapi2 checks passed (see ./emulator.ts). */
import { parseChinaTime } from '../marketplace/china-time.ts';
import type { ChannelCore, EmulatorShop } from '../marketplace/emulator-core.ts';
import { WDT_LOGISTICS_TYPES } from './codes.ts';
import { WDT_CODE, WDT_MSG, wdtErrorBody } from './errors.ts';
import { wdtRefundWire, wdtTradeWire } from './view.ts';

type Body = Record<string, unknown>;
const KNOWN_TYPES = new Set(Object.values(WDT_LOGISTICS_TYPES));
const HOUR = 3600_000;
const ok = (extra: Body): Body => ({ code: 0, message: '', ...extra });

type Range = { ok: true; from: Date; to: Date; pageNo: number; pageSize: number } | { ok: false; body: Body };

/** Closed start_time … end_time range of at most 60 minutes; page_no from 0 and page_size (≤ 100) required. */
function range(p: Record<string, string>): Range {
  const fail = (message: string): Range => ({ ok: false, body: wdtErrorBody(WDT_CODE.BUSINESS, message) });
  if (p.page_no === undefined || p.page_size === undefined) return fail('此方法仅支持分页查询：page_no、page_size 必传');
  const pageNo = Number(p.page_no);
  const pageSize = Number(p.page_size);
  if (!Number.isInteger(pageNo) || pageNo < 0 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
    return fail('page_no 从0开始，page_size 取值 1-100');
  const from = parseChinaTime(p.start_time);
  const to = parseChinaTime(p.end_time);
  if (!from || !to) return fail('参数中必须包含起止时间');
  if (to < from) return fail('结束时间不能早于开始时间');
  if (to.getTime() - from.getTime() > HOUR) return fail(WDT_MSG.WINDOW);
  return { ok: true, from, to: new Date(to.getTime() + 1000), pageNo, pageSize };
}

const page = <T>(rows: T[], r: { pageNo: number; pageSize: number }) => rows.slice(r.pageNo * r.pageSize, (r.pageNo + 1) * r.pageSize);

export function wdtApi(api: string, p: Record<string, string>, shop: EmulatorShop, core: ChannelCore): Body {
  const shopId = shop.platformShopId;
  switch (api) {
    case 'shop.php':
      return ok({ total_count: 1, shoplist: [{ shop_id: 1, shop_no: 'SHOP01', shop_name: shop.shopName, platform_id: 127, is_disabled: 0 }] });
    case 'trade_query.php': {
      if (p.src_tid) {
        const o = core.order(shopId, p.src_tid);
        return ok({ total_count: o ? 1 : 0, trades: o ? [wdtTradeWire(o, shop.shopName)] : [] });
      }
      const r = range(p);
      if (!r.ok) return r.body;
      const rows = core.ordersModifiedIn(shopId, r.from, r.to);
      return ok({ total_count: rows.length, trades: page(rows, r).map((o) => wdtTradeWire(o, shop.shopName)) });
    }
    case 'refund_query.php': {
      const r = range(p);
      if (!r.ok) return r.body;
      const rows = core.refundsModifiedIn(shopId, r.from, r.to);
      return ok({ total_count: rows.length, refunds: page(rows, r).map((x) => wdtRefundWire(x, core)) });
    }
    case 'trade_logistics_upload.php': {
      const order = core.order(shopId, p.src_tid ?? '');
      if (!order) return wdtErrorBody(WDT_CODE.BUSINESS, WDT_MSG.NOT_FOUND);
      const type = Number(p.logistics_type);
      const no = (p.logistics_no ?? '').trim();
      if (!no || !KNOWN_TYPES.has(type)) return wdtErrorBody(WDT_CODE.BUSINESS, `不存在物流编码为 ${p.logistics_type ?? ''} 的物流公司或物流单号为空`);
      const oids = p.src_oids ? p.src_oids.split(',') : undefined;
      if (oids?.some((id) => !order.items.some((l) => l.platformItemId === id))) return wdtErrorBody(WDT_CODE.BUSINESS, 'src_oids 必须是本订单的子订单');
      if (!core.canShip(order)) return wdtErrorBody(WDT_CODE.BUSINESS, '订单状态不允许回传物流');
      core.ship(shopId, { platformOrderId: order.platformOrderId, platformItemIds: oids, companyCode: String(type), trackingNo: no });
      return ok({});
    }
    default:
      return wdtErrorBody(WDT_CODE.BUSINESS, `接口不存在：${api}`);
  }
}
