/**
 * Shop SKUs: what the organisation sells, derived from its shop order lines. Identity is
 * (org, channel, item id, sku key), the sku key written once here in SQL (skuKeySql) and used by
 * the writer, the backfill, the abnormal-order check and resolveGoodsLinks alike:
 *   sku id present        → 'sku:'  + sku id       (the platform's SKU)
 *   else item id present  → 'spec:' + spec text    (single-SKU items, ERPs without sku ids)
 *   else outer SKU code   → 'code:' + outer code   (imports that carry no platform ids)
 *   else outer item code  → 'code:' + code + '|' + spec
 *   else                  → 'title:' + title + '|' + spec
 * The outer code (商家编码) is an attribute rules read, not part of the identity.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { inTransaction } from '../../db/transaction.js';

export interface SkuColumns {
  itemId: SQL;
  skuId: SQL;
  spec: SQL;
  outerSkuCode: SQL;
  outerItemCode: SQL;
  title: SQL;
}

/** The SKU key of a row whose columns are given (shop_order_items, a jsonb record set …). */
export function skuKeySql(c: SkuColumns): SQL {
  return sql`(case
    when coalesce(${c.skuId}, '') <> '' then 'sku:' || ${c.skuId}
    when coalesce(${c.itemId}, '') <> '' then 'spec:' || coalesce(${c.spec}, '')
    when coalesce(${c.outerSkuCode}, '') <> '' then 'code:' || ${c.outerSkuCode}
    when coalesce(${c.outerItemCode}, '') <> '' then 'code:' || ${c.outerItemCode} || '|' || coalesce(${c.spec}, '')
    else 'title:' || coalesce(${c.title}, '') || '|' || coalesce(${c.spec}, '') end)`;
}

/** The columns of an alias that has item_id, sku_id, spec, outer_sku_code, outer_item_code, title. */
export const columnsOf = (alias: string): SkuColumns => {
  const c = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    itemId: c('item_id'),
    skuId: c('sku_id'),
    spec: c('spec'),
    outerSkuCode: c('outer_sku_code'),
    outerItemCode: c('outer_item_code'),
    title: c('title'),
  };
};

/**
 * The statement that records the SKUs of shop order lines, for upsertShopOrders to run inside its
 * own (a CTE of the order upsert: the lines' record set read once, no second statement). `lines`
 * answers item_id, sku_id, title, spec, outer_item_code, outer_sku_code and pic_url, any of them
 * null. A known SKU is only rewritten when its title, spec, codes or picture changed, or once a day
 * to move last_seen_at, so a sync of known goods writes almost nothing.
 */
export function recordShopSkusSql(t: { orgId: number; shopId: number; channel: string }, lines: SQL): SQL {
  return sql`
    insert into shop_skus as s (org_id, channel, item_id, sku_key, sku_id, shop_id, title, spec, outer_item_code, outer_sku_code, pic_url)
    select distinct on (k.item_id, k.sku_key) ${t.orgId}::int, ${t.channel}::text, k.item_id, k.sku_key, nullif(k.sku_id, ''), ${t.shopId}::int,
      k.title, k.spec, k.outer_item_code, k.outer_sku_code, k.pic_url
    from (select coalesce(r.item_id, '') as item_id, r.sku_id, coalesce(r.title, '') as title, coalesce(r.spec, '') as spec,
            coalesce(r.outer_item_code, '') as outer_item_code, coalesce(r.outer_sku_code, '') as outer_sku_code,
            coalesce(r.pic_url, '') as pic_url, ${skuKeySql(columnsOf('r'))} as sku_key
          from (${lines}) r) k
    order by k.item_id, k.sku_key
    on conflict (org_id, channel, item_id, sku_key) do update set
      sku_id = excluded.sku_id, shop_id = excluded.shop_id, title = excluded.title, spec = excluded.spec,
      outer_item_code = excluded.outer_item_code, outer_sku_code = excluded.outer_sku_code, pic_url = excluded.pic_url, last_seen_at = now()
    where (s.title, s.spec, s.outer_item_code, s.outer_sku_code, s.pic_url, s.shop_id)
        is distinct from (excluded.title, excluded.spec, excluded.outer_item_code, excluded.outer_sku_code, excluded.pic_url, excluded.shop_id)
      or s.last_seen_at < now() - interval '1 day'`;
}

