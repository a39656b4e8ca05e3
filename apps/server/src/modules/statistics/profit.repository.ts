/**
 * Reads for 利润统计 (decision 0038): one seller's paid orders of a range of Beijing days (the day of
 * payment), each with its sale price, goods, express, service and after-sale money, computed from
 * the order's own columns and its ledger links at read time (no rollup: the order row already
 * carries the net of every refund, written in the same transaction as the ledger entry).
 * Plain SQL on other modules' tables, as the rest of statistics: no module import.
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
}

/**
 * The seller's paid orders of the range, each with its raw parts (the void rule is applied in `po`).
 * The parts are per-order subqueries on indexes (lines by (org, order), ledger links by order,
 * after-sales by (org, order)): a join of grouped side tables was planned as a nested loop that
 * re-grouped them for every order (quadratic; bench/statistics-profit.bench.ts).
 */
function ordersOf(s: ProfitScope): SQL {
  const shop = s.shopId === undefined ? sql`` : sql`and coalesce(o.shop_id, 0) = ${s.shopId}`;
  const start = sql`(${s.fromDay}::date::timestamp at time zone 'Asia/Shanghai')`;
  return sql`
    with rp as materialized (
      -- 补款 paid for a stall's higher price; a request comes after its order's payment, so the range's start bounds it
      select d.order_no, r.amount_fen as fen from replenish_requests r
      join replenish_details d on d.replenish_id = r.id and d.purpose = 'UPDATE_PRICE'
      where r.org_id = ${s.sellerOrgId} and r.status = 'PAID' and r.created_at >= ${start}
    ),
    raw as (
      select o.id as order_id, o.order_no, o.platform_order_id, coalesce(o.shop_id, 0) as shop_id, coalesce(o.shop_name, '') as shop_name,
        coalesce(o.channel, '') as channel, o.status, (o.paid_at at time zone 'Asia/Shanghai')::date as day,
        (o.shop_order_id is null) as no_sale,
        (o.status = 'CANCELED' or o.refunded_fen >= o.total_fen) as void,
        -- the shop order's paid amount for the lines this order placed (each shop line once)
        coalesce((select sum(x.payment_fen) from (
          select distinct si.id, si.payment_fen from dropship_order_items i join shop_order_items si on si.id = i.shop_order_item_id
          where i.org_id = ${s.sellerOrgId} and i.order_id = o.id) x), 0) as sale_raw,
        -- the order's payment after every refund, plus its paid 补款 less any refunded by an undo
        o.total_fen - o.refunded_fen
          + coalesce((select sum(rp.fen) from rp where rp.order_no = o.order_no), 0)
          - coalesce((select sum(l.available_delta_fen) from dropship_order_entries e join ledger_entries l on l.id = e.entry_id
              where e.order_id = o.id and l.purpose = 'UPDATE_PRICE'), 0) as paid_net,
        o.express_fee_fen as express_raw,
        greatest(o.service_fee_fen + o.speed_fee_fen - o.discount_fen, 0) as service_raw,
        -- what the stalls gave back through after-sales (the credit net of the return service fee)
        coalesce((select sum(l.available_delta_fen) from after_sales a
          join after_sale_entries x on x.after_sale_id = a.id
          join ledger_entries l on l.id = x.entry_id and l.transaction_type = 'PROXY_RETURN_GOODS'
          where a.org_id = ${s.sellerOrgId} and a.order_id = o.id), 0) as back_raw
      from dropship_orders o
      where o.org_id = ${s.sellerOrgId} and o.paid_at is not null
        and o.paid_at >= ${start} and o.paid_at < ((${s.toDay}::date + 1)::timestamp at time zone 'Asia/Shanghai') ${shop}
    ),
    po as (
      select r.*,
        case when void then 0 else sale_raw end as sale_fen,
        case when void then 0 else express_raw end as express_fen,
        case when void then 0 else service_raw end as service_fen,
        case when void then 0 else paid_net - express_raw - service_raw end as goods_fen,
        case when void then 0 else back_raw end as back_fen
      from raw r
    )`;
}

const SUMS = sql.raw(`count(*) as orders, count(*) filter (where no_sale) as no_sale,
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

/** Sums of the orders by period (null: none) and key. */
export function profitSums(db: Db, s: ProfitScope, period: StatisticsPeriod | null, split: ProfitStatisticsSplit) {
  return queryRows<ProfitSumRow>(
    db,
    sql`${ordersOf(s)} select ${sql.raw(period === null ? `''` : PERIOD[period])} as period, ${sql.raw(KEY[split])} as key, ${SUMS}
        from po group by 1, 2 order by 1, 2`,
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
    sql`${ordersOf(s)} select order_id, order_no, platform_order_id, shop_id, shop_name, status, to_char(day, 'YYYY-MM-DD') as day, no_sale,
          sale_fen, goods_fen, express_fen, service_fen, back_fen
        from po order by day desc, order_id desc limit ${pageSize} offset ${(pageNo - 1) * pageSize}`,
  );
  const [sum] = await profitSums(db, s, null, 'NONE');
  return { list, sum };
}
