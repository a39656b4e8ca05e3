/**
 * SQL of shop SKUs and their versioned links. Bulk writes are one statement per step over a jsonb
 * record set (the same pattern as the shop-order upsert), so a rule over 50,000 SKUs costs a
 * handful of statements per chunk rather than one per SKU.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { goodsLinks, shopSkus, suppliers } from './goods.table.js';
import { escapeLike } from './suppliers.repository.js';

export interface SkuFilter {
  linked?: 'ALL' | 'LINKED' | 'UNLINKED' | undefined;
  channel?: string | undefined;
  keyword?: string | undefined;
  supplierId?: number | undefined;
}

const skuSelection = {
  id: shopSkus.id,
  channel: shopSkus.channel,
  shopId: shopSkus.shopId,
  itemId: shopSkus.itemId,
  skuId: shopSkus.skuId,
  title: shopSkus.title,
  spec: shopSkus.spec,
  outerItemCode: shopSkus.outerItemCode,
  outerSkuCode: shopSkus.outerSkuCode,
  picUrl: shopSkus.picUrl,
  lastSeenAt: shopSkus.lastSeenAt,
  linkId: goodsLinks.id,
  version: goodsLinks.version,
  supplierId: goodsLinks.supplierId,
  supplierItemId: goodsLinks.supplierItemId,
  artNo: goodsLinks.artNo,
  color: goodsLinks.color,
  size: goodsLinks.size,
  costFen: goodsLinks.costFen,
  source: goodsLinks.source,
  linkedAt: goodsLinks.createdAt,
  supplierName: suppliers.name,
  supplierCode: suppliers.code,
  supplierStatus: suppliers.status,
};

export type SkuWithLink = Awaited<ReturnType<typeof selectSkus>>[number];

function selectSkus(db: Db) {
  return db
    .select(skuSelection)
    .from(shopSkus)
    .leftJoin(goodsLinks, eq(goodsLinks.id, shopSkus.currentLinkId))
    .leftJoin(suppliers, eq(suppliers.id, goodsLinks.supplierId));
}

function skuWhere(orgId: number, f: SkuFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(shopSkus.orgId, orgId)];
  if (f.linked === 'LINKED') parts.push(isNotNull(shopSkus.currentLinkId));
  if (f.linked === 'UNLINKED') parts.push(isNull(shopSkus.currentLinkId));
  if (f.channel) parts.push(eq(shopSkus.channel, f.channel));
  if (f.supplierId) parts.push(eq(goodsLinks.supplierId, f.supplierId));
  const k = f.keyword?.trim();
  if (k) {
    const like = `%${escapeLike(k)}%`;
    parts.push(
      or(
        ilike(shopSkus.title, like),
        ilike(shopSkus.outerSkuCode, like),
        ilike(shopSkus.outerItemCode, like),
        eq(shopSkus.itemId, k),
        eq(shopSkus.skuId, k),
        ilike(goodsLinks.artNo, like),
      ),
    );
  }
  return and(...parts);
}

export async function countSkus(db: Db, orgId: number, f: SkuFilter) {
  const [r] = await db.select({ n: count() }).from(shopSkus).leftJoin(goodsLinks, eq(goodsLinks.id, shopSkus.currentLinkId)).where(skuWhere(orgId, f));
  return r?.n ?? 0;
}

export async function listSkus(db: Db, orgId: number, f: SkuFilter, limit: number, offset = 0) {
  return selectSkus(db).where(skuWhere(orgId, f)).orderBy(desc(shopSkus.id)).limit(limit).offset(offset);
}

const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

/**
 * A chunk in id order after `afterId` (rules walk all SKUs this way). The ids first, alone: joined
 * in one query, the planner (without statistics) joins every SKU of the organisation and sorts.
 */
export async function skusAfter(db: Db, orgId: number, unlinkedOnly: boolean, afterId: number, limit: number) {
  const ids = await db
    .select({ id: shopSkus.id })
    .from(shopSkus)
    .where(and(eq(shopSkus.orgId, orgId), gt(shopSkus.id, afterId), unlinkedOnly ? isNull(shopSkus.currentLinkId) : undefined))
    .orderBy(asc(shopSkus.id))
    .limit(limit);
  if (ids.length === 0) return [];
  return selectSkus(db)
    .where(and(eq(shopSkus.orgId, orgId), sql`${shopSkus.id} = any(${idArray(ids.map((r) => r.id))})`))
    .orderBy(asc(shopSkus.id));
}

/** The SKUs with their current links, locked until the transaction ends (two link writes queue up). */
export async function lockSkus(tx: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  // One array parameter rather than thousands of bind parameters (a rule batch locks 5,000 SKUs).
  return selectSkus(tx)
    .where(and(eq(shopSkus.orgId, orgId), sql`${shopSkus.id} = any(${idArray(ids)})`))
    .for('update', { of: shopSkus });
}

export interface ItemKey {
  supplierId: number;
  artNo: string;
  color: string;
  size: string;
  costFen: number | null;
}

/**
 * Makes sure each supplier item exists; a given cost becomes the item's latest known cost. Answers
 * every item's id and cost in the order given.
 */