/**
 * Organisations already backfilled in this process, per database handle (the table answers for other
 * processes; a process with several databases — the test runner — must not carry one's answer to another).
 */
const backfilledByDb = new WeakMap<Db, Set<number>>();

/**
 * Copies SKUs of shop order lines written before shop_skus existed (or by a path that did not
 * record them), once per organisation, at first use. Idempotent: a second run adds nothing.
 */
export async function ensureShopSkus(db: Db, orgId: number) {
  const backfilled = backfilledByDb.get(db) ?? new Set<number>();
  backfilledByDb.set(db, backfilled);
  if (backfilled.has(orgId)) return;
  const done = await queryRows<{ one: number }>(db, sql`select 1 as one from shop_sku_backfills where org_id = ${orgId}`);
  if (done.length === 0) {
    await inTransaction(db, async (t) => {
      await t.execute(sql`
        insert into shop_skus (org_id, channel, item_id, sku_key, sku_id, shop_id, title, spec, outer_item_code, outer_sku_code, pic_url, first_seen_at, last_seen_at)
        select distinct on (o.channel, coalesce(i.item_id, ''), ${skuKeySql(columnsOf('i'))})
          i.org_id, o.channel, coalesce(i.item_id, ''), ${skuKeySql(columnsOf('i'))}, nullif(i.sku_id, ''), o.shop_id, i.title,
          coalesce(i.spec, ''), coalesce(i.outer_item_code, ''), coalesce(i.outer_sku_code, ''), coalesce(i.pic_url, ''),
          o.platform_created_at, o.platform_modified_at
        from shop_order_items i join shop_orders o on o.id = i.order_id
        where i.org_id = ${orgId}
        order by o.channel, coalesce(i.item_id, ''), ${skuKeySql(columnsOf('i'))}, o.platform_modified_at desc
        on conflict (org_id, channel, item_id, sku_key) do nothing`);
      await t.execute(sql`insert into shop_sku_backfills (org_id) values (${orgId}) on conflict do nothing`);
    });
  }
  backfilled.add(orgId);
}

/** What identifies a shop SKU from the outside (an order line): the channel and the line's ids and texts. */
export interface ShopSkuRef {
  channel: string;
  itemId: string;
  skuId?: string | null;
  spec?: string | null;
  outerSkuCode?: string | null;
  outerItemCode?: string | null;
  title?: string | null;
}

/** The organisation's shop_skus ids of the refs, in their order (null: never seen). */
export async function findSkuIdsByRefs(db: Db, orgId: number, refs: ShopSkuRef[]): Promise<(number | null)[]> {
  if (refs.length === 0) return [];
  const rows = refs.map((r, n) => ({
    n,
    channel: r.channel,
    item_id: r.itemId ?? '',
    sku_id: r.skuId ?? null,
    spec: r.spec ?? '',
    outer_sku_code: r.outerSkuCode ?? '',
    outer_item_code: r.outerItemCode ?? '',
    title: r.title ?? '',
  }));
  const found = await queryRows<{ n: number; id: string | number | null }>(
    db,
    sql`
    select x.n, (select s.id from shop_skus s
        where s.org_id = ${orgId} and s.channel = x.channel and s.item_id = x.item_id and s.sku_key = ${skuKeySql(columnsOf('x'))}) as id
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(n int, channel text, item_id text, sku_id text, spec text,
      outer_sku_code text, outer_item_code text, title text)`,
  );
  const out: (number | null)[] = refs.map(() => null);
  for (const f of found) out[f.n] = f.id === null ? null : Number(f.id);
  return out;
}
