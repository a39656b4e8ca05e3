/**
 * What the dropship-orders capability calls when it places an order: for each shop SKU, the link
 * snapshot to store with the order line, or why the SKU cannot be placed. The snapshot is
 * self-contained (stall fields copied as they are now, link id and version), so changing the link
 * or the supplier later never rewrites a placed order.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { columnsOf, ensureShopSkus, type ShopSkuRef, skuKeySql } from './shop-skus.repository.js';

export type { ShopSkuRef } from './shop-skus.repository.js';

export interface GoodsLinkSnapshot {
  linkId: number;
  version: number;
  shopSkuId: number;
  supplier: {
    id: number;
    name: string;
    code: string;
    market: string;
    building: string;
    floor: string;
    stallNo: string;
    marketArea: string;
    contact: string;
    phone: string;
    /** The manufacturer address printed on return labels. */
    address: string;
  };
  artNo: string;
  color: string;
  size: string;
  costFen: number;
}

/** NO_LINK also covers a SKU never seen in an order or import (it has no link either). */
export type UnplaceableReason = 'NO_LINK' | 'LINK_NO_COST' | 'SUPPLIER_DISABLED';

export type ResolvedGoodsLink =
  | { ref: ShopSkuRef; ok: true; snapshot: GoodsLinkSnapshot }
  | { ref: ShopSkuRef; ok: false; reason: UnplaceableReason; shopSkuId: number | null };

interface Row {
  n: number;
  shop_sku_id: string | number | null;
  link_id: string | number | null;
  version: number | null;
  art_no: string | null;
  color: string | null;
  size: string | null;
  cost_fen: string | number | null;
  s_id: number | null;
  s_name: string | null;
  s_code: string | null;
  s_market: string | null;
  s_building: string | null;
  s_floor: string | null;
  s_stall_no: string | null;
  s_market_area: string | null;
  s_contact: string | null;
  s_phone: string | null;
  s_address: string | null;
  s_status: string | null;
}

/** One statement for any number of SKUs; answers in the order of `skuKeys`. */
export async function resolveGoodsLinks(db: Db, orgId: number, skuKeys: ShopSkuRef[]): Promise<ResolvedGoodsLink[]> {
  if (skuKeys.length === 0) return [];
  await ensureShopSkus(db, orgId);
  const json = JSON.stringify(
    skuKeys.map((r, n) => ({
      n,
      channel: r.channel,
      item_id: r.itemId ?? '',
      sku_id: r.skuId ?? null,
      spec: r.spec ?? '',
      outer_sku_code: r.outerSkuCode ?? '',
      outer_item_code: r.outerItemCode ?? '',
      title: r.title ?? '',
    })),
  );
  const rows = await queryRows<Row>(
    db,
    sql`
    select x.n, k.*
    from jsonb_to_recordset(${json}::jsonb) as x(n int, channel text, item_id text, sku_id text, spec text, outer_sku_code text,
      outer_item_code text, title text)
    -- LATERAL with limit 1 (the key is unique): one probe of each unique index per SKU, whatever the
    -- planner's (absent: PGlite runs no autovacuum) statistics say; a plain join may scan all SKUs.
    left join lateral (
      select s.id as shop_sku_id, l.id as link_id, l.version, l.art_no, l.color, l.size, l.cost_fen,
        p.id as s_id, p.name as s_name, p.code as s_code, p.market as s_market, p.building as s_building, p.floor as s_floor,
        p.stall_no as s_stall_no, p.market_area as s_market_area, p.contact as s_contact, p.phone as s_phone, p.address as s_address,
        p.status as s_status
      from shop_skus s
      left join goods_links l on l.id = s.current_link_id and l.org_id = ${orgId}
      left join suppliers p on p.id = l.supplier_id and p.org_id = ${orgId}
      where s.org_id = ${orgId} and s.channel = x.channel and s.item_id = x.item_id and s.sku_key = ${skuKeySql(columnsOf('x'))}
      limit 1
    ) k on true
    order by x.n`,
  );
  return rows.map((r) => {
    const ref = skuKeys[r.n] as ShopSkuRef;
    const shopSkuId = r.shop_sku_id === null ? null : Number(r.shop_sku_id);
    if (r.link_id === null || r.s_id === null || shopSkuId === null) return { ref, ok: false, reason: 'NO_LINK', shopSkuId };
    if (r.s_status !== 'ENABLED') return { ref, ok: false, reason: 'SUPPLIER_DISABLED', shopSkuId };
    if (r.cost_fen === null) return { ref, ok: false, reason: 'LINK_NO_COST', shopSkuId };
    const snapshot: GoodsLinkSnapshot = {
      linkId: Number(r.link_id),
      version: r.version ?? 0,
      shopSkuId,
      supplier: {
        id: r.s_id,
        name: r.s_name ?? '',
        code: r.s_code ?? '',
        market: r.s_market ?? '',
        building: r.s_building ?? '',
        floor: r.s_floor ?? '',
        stallNo: r.s_stall_no ?? '',
        marketArea: r.s_market_area ?? '',
        contact: r.s_contact ?? '',
        phone: r.s_phone ?? '',
        address: r.s_address ?? '',
      },
      artNo: r.art_no ?? '',
      color: r.color ?? '',
      size: r.size ?? '',
      costFen: Number(r.cost_fen),
    };
    return { ref, ok: true, snapshot };
  });
}
