/**
 * SQL of 利润统计's rollup (profit.table.ts, decision 0038): the per-order rows and their daily sums
 * kept by an incremental catch-up, no bracket in any writer. What changes a paid order's profit is
 * read back from two marks of the seller's:
 * - its ledger entries past `stat_profit_marks.ledger_entry_id`: payments, refunds, stops, undos,
 *   补款 (REPLENISH, business id `BK<request id>`), stall refunds (PROXY_RETURN_GOODS, business id
 *   the after-sale's number). Every movement of a tenant holds its account row's lock until commit
 *   (funds' moveMoney), so a seller's committed entries are always every id up to some point, plus
 *   at most one transaction's later ids still in flight: a watermark on the id misses nothing;
 * - the queue `stat_profit_dirty`, filled by triggers (migration 0045) for what moves none of the
 *   seller's money: an order paid on credit or for nothing, cancelled without a refund, its fees
 *   changed; a shop line's paid amount re-synced. The catch-up deletes what it takes, so a row
 *   committed after it is taken by the next one.
 * Each touched order is recomputed by the raw per-order select; its old row is taken out of the
 * daily sums and the new one added, here only.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { idArray, PROFIT_ORDER_COLUMNS, PROFIT_PARTS, profitOrdersSelect, type RawProfitScope } from './profit-raw.repository.js';

const COLS = PROFIT_ORDER_COLUMNS.join(', ');
const DAILY_FIGURES = ['orders', 'no_sale', ...PROFIT_PARTS] as const;

/** Takes the seller's catch-up lock (its marks row, made if missing); answers its mark, or null if it was never built. */
export async function lockMarks(db: Db, orgId: number): Promise<number | null> {
  const made = await queryRows<{ org_id: number }>(db, sql`insert into stat_profit_marks (org_id) values (${orgId}) on conflict do nothing returning org_id`);
  const [m] = await queryRows<{ ledger_entry_id: number | string }>(db, sql`select ledger_entry_id from stat_profit_marks where org_id = ${orgId} for update`);
  return made.length > 0 ? null : Number(m?.ledger_entry_id ?? 0);
}

export async function setMark(db: Db, orgId: number, ledgerEntryId: number) {
  await db.execute(sql`update stat_profit_marks set ledger_entry_id = ${ledgerEntryId} where org_id = ${orgId}`);
}

/**
 * In one statement (one snapshot): takes the seller's queued changes and reads its entries past the
 * mark; answers the orders they touch and the last entry id seen.
 */
export async function takeTouched(db: Db, orgId: number, mark: number): Promise<{ last: number; orderIds: number[] }> {
  const [r] = await queryRows<{ last: number | string | null; ids: string | null }>(
    db,
    sql`
    with d as (delete from stat_profit_dirty where org_id = ${orgId} returning order_id, shop_order_item_id),
    e as materialized (select id, transaction_type, business_id from ledger_entries where org_id = ${orgId} and id > ${mark}),
    touched as (
      select order_id as id from d where order_id is not null
      union select i.order_id from d join dropship_order_items i on i.shop_order_item_id = d.shop_order_item_id where i.org_id = ${orgId}
      union select x.order_id from e join dropship_order_entries x on x.entry_id = e.id
      union select o.id from e
        join replenish_details rd on e.transaction_type = 'REPLENISH' and e.business_id ~ '^BK[0-9]{1,9}$'
          and rd.replenish_id = substr(e.business_id, 3)::int and rd.purpose = 'UPDATE_PRICE'
        join dropship_orders o on o.order_no = rd.order_no and o.org_id = ${orgId}
      union select a.order_id from e join after_sales a on a.after_sale_no = e.business_id and a.org_id = ${orgId}
        where e.transaction_type = 'PROXY_RETURN_GOODS'
    )
    select (select max(id) from e) as last, (select string_agg(id::text, ',') from touched where id is not null) as ids`,
  );
  return {
    last: r?.last === null || r?.last === undefined ? mark : Number(r.last),
    orderIds: r?.ids ? r.ids.split(',').map(Number) : [],
  };
}

/** Sums of rows of stat_profit_orders named `from`, times `sign`, by day, shop and platform. */
const signed = (from: string, sign: 1 | -1) =>
  `select day, shop_id, channel, ${sign} * count(*) as orders, ${sign} * count(*) filter (where no_sale) as no_sale,
     ${PROFIT_PARTS.map((c) => `${sign} * sum(${c}) as ${c}`).join(', ')} from ${from} group by 1, 2, 3`;

function addToDaily(orgId: number, delta: string): SQL {
  return sql`insert into stat_profit_daily (org_id, day, shop_id, channel, ${sql.raw(DAILY_FIGURES.join(', '))})
    select ${orgId}::int, day, shop_id, channel, ${sql.raw(DAILY_FIGURES.map((c) => `sum(${c})`).join(', '))} from (${sql.raw(delta)}) x group by 1, 2, 3, 4
    on conflict (org_id, day, shop_id, channel) do update set
    ${sql.raw(DAILY_FIGURES.map((c) => `${c} = stat_profit_daily.${c} + excluded.${c}`).join(', '))}
    returning day`;
}

