/**
 * The set-based write of one batch of shop orders and their lines: ONE statement (data-modifying
 * CTEs over one json parameter) instead of an order statement, a line statement and the JSON
 * round trip of the order ids between them. A stored order or line whose columns would not change
 * is not rewritten (no dead tuple, no index entries, no WAL), which makes a re-import of the same
 * file or an overlapping sync window nearly free; it still counts as "updated" (refreshed), as
 * before. The shop SKUs of the lines written are recorded by the same statement (goods links).
 * Measured in bench/order-import.bench.ts and bench/shops-sync.bench.ts.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { UpsertTarget } from '../../lib/shop-order-row.js';
import { recordShopSkusSql } from '../goods/index.js';

/** How each order of the batch went: I inserted, U updated, S same as stored (nothing written), O older than stored. */
export type UpsertHow = 'I' | 'U' | 'S' | 'O';

// The order columns a newer copy may change, in one list for the SET, the change test and the insert.
const ORDER_COLS = [
  'status',
  'platform_status',
  'refund_state',
  'buyer_nick',
  'receiver_name',
  'receiver_phone',
  'receiver_phone_tail',
  'receiver_province',
  'receiver_city',
  'receiver_district',
  'receiver_town',
  'receiver_address',
  'receiver_key',
  'receiver_encrypted',
  'receiver_decrypt_handle',
  'buyer_remark',
  'seller_remark',
  'seller_flag',
  'total_fen',
  'post_fee_fen',
  'payment_fen',
  'paid_at',
  'platform_modified_at',
  'item_search',
] as const;
const ITEM_COLS = [
  'item_id',
  'sku_id',
  'title',
  'spec',
  'outer_item_code',
  'outer_sku_code',
  'pic_url',
  'quantity',
  'price_fen',
  'payment_fen',
  'refund_state',
] as const;

const list = (cols: readonly string[], prefix = '') => cols.map((c) => `${prefix}${c}`).join(', ');
const setList = (cols: readonly string[]) => cols.map((c) => `${c} = excluded.${c}`).join(', ');

/** The receiver as the platform gives it: what a seller's correction replaces (shop-order-address). */
export const RECEIVER_COLS = ORDER_COLS.filter((c) => c.startsWith('receiver_'));
/** md5 of a receiver's columns read with `prefix` (`''` for the row being updated, `excluded.` for the incoming copy). */
export const receiverHash = (prefix: string) => `md5(row(${list(RECEIVER_COLS, prefix)})::text)`;
// A seller's correction is kept while the platform still gives the receiver it corrected.
const KEPT = `(o.receiver_platform_hash is not null and o.receiver_platform_hash = ${receiverHash('excluded.')})`;
const newValue = (c: (typeof ORDER_COLS)[number]) => (RECEIVER_COLS.includes(c) ? `case when ${KEPT} then o.${c} else excluded.${c} end` : `excluded.${c}`);

// receiver_sealed is written with the receiver but left out of the change test: a fresh nonce makes every
// sealing differ, while receiver_key (an HMAC) already tells whether the plain receiver changed. The same
// receiver keeps what is stored, so a receiver the retention job erased does not come back with a status change.
const ORDER_SQL = {
  cols: sql.raw(list(['platform_order_id', 'platform_created_at', 'receiver_sealed', ...ORDER_COLS])),
  values: sql.raw(list(['platform_order_id', 'platform_created_at', 'receiver_sealed', ...ORDER_COLS], 'x.')),
  set: sql.raw(
    `${ORDER_COLS.map((c) => `${c} = ${newValue(c)}`).join(', ')}, receiver_sealed = case when ${KEPT} or o.receiver_key = excluded.receiver_key then o.receiver_sealed else excluded.receiver_sealed end, receiver_platform_hash = case when ${KEPT} then o.receiver_platform_hash end`,
  ),
  changed: sql.raw(`(${list(ORDER_COLS, 'o.')}) is distinct from (${ORDER_COLS.map(newValue).join(', ')})`),
};
const ITEM_SQL = {
  cols: sql.raw(list(ITEM_COLS)),
  values: sql.raw(list(ITEM_COLS, 'i.')),
  set: sql.raw(setList(ITEM_COLS)),
  changed: sql.raw(`(${list(ITEM_COLS, 'l.')}) is distinct from (${list(ITEM_COLS, 'excluded.')})`),
};
const RECORD = sql.raw(`platform_order_id text, status text, platform_status text, refund_state text, buyer_nick text,
  receiver_name text, receiver_phone text, receiver_phone_tail text, receiver_province text, receiver_city text,
  receiver_district text, receiver_town text, receiver_address text, receiver_key text, receiver_sealed text,
  receiver_encrypted boolean, receiver_decrypt_handle text,
  buyer_remark text, seller_remark text, seller_flag int, total_fen bigint, post_fee_fen bigint, payment_fen bigint,
  platform_created_at timestamptz, paid_at timestamptz, platform_modified_at timestamptz, item_search text, items json`);
