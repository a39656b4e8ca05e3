/**
 * 利润统计's per-order result from the raw records (decision 0038's rules): a seller's paid orders,
 * each with its Beijing pay day, shop, platform and money parts, computed from the order's own
 * columns and its ledger links. The rollup's catch-up runs it for the orders that changed, the
 * rebuild for a range of days, and the tests compare the stored rows with it. Plain SQL on other
 * modules' tables, as the rest of statistics: no module import.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/** Which of a seller's paid orders: those paid on the Beijing days [fromDay, toDay], these ids, or all. */
export type RawProfitScope = { orgId: number } & ({ fromDay: string; toDay: string } | { orderIds: number[] } | { all: true });

/** The columns of stat_profit_orders, in the order the per-order select answers them. */
export const PROFIT_ORDER_COLUMNS = [
  'org_id',
  'order_id',
  'day',
  'shop_id',
  'channel',
  'no_sale',
  'sale_fen',
  'goods_fen',
  'express_fen',
  'service_fen',
  'back_fen',
] as const;
/** The summed money columns. */
export const PROFIT_PARTS = ['sale_fen', 'goods_fen', 'express_fen', 'service_fen', 'back_fen'] as const;

export const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Shanghai')`;

function ordersWhere(s: RawProfitScope): { where: SQL; since: SQL } {
  if ('fromDay' in s) {
    const start = dayStart(s.fromDay);
    return { where: sql`o.paid_at >= ${start} and o.paid_at < ((${s.toDay}::date + 1)::timestamp at time zone 'Asia/Shanghai')`, since: start };
  }
  if ('orderIds' in s)
    return {
      where: sql`o.id = any(${idArray(s.orderIds)})`,
      since: sql`(select min(paid_at) from dropship_orders where org_id = ${s.orgId} and id = any(${idArray(s.orderIds)}))`,
    };
  return { where: sql`true`, since: sql`'-infinity'::timestamptz` };
}

/**
 * The per-order select: one row per paid order of the scope, with the columns of stat_profit_orders
 * (cancelled ones with every part 0). The parts are per-order subqueries on indexes (lines by
 * (org, order), ledger links by order, after-sales by (org, order)): a join of grouped side tables
 * was planned as a nested loop that re-grouped them for every order (quadratic).
 */
export function profitOrdersSelect(s: RawProfitScope): SQL {
  const { where, since } = ordersWhere(s);
  return sql`
    with rp as materialized (
      -- 补款 paid for a stall's higher price; a request comes after its order's payment, so the earliest payment bounds it
      select d.order_no, r.amount_fen as fen from replenish_requests r
      join replenish_details d on d.replenish_id = r.id and d.purpose = 'UPDATE_PRICE'
      where r.org_id = ${s.orgId} and r.status = 'PAID' and r.created_at >= ${since}
    ),
    raw as (
      select o.org_id, o.id as order_id, (o.paid_at at time zone 'Asia/Shanghai')::date as day,
        coalesce(o.shop_id, 0) as shop_id, coalesce(o.channel, '') as channel, (o.shop_order_id is null) as no_sale,
        (o.status = 'CANCELED' or o.refunded_fen >= o.total_fen) as void,
        -- the shop order's paid amount for the lines this order placed (each shop line once)
        coalesce((select sum(x.payment_fen) from (
          select distinct si.id, si.payment_fen from dropship_order_items i join shop_order_items si on si.id = i.shop_order_item_id
          where i.org_id = ${s.orgId} and i.order_id = o.id) x), 0) as sale_raw,
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
          where a.org_id = ${s.orgId} and a.order_id = o.id), 0) as back_raw
      from dropship_orders o
      where o.org_id = ${s.orgId} and o.paid_at is not null and ${where}
    )
    select org_id, order_id, day, shop_id, channel, no_sale,
      case when void then 0 else sale_raw end as sale_fen,
      case when void then 0 else paid_net - express_raw - service_raw end as goods_fen,
      case when void then 0 else express_raw end as express_fen,
      case when void then 0 else service_raw end as service_fen,
      case when void then 0 else back_raw end as back_fen
    from raw`;
}

export type ProfitOrderRecord = {
  org_id: number;
  order_id: number | string;
  day: string | Date;
  shop_id: number;
  channel: string;
  no_sale: boolean;
} & Record<(typeof PROFIT_PARTS)[number], number | string>;

/** The per-order rows recomputed from the raw records, by order id (the tests' and the bench's bare side). */
export function rawProfitOrders(db: Db, s: RawProfitScope) {
  return queryRows<ProfitOrderRecord>(db, sql`select ${sql.raw(PROFIT_ORDER_COLUMNS.join(', '))} from (${profitOrdersSelect(s)}) p order by order_id`);
}
