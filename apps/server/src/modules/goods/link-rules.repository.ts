/** SQL of saved link rules, and the cost lookup of rule previews; always scoped to the organisation. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { goodsLinkRules } from './goods.table.js';

export type LinkRuleRecord = typeof goodsLinkRules.$inferSelect;
export type LinkRuleValues = { name: string; source: string; pattern: string; supplierId: number | null };

export async function listRules(db: Db, orgId: number) {
  return db.select().from(goodsLinkRules).where(eq(goodsLinkRules.orgId, orgId)).orderBy(asc(goodsLinkRules.id)).limit(100);
}

export async function countRules(db: Db, orgId: number) {
  const [r] = await db.select({ n: count() }).from(goodsLinkRules).where(eq(goodsLinkRules.orgId, orgId));
  return r?.n ?? 0;
}

export async function findRule(db: Db, orgId: number, id: number) {
  const rows = await db
    .select()
    .from(goodsLinkRules)
    .where(and(eq(goodsLinkRules.orgId, orgId), eq(goodsLinkRules.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertRule(db: Db, orgId: number, v: LinkRuleValues) {
  const [row] = await db
    .insert(goodsLinkRules)
    .values({ ...v, orgId })
    .returning({ id: goodsLinkRules.id });
  if (!row) throw new Error('rule not inserted');
  return row.id;
}

export async function updateRule(db: Db, orgId: number, id: number, v: LinkRuleValues) {
  const rows = await db
    .update(goodsLinkRules)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(goodsLinkRules.orgId, orgId), eq(goodsLinkRules.id, id)))
    .returning({ id: goodsLinkRules.id });
  return rows.length > 0;
}

export async function removeRule(db: Db, orgId: number, id: number) {
  const rows = await db
    .delete(goodsLinkRules)
    .where(and(eq(goodsLinkRules.orgId, orgId), eq(goodsLinkRules.id, id)))
    .returning({ id: goodsLinkRules.id });
  return rows.length > 0;
}

/** Known costs of supplier items (null where the item is new or has no cost), in the order given. */
export async function itemCosts(db: Db, orgId: number, keys: { supplierId: number; artNo: string; color: string; size: string }[]) {
  if (keys.length === 0) return [];
  const json = JSON.stringify(keys.map((k, n) => ({ n, supplier_id: k.supplierId, art_no: k.artNo, color: k.color, size: k.size })));
  const rows = await queryRows<{ n: number; cost_fen: string | number | null }>(
    db,
    sql`select x.n, (select si.cost_fen from supplier_items si where si.org_id = ${orgId} and si.supplier_id = x.supplier_id
          and si.art_no = x.art_no and si.color = x.color and si.size = x.size) as cost_fen
        from jsonb_to_recordset(${json}::jsonb) as x(n int, supplier_id int, art_no text, color text, size text)
        order by x.n`,
  );
  return rows.map((r) => (r.cost_fen === null ? null : Number(r.cost_fen)));
}