/** Drops the day rows left counting no order (every figure is then 0). */
async function dropEmpty(db: Db, orgId: number, days: Set<string>) {
  if (days.size === 0) return;
  await db.execute(sql`delete from stat_profit_daily where org_id = ${orgId} and orders = 0 and day = any(${`{${[...days].join(',')}}`}::date[])`);
}

const dayText = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/**
 * Recomputes these orders from the raw records: their old rows out of the day sums, then the new
 * ones in (two statements: the parts of one statement run in no set order, and the new row has the
 * old one's key).
 */
export async function refreshOrders(db: Db, orgId: number, orderIds: number[]) {
  if (orderIds.length === 0) return;
  const out = await queryRows<{ day: string | Date }>(
    db,
    sql`with o as (delete from stat_profit_orders where org_id = ${orgId} and order_id = any(${idArray(orderIds)}) returning *)
      ${addToDaily(orgId, signed('o', -1))}`,
  );
  const added = await addOrders(db, { orgId, orderIds });
  await dropEmpty(db, orgId, new Set([...out, ...added].map((r) => dayText(r.day))));
}

/** Inserts the raw per-order rows of the scope and adds them to the day sums; answers the days touched. */
function addOrders(db: Db, s: RawProfitScope) {
  return queryRows<{ day: string | Date }>(
    db,
    sql`with n as materialized (${profitOrdersSelect(s)}),
      ins as (insert into stat_profit_orders (${sql.raw(COLS)}) select ${sql.raw(COLS)} from n)
      ${addToDaily(s.orgId, signed('n', 1))}`,
  );
}

/** Replaces the seller's rows of the scope's days (a range, or all) by the raw per-order rows and their sums. */
export async function replaceDays(db: Db, s: RawProfitScope & ({ fromDay: string; toDay: string } | { all: true })) {
  const days = 'fromDay' in s ? sql`and day between ${s.fromDay}::date and ${s.toDay}::date` : sql``;
  await db.execute(sql`delete from stat_profit_orders where org_id = ${s.orgId} ${days}`);
  await db.execute(sql`delete from stat_profit_daily where org_id = ${s.orgId} ${days}`);
  await addOrders(db, s);
}

/** Empties the seller's queue and answers its last ledger entry id (a full build starts from here). */
export async function startOver(db: Db, orgId: number): Promise<number> {
  const [r] = await queryRows<{ last: number | string | null }>(
    db,
    sql`with d as (delete from stat_profit_dirty where org_id = ${orgId} returning 1)
        select (select max(id) from ledger_entries where org_id = ${orgId}) as last, (select count(*) from d) as taken`,
  );
  return Number(r?.last ?? 0);
}

/**
 * Whether the seller's rows may be behind (never built, a queued change, an entry past the mark),
 * in one statement without a lock: when not, every change committed so far is in them (a catch-up
 * in flight still shows its queue and its old mark until it commits).
 */
export async function isBehind(db: Db, orgId: number): Promise<boolean> {
  const [r] = await queryRows<{ behind: boolean }>(
    db,
    sql`select exists (select 1 from stat_profit_dirty where org_id = ${orgId})
      or not exists (select 1 from stat_profit_marks where org_id = ${orgId})
      or exists (select 1 from stat_profit_marks m join ledger_entries l on l.org_id = m.org_id and l.id > m.ledger_entry_id where m.org_id = ${orgId})
      as behind`,
  );
  return r?.behind !== false;
}

/** Sellers whose rows are behind: a queued change, or an entry past their mark; and sellers never built that have a change queued. */
export async function sellersBehind(db: Db): Promise<number[]> {
  const rows = await queryRows<{ org_id: number }>(
    db,
    sql`select distinct org_id from stat_profit_dirty
        union select m.org_id from stat_profit_marks m
          where exists (select 1 from ledger_entries l where l.org_id = m.org_id and l.id > m.ledger_entry_id)`,
  );
  return rows.map((r) => Number(r.org_id));
}

/** Sellers built at least once (the rebuild job walks them). */
export async function builtSellers(db: Db): Promise<number[]> {
  const rows = await queryRows<{ org_id: number }>(db, sql`select org_id from stat_profit_marks order by org_id`);
  return rows.map((r) => Number(r.org_id));
}

/** The stored per-order rows of a seller (all, or of [fromDay, toDay]), by order id: the rebuild test compares them. */
export function storedProfitOrders(db: Db, orgId: number, days?: { fromDay: string; toDay: string }) {
  const range = days ? sql`and day between ${days.fromDay}::date and ${days.toDay}::date` : sql``;
  return queryRows<Record<string, unknown>>(db, sql`select ${sql.raw(COLS)} from stat_profit_orders where org_id = ${orgId} ${range} order by order_id`);
}

/** The stored day rows of a seller, in key order. */
export function storedProfitDaily(db: Db, orgId: number) {
  return queryRows<Record<string, unknown>>(
    db,
    sql`select day, shop_id, channel, ${sql.raw(DAILY_FIGURES.join(', '))} from stat_profit_daily where org_id = ${orgId} order by day, shop_id, channel`,
  );
}
