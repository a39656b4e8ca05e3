/**
 * 利润统计 (decision 0038): a seller's paid orders by the Beijing day of payment, per shop (or its
 * platform, or none) and period — sale price, goods, express, service, what after-sales gave back,
 * profit and margin — and the per-order list behind a row. A seller's own only.
 */
import {
  CHANNEL_NAMES,
  type Channel,
  ErrorCode,
  type ProfitFigures,
  type ProfitOrdersBody,
  type ProfitOrdersResult,
  type ProfitStatisticsBody,
  type ProfitStatisticsResult,
  type ProfitStatisticsSplit,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { type ProfitScope, type ProfitSumRow, profitOrders, profitSums } from './profit.repository.js';
import { catchUpProfit } from './profit-rollup.service.js';
import { areSellersShops, shopNames } from './shop-view.repository.js';
import { daysOf, periodOf } from './statistics.service.js';

const margin = (profit: number, sale: number) => (sale === 0 ? 0 : Math.round((profit / sale) * 10_000) / 10_000);

function parts(sale: number, goods: number, express: number, service: number, back: number) {
  const profit = sale - goods - express - service + back;
  return { saleFen: sale, goodsFen: goods, expressFen: express, serviceFen: service, afterSaleBackFen: back, profitFen: profit, margin: margin(profit, sale) };
}

function figures(r: ProfitSumRow | undefined): ProfitFigures {
  const n = (v: number | string | undefined) => Number(v ?? 0);
  return {
    orders: n(r?.orders),
    noSale: n(r?.no_sale),
    ...parts(n(r?.sale_fen), n(r?.goods_fen), n(r?.express_fen), n(r?.service_fen), n(r?.back_fen)),
  };
}

const SUMMED = ['orders', 'no_sale', 'sale_fen', 'goods_fen', 'express_fen', 'service_fen', 'back_fen'] as const;

/** The sum of rows as one row of `key`. */
function sumOf(key: string, rows: ProfitSumRow[]): ProfitSumRow {
  const out: ProfitSumRow = { period: '', key, orders: 0, no_sale: 0, sale_fen: 0, goods_fen: 0, express_fen: 0, service_fen: 0, back_fen: 0 };
  for (const r of rows) for (const c of SUMMED) out[c] = Number(out[c]) + Number(r[c]);
  return out;
}

async function keyNames(db: Db, split: ProfitStatisticsSplit, keys: string[]): Promise<(k: string) => string> {
  if (split === 'NONE') return () => '全部';
  if (split === 'CHANNEL') return (k) => (k === '' ? '（无店铺）' : (CHANNEL_NAMES[k as Channel] ?? k));
  const names = await shopNames(
    db,
    keys.map(Number).filter((n) => n > 0),
  );
  return (k) => (k === '0' ? '（无店铺）' : (names.get(k) ?? k));
}

/**
 * The caller's scope, its shops checked (another seller's answers 店铺不存在), after bringing its
 * rollup up to date: the read then sees every change committed before it.
 */
async function scopeOf(db: Db, caller: Caller, q: { startDay: string; endDay: string; shopId?: number; shopIds?: number[] }): Promise<ProfitScope> {
  const shops = [...(q.shopId !== undefined && q.shopId > 0 ? [q.shopId] : []), ...(q.shopIds ?? [])];
  if (!(await areSellersShops(db, caller.orgId, shops))) throw new AppError(ErrorCode.NOT_FOUND, '店铺不存在', 404);
  await catchUpProfit(db, caller.orgId);
  return { sellerOrgId: caller.orgId, fromDay: q.startDay, toDay: q.endDay, shopId: q.shopId, shopIds: q.shopIds };
}

/** The seller's profit by period and key over the range, every key's total and the grand total. */
export async function profitStatistics(db: Db, caller: Caller, q: ProfitStatisticsBody): Promise<ProfitStatisticsResult> {
  const s = await scopeOf(db, caller, q);
  // One read: the sums are additive, so the keys' totals and the grand total are summed from the rows.
  const rows = await profitSums(db, s, q.period, q.split);
  const keys = [...new Set(rows.map((r) => r.key))].sort().map((key) =>
    sumOf(
      key,
      rows.filter((r) => r.key === key),
    ),
  );
  const total = sumOf('', rows);
  const name = await keyNames(
    db,
    q.split,
    keys.map((k) => k.key),
  );
  return {
    startDay: q.startDay,
    endDay: q.endDay,
    period: q.period,
    split: q.split,
    periods: [...new Set(daysOf(q.startDay, q.endDay).map((d) => periodOf(d, q.period)))],
    rows: rows.map((r) => ({ period: r.period, key: r.key, keyName: name(r.key), ...figures(r) })),
    keys: keys.map((k) => ({ key: k.key, keyName: name(k.key), ...figures(k) })),
    total: figures(total),
  };
}

/** One page of the seller's paid orders of the range (one shop, or 0: those without a shop) with their parts. */
export async function profitOrderList(db: Db, caller: Caller, q: ProfitOrdersBody): Promise<ProfitOrdersResult> {
  const s = await scopeOf(db, caller, q);
  const { list, sum } = await profitOrders(db, s, q.pageNo, q.pageSize);
  return {
    total: Number(sum?.orders ?? 0),
    sum: figures(sum),
    list: list.map((r) => ({
      orderId: Number(r.order_id),
      orderNo: r.order_no,
      platformOrderId: r.platform_order_id,
      shopId: Number(r.shop_id),
      shopName: r.shop_name,
      status: r.status,
      paidDay: String(r.day),
      noSale: r.no_sale,
      ...parts(Number(r.sale_fen), Number(r.goods_fen), Number(r.express_fen), Number(r.service_fen), Number(r.back_fen)),
    })),
  };
}