export async function upsertItems(tx: Db, orgId: number, items: ItemKey[]) {
  if (items.length === 0) return [];
  const json = JSON.stringify(items.map((i, n) => ({ n, supplier_id: i.supplierId, art_no: i.artNo, color: i.color, size: i.size, cost_fen: i.costFen })));
  const rs = sql`jsonb_to_recordset(${json}::jsonb) as x(n int, supplier_id int, art_no text, color text, size text, cost_fen bigint)`;
  await tx.execute(sql`
    insert into supplier_items as si (org_id, supplier_id, art_no, color, size, cost_fen)
    select distinct on (x.supplier_id, x.art_no, x.color, x.size) ${orgId}, x.supplier_id, x.art_no, x.color, x.size, x.cost_fen
    from ${rs} order by x.supplier_id, x.art_no, x.color, x.size, x.n desc
    on conflict (org_id, supplier_id, art_no, color, size) do update set cost_fen = excluded.cost_fen, updated_at = now()
    where excluded.cost_fen is not null and si.cost_fen is distinct from excluded.cost_fen`);
  const rows = await queryRows<{ n: number; id: string | number; cost_fen: string | number | null }>(
    tx,
    // LATERAL with limit 1: a probe of the unique index per item, whatever the planner's (absent) statistics say.
    sql`select x.n, si.id, si.cost_fen from ${rs}
        cross join lateral (select id, cost_fen from supplier_items si where si.org_id = ${orgId} and si.supplier_id = x.supplier_id
          and si.art_no = x.art_no and si.color = x.color and si.size = x.size limit 1) si
        order by x.n`,
  );
  return rows.map((r) => ({ id: Number(r.id), costFen: r.cost_fen === null ? null : Number(r.cost_fen) }));
}

export async function markReplaced(tx: Db, orgId: number, linkIds: number[]) {
  if (linkIds.length === 0) return;
  await tx
    .update(goodsLinks)
    .set({ replacedAt: new Date() })
    .where(and(eq(goodsLinks.orgId, orgId), inArray(goodsLinks.id, linkIds), isNull(goodsLinks.replacedAt)));
}

export interface NewLink {
  shopSkuId: number;
  supplierId: number;
  supplierItemId: number;
  artNo: string;
  color: string;
  size: string;
  costFen: number | null;
}

/** Inserts the next version of each SKU's link and makes it the SKU's current link. */
export async function insertCurrentLinks(tx: Db, orgId: number, links: NewLink[], meta: { source: string; ruleId: number | null; userId: number | null }) {
  if (links.length === 0) return;
  const json = JSON.stringify(
    links.map((l) => ({
      shop_sku_id: l.shopSkuId,
      supplier_id: l.supplierId,
      supplier_item_id: l.supplierItemId,
      art_no: l.artNo,
      color: l.color,
      size: l.size,
      cost_fen: l.costFen,
    })),
  );
  await tx.execute(sql`
    with ins as (
      insert into goods_links (org_id, shop_sku_id, version, supplier_id, supplier_item_id, art_no, color, size, cost_fen, source, rule_id, created_by)
      select ${orgId}, x.shop_sku_id,
        coalesce((select max(g.version) from goods_links g where g.shop_sku_id = x.shop_sku_id), 0) + 1,
        x.supplier_id, x.supplier_item_id, x.art_no, x.color, x.size, x.cost_fen, ${meta.source}, ${meta.ruleId}::int, ${meta.userId}::int
      from jsonb_to_recordset(${json}::jsonb) as x(shop_sku_id bigint, supplier_id int, supplier_item_id bigint, art_no text, color text, size text, cost_fen bigint)
      returning id, shop_sku_id)
    update shop_skus s set current_link_id = ins.id from ins where s.id = ins.shop_sku_id and s.org_id = ${orgId}`);
}

/** Ends the current link of each SKU; answers how many SKUs were linked. */
export async function unlinkSkus(tx: Db, orgId: number, skuIds: number[]) {
  const ended = await tx
    .update(goodsLinks)
    .set({ replacedAt: new Date() })
    .where(and(eq(goodsLinks.orgId, orgId), inArray(goodsLinks.shopSkuId, skuIds), isNull(goodsLinks.replacedAt)))
    .returning({ id: goodsLinks.id });
  await tx
    .update(shopSkus)
    .set({ currentLinkId: null })
    .where(and(eq(shopSkus.orgId, orgId), inArray(shopSkus.id, skuIds)));
  return ended.length;
}

export async function countOwnSkus(db: Db, orgId: number, ids: number[]) {
  const [r] = await db
    .select({ n: count() })
    .from(shopSkus)
    .where(and(eq(shopSkus.orgId, orgId), inArray(shopSkus.id, ids)));
  return r?.n ?? 0;
}

/** Every version of one SKU's link, newest first. */
export async function linkHistory(db: Db, orgId: number, skuId: number) {
  return db
    .select({
      linkId: goodsLinks.id,
      version: goodsLinks.version,
      supplierId: goodsLinks.supplierId,
      supplierName: suppliers.name,
      supplierCode: suppliers.code,
      supplierStatus: suppliers.status,
      artNo: goodsLinks.artNo,
      color: goodsLinks.color,
      size: goodsLinks.size,
      costFen: goodsLinks.costFen,
      source: goodsLinks.source,
      createdAt: goodsLinks.createdAt,
      replacedAt: goodsLinks.replacedAt,
    })
    .from(goodsLinks)
    .innerJoin(suppliers, eq(suppliers.id, goodsLinks.supplierId))
    .where(and(eq(goodsLinks.orgId, orgId), eq(goodsLinks.shopSkuId, skuId)))
    .orderBy(desc(goodsLinks.version))
    .limit(200);
}

/** Which of the ids are the organisation's SKUs. */
export async function ownSkuIds(db: Db, orgId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: shopSkus.id })
    .from(shopSkus)
    .where(and(eq(shopSkus.orgId, orgId), inArray(shopSkus.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The organisation's SKUs with their current links (no lock). */
export async function skusByIds(db: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return selectSkus(db).where(and(eq(shopSkus.orgId, orgId), inArray(shopSkus.id, ids)));
}