const ITEM_RECORD = sql.raw(`platform_item_id text, item_id text, sku_id text, title text, spec text, outer_item_code text,
  outer_sku_code text, pic_url text, quantity int, price_fen bigint, payment_fen bigint, refund_state text`);

/**
 * Inserts new orders and updates known ones (by shop and platform order id) with their lines and
 * their shop SKUs, in one statement. An older copy never overwrites a newer one (platform modified
 * time), so overlapping sync windows and re-imports are harmless. The dropship status is ours and
 * is never touched; lines are never deleted (platforms do not remove sub-orders). `payload` is the
 * JSON array of the orders as payloadOf makes them. Answers each order's fate.
 */
export async function upsertOrdersAndItems(db: Db, t: UpsertTarget, payload: string) {
  // Lines of the orders written or refreshed (an older copy writes neither its lines nor its SKUs).
  const freshLines = (cols: SQL) => sql`select ${cols}
      from w join x on x.platform_order_id = w.platform_order_id cross join json_to_recordset(x.items) as i(${ITEM_RECORD})
      where w.how <> 'O'`;
  const rows = await queryRows<{ platform_order_id: string; how: UpsertHow }>(
    db,
    sql`
    with x as materialized (
      select * from json_to_recordset(${payload}::json) as x(${RECORD})
    ),
    up as (
      insert into shop_orders as o (org_id, shop_id, channel, source, import_job_id, ${ORDER_SQL.cols})
      select ${t.orgId}, ${t.shopId}, ${t.channel}, ${t.source}, ${t.importJobId ?? null}::int, ${ORDER_SQL.values} from x
      on conflict (org_id, shop_id, platform_order_id) do update set ${ORDER_SQL.set}, updated_at = now()
      where o.platform_modified_at <= excluded.platform_modified_at and ${ORDER_SQL.changed}
      returning o.id, o.platform_order_id, (o.xmax = 0) as inserted
    ),
    -- The orders the insert neither made nor changed (stored already, and older or the same): none on
    -- a shop's first import, so a batch of new orders looks up no stored ones. Materialized: the
    -- lookup below runs only for what this holds.
    kept as materialized (
      select x.platform_order_id, x.platform_modified_at from x
      where not exists (select 1 from up where up.platform_order_id = x.platform_order_id)
    ),
    -- Their stored copies as the statement's snapshot has them (from before it), one probe of the
    -- (org, order id) index each, the shop checked after it (OFFSET 0 keeps the check out of the probe).
    -- Left to choose, the planner took a shop its statistics had not seen grow for empty and read all its
    -- orders for every batch (a new shop's import: all it had written so far, quadratic in the file).
    old as (
      select o.id, k.platform_order_id, o.platform_modified_at <= k.platform_modified_at as fresh
      from kept k cross join lateral (
        select s.id, s.shop_id, s.platform_modified_at from shop_orders s
        where s.org_id = ${t.orgId} and s.platform_order_id = k.platform_order_id
        offset 0
      ) o
      where o.shop_id = ${t.shopId}
    ),
    w as (
      select id, platform_order_id, case when inserted then 'I' else 'U' end as how from up
      union all
      select id, platform_order_id, case when fresh then 'S' else 'O' end from old
    ),
    lines as (
      insert into shop_order_items as l (org_id, order_id, platform_item_id, ${ITEM_SQL.cols})
      ${freshLines(sql`${t.orgId}, w.id, i.platform_item_id, ${ITEM_SQL.values}`)}
      on conflict (order_id, platform_item_id) do update set ${ITEM_SQL.set}
      where ${ITEM_SQL.changed}
    ),
    skus as (${recordShopSkusSql(t, freshLines(sql`i.item_id, i.sku_id, i.title, i.spec, i.outer_item_code, i.outer_sku_code, i.pic_url`))})
    select platform_order_id, how from w`,
  );
  return rows;
}
