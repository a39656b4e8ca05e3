/**
 * SQL of the warehouse's waybill source per seller shop (decision 0025), scoped to the purchaser:
 * the shops it serves are the live shops of the sellers that have placed orders with it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { waybillSources } from './warehouse.table.js';

export interface ServedShop {
  shopId: number;
  shopName: string;
  sellerOrgId: number;
  sellerName: string;
  channel: string;
  source: string | null;
}

/** The served shops, or the one `shopId` among them; another purchaser's shop is not there. */
export async function servedShops(db: Db, purchaserOrgId: number, shopId?: number): Promise<ServedShop[]> {
  const rows = await queryRows<{ id: number; name: string; org_id: number; seller_name: string; channel: string; source: string | null }>(
    db,
    sql`select s.id, s.name, s.org_id, g.name as seller_name, s.channel, ws.source
      from shops s
      join organisations g on g.id = s.org_id
      left join waybill_sources ws on ws.purchaser_org_id = ${purchaserOrgId} and ws.shop_id = s.id
      where s.removed_at is null
        and s.org_id in (select distinct org_id from dropship_orders where purchaser_org_id = ${purchaserOrgId})
        ${shopId === undefined ? sql`` : sql`and s.id = ${shopId}`}
      order by g.name, s.id`,
  );
  return rows.map((r) => ({
    shopId: Number(r.id),
    shopName: r.name,
    sellerOrgId: Number(r.org_id),
    sellerName: r.seller_name,
    channel: r.channel,
    source: r.source,
  }));
}

export async function saveSource(db: Db, row: { purchaserOrgId: number; shopId: number; sellerOrgId: number; source: string }) {
  await db
    .insert(waybillSources)
    .values(row)
    .onConflictDoUpdate({ target: [waybillSources.purchaserOrgId, waybillSources.shopId], set: { source: row.source, updatedAt: sql`now()` } });
}

export async function savedSource(db: Db, purchaserOrgId: number, shopId: number): Promise<string | undefined> {
  const [r] = await db
    .select({ source: waybillSources.source })
    .from(waybillSources)
    .where(and(eq(waybillSources.purchaserOrgId, purchaserOrgId), eq(waybillSources.shopId, shopId)));
  return r?.source;
}
