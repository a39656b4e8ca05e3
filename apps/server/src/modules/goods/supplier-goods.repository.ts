/** SQL of supplier goods (supplier items) and the links that name them; scoped to the organisation. */
import { and, count, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { goodsLinks, supplierItems, suppliers } from './goods.table.js';
import { escapeLike } from './suppliers.repository.js';

export interface ItemFilter {
  supplierId?: number | undefined;
  keyword?: string | undefined;
  costMissing?: boolean | undefined;
}

function where(orgId: number, f: ItemFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(supplierItems.orgId, orgId)];
  if (f.supplierId) parts.push(eq(supplierItems.supplierId, f.supplierId));
  if (f.costMissing) parts.push(isNull(supplierItems.costFen));
  const k = f.keyword?.trim();
  if (k) parts.push(ilike(supplierItems.artNo, `%${escapeLike(k)}%`));
  return and(...parts);
}

export async function countItems(db: Db, orgId: number, f: ItemFilter) {
  const [r] = await db.select({ n: count() }).from(supplierItems).where(where(orgId, f));
  return r?.n ?? 0;
}

export async function listItems(db: Db, orgId: number, f: ItemFilter, limit: number, offset = 0) {
  return db
    .select({
      id: supplierItems.id,
      supplierId: supplierItems.supplierId,
      supplierName: suppliers.name,
      supplierCode: suppliers.code,
      artNo: supplierItems.artNo,
      color: supplierItems.color,
      size: supplierItems.size,
      costFen: supplierItems.costFen,
      updatedAt: supplierItems.updatedAt,
      linkedSkus: sql<number>`(select count(*)::int from goods_links g where g.org_id = ${orgId} and g.supplier_item_id = ${supplierItems.id} and g.replaced_at is null)`,
    })
    .from(supplierItems)
    .innerJoin(suppliers, eq(suppliers.id, supplierItems.supplierId))
    .where(where(orgId, f))
    .orderBy(desc(supplierItems.id))
    .limit(limit)
    .offset(offset);
}

/** Sets the item's cost; false when the item is not the organisation's. */
export async function setItemCost(tx: Db, orgId: number, id: number, costFen: number) {
  const rows = await tx
    .update(supplierItems)
    .set({ costFen, updatedAt: new Date() })
    .where(and(eq(supplierItems.orgId, orgId), eq(supplierItems.id, id)))
    .returning({ id: supplierItems.id });
  return rows.length > 0;
}

/** Current links of the item whose cost differs from `costFen`. */
export async function linksWithOtherCost(tx: Db, orgId: number, itemId: number, costFen: number) {
  return tx
    .select()
    .from(goodsLinks)
    .where(
      and(
        eq(goodsLinks.orgId, orgId),
        eq(goodsLinks.supplierItemId, itemId),
        isNull(goodsLinks.replacedAt),
        sql`${goodsLinks.costFen} is distinct from ${costFen}`,
      ),
    );
}
