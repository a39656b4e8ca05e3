/** SQL of custom goods; always scoped to the organisation. */
import type { EnableStatus } from '@dropship/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customGoods, suppliers } from './goods.table.js';
import { escapeLike } from './suppliers.repository.js';

export type CustomGoodsValues = Pick<typeof customGoods.$inferInsert, 'name' | 'supplierId' | 'artNo' | 'color' | 'size' | 'costFen' | 'picUrl' | 'remark'>;

function where(orgId: number, f: { keyword?: string | undefined; status?: EnableStatus | undefined }): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(customGoods.orgId, orgId)];
  if (f.status) parts.push(eq(customGoods.status, f.status));
  const k = f.keyword?.trim();
  if (k) {
    const like = `%${escapeLike(k)}%`;
    parts.push(or(ilike(customGoods.name, like), ilike(customGoods.artNo, like), ilike(suppliers.name, like)));
  }
  return and(...parts);
}

const selection = {
  id: customGoods.id,
  name: customGoods.name,
  supplierId: customGoods.supplierId,
  supplierName: suppliers.name,
  artNo: customGoods.artNo,
  color: customGoods.color,
  size: customGoods.size,
  costFen: customGoods.costFen,
  picUrl: customGoods.picUrl,
  remark: customGoods.remark,
  status: customGoods.status,
  updatedAt: customGoods.updatedAt,
};

export async function countCustomGoods(db: Db, orgId: number, f: Parameters<typeof where>[1]) {
  const [r] = await db.select({ n: count() }).from(customGoods).leftJoin(suppliers, eq(suppliers.id, customGoods.supplierId)).where(where(orgId, f));
  return r?.n ?? 0;
}

export async function listCustomGoods(db: Db, orgId: number, f: Parameters<typeof where>[1], limit: number, offset = 0) {
  return db
    .select(selection)
    .from(customGoods)
    .leftJoin(suppliers, eq(suppliers.id, customGoods.supplierId))
    .where(where(orgId, f))
    .orderBy(asc(customGoods.status), desc(customGoods.id))
    .limit(limit)
    .offset(offset);
}

export async function findCustomGoods(db: Db, orgId: number, id: number) {
  const rows = await db
    .select(selection)
    .from(customGoods)
    .leftJoin(suppliers, eq(suppliers.id, customGoods.supplierId))
    .where(and(eq(customGoods.orgId, orgId), eq(customGoods.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertCustomGoods(db: Db, orgId: number, v: CustomGoodsValues) {
  const [row] = await db
    .insert(customGoods)
    .values({ ...v, orgId })
    .returning({ id: customGoods.id });
  if (!row) throw new Error('custom goods not inserted');
  return row.id;
}

export async function updateCustomGoods(db: Db, orgId: number, id: number, v: CustomGoodsValues) {
  const rows = await db
    .update(customGoods)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(customGoods.orgId, orgId), eq(customGoods.id, id)))
    .returning({ id: customGoods.id });
  return rows.length > 0;
}

export async function countOwnCustomGoods(db: Db, orgId: number, ids: number[]) {
  const [r] = await db
    .select({ n: count() })
    .from(customGoods)
    .where(and(eq(customGoods.orgId, orgId), inArray(customGoods.id, ids)));
  return r?.n ?? 0;
}

export async function setCustomGoodsStatus(db: Db, orgId: number, ids: number[], status: EnableStatus) {
  await db
    .update(customGoods)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(customGoods.orgId, orgId), inArray(customGoods.id, ids)));
}
