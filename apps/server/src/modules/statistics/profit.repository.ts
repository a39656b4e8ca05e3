/**
 * Reads for 利润统计 (decision 0038): one seller's paid orders of a range of Beijing days (the day of
 * payment), from the rollup kept by `catchUpProfit` (profit-rollup.repository.ts): the per-period
 * view sums a handful of day rows per day, the order list pages the per-order rows, joined to the
 * order for its number, shop name and status.
 */
import type { ProfitStatisticsSplit, StatisticsPeriod } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export interface ProfitScope {
  sellerOrgId: number;
  fromDay: string;
  toDay: string;
  /** A shop of the seller's; 0 = orders without a shop; undefined = all. */
  shopId?: number;
  /** The shop picker's choice (the seller's shops); empty or undefined = all. */
  shopIds?: number[];
}

/** The rows of the scope in a rollup table aliased `p`. */
function scopeWhere(s: ProfitScope): SQL {
  const one = s.shopId === undefined ? sql`` : sql`and p.shop_id = ${s.shopId}`;
  const picked = s.shopIds && s.shopIds.length > 0 ? sql`and p.shop_id = any(${`{${s.shopIds.join(',')}}`}::int[])` : sql``;
  return sql`p.org_id = ${s.sellerOrgId} and p.day between ${s.fromDay}::date and ${s.toDay}::date ${one} ${picked}`;
}

const SUMS = sql.raw(`coalesce(sum(orders), 0) as orders, coalesce(sum(no_sale), 0) as no_sale,
  coalesce(sum(sale_fen), 0) as sale_fen, coalesce(sum(goods_fen), 0) as goods_fen, coalesce(sum(express_fen), 0) as express_fen,
  coalesce(sum(service_fen), 0) as service_fen, coalesce(sum(back_fen), 0) as back_fen`);

export type ProfitSumRow = {
  period: string;
  key: string;
  orders: number | string;
  no_sale: number | string;
  sale_fen: number | string;
  goods_fen: number | string;
  express_fen: number | string;
  service_fen: number | string;
  back_fen: number | string;
};

const PERIOD: Record<StatisticsPeriod, string> = {
  DAY: `to_char(day, 'YYYY-MM-DD')`,
  WEEK: `to_char(date_trunc('week', day), 'YYYY-MM-DD')`,
  MONTH: `to_char(day, 'YYYY-MM')`,
};
const KEY: Record<ProfitStatisticsSplit, string> = { SHOP: 'shop_id::text', CHANNEL: 'channel', NONE: `''` };

/** Sums of the orders by period (null: none) and key, from the day rows. */
export function profitSums(db: Db, s: ProfitScope, period: StatisticsPeriod | null, split: ProfitStatisticsSplit) {
  const grouped = period === null && split === 'NONE' ? sql`` : sql`group by 1, 2 order by 1, 2`;
  return queryRows<ProfitSumRow>(
    db,
    sql`select ${sql.raw(period === null ? `''` : PERIOD[period])} as period, ${sql.raw(KEY[split])} as key, ${SUMS}
        from stat_profit_daily p where ${scopeWhere(s)} ${grouped}`,
  );
}

export type ProfitOrderSqlRow = {
  order_id: number | string;
  order_no: string;
  platform_order_id: string | null;
  shop_id: number | string;
  shop_name: string;
  status: string;
  day: string | Date;
  no_sale: boolean;
  sale_fen: number | string;
  goods_fen: number | string;
  express_fen: number | string;
  service_fen: number | string;
  back_fen: number | string;
};

/** One page of the orders (newest payment first) and the sums of all of them. */
export async function profitOrders(db: Db, s: ProfitScope, pageNo: number, pageSize: number) {
  const list = await queryRows<ProfitOrderSqlRow>(
    db,
    sql`select p.order_id, o.order_no, o.platform_order_id, p.shop_id, coalesce(o.shop_name, '') as shop_name, o.status,
          to_char(p.day, 'YYYY-MM-DD') as day, p.no_sale, p.sale_fen, p.goods_fen, p.express_fen, p.service_fen, p.back_fen
        from stat_profit_orders p join dropship_orders o on o.id = p.order_id
        where ${scopeWhere(s)} order by p.day desc, p.order_id desc limit ${pageSize} offset ${(pageNo - 1) * pageSize}`,
  );
  const [sum] = await profitSums(db, s, null, 'NONE');
  return { list, sum };
}
