/** SQL of the supplier list and the shared stall directory; supplier queries always take the orgId. */
import type { EnableStatus } from '@dropship/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stallDirectory, suppliers } from './goods.table.js';

export type SupplierRecord = typeof suppliers.$inferSelect;
export type SupplierValues = Omit<typeof suppliers.$inferInsert, 'id' | 'orgId' | 'createdAt' | 'updatedAt' | 'status' | 'directoryId'>;
export type DirectoryRecord = typeof stallDirectory.$inferSelect;

/** Hard bound on one organisation's list (options, exports, the rule lookup). */
export const SUPPLIERS_MAX = 20_000;

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function pageWhere(orgId: number, q: { keyword?: string | undefined; status?: EnableStatus | undefined; marketArea?: string | undefined }): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(suppliers.orgId, orgId)];
  if (q.status) parts.push(eq(suppliers.status, q.status));
  if (q.marketArea) parts.push(eq(suppliers.marketArea, q.marketArea));
  const k = q.keyword?.trim();
  if (k) {
    const like = `%${escapeLike(k)}%`;
    parts.push(
      or(
        ilike(suppliers.name, like),
        ilike(suppliers.code, like),
        ilike(suppliers.stallNo, like),
        ilike(suppliers.market, like),
        ilike(suppliers.building, like),
        ilike(suppliers.contact, like),
        ilike(suppliers.phone, like),
      ),
    );
  }
  return and(...parts);
}

export async function countSuppliers(db: Db, orgId: number, q: Parameters<typeof pageWhere>[1]) {
  const [r] = await db.select({ n: count() }).from(suppliers).where(pageWhere(orgId, q));
  return r?.n ?? 0;
}

export async function listSuppliers(db: Db, orgId: number, q: Parameters<typeof pageWhere>[1], limit: number, offset = 0) {
  return db
    .select()
    .from(suppliers)
    .where(pageWhere(orgId, q))
    .orderBy(asc(suppliers.status), desc(suppliers.updatedAt), desc(suppliers.id))
    .limit(limit)
    .offset(offset);
}

export async function allSuppliers(db: Db, orgId: number): Promise<SupplierRecord[]> {
  return db.select().from(suppliers).where(eq(suppliers.orgId, orgId)).orderBy(asc(suppliers.id)).limit(SUPPLIERS_MAX);
}

export async function findSupplier(db: Db, orgId: number, id: number): Promise<SupplierRecord | undefined> {
  const rows = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.orgId, orgId), eq(suppliers.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertSupplier(db: Db, orgId: number, v: SupplierValues & { directoryId?: number | null }) {
  const [row] = await db
    .insert(suppliers)
    .values({ ...v, orgId })
    .returning({ id: suppliers.id });
  if (!row) throw new Error('supplier not inserted');
  return row.id;
}

/** False when the id is not the organisation's. */
export async function updateSupplier(db: Db, orgId: number, id: number, v: Partial<SupplierValues>) {
  const rows = await db
    .update(suppliers)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(suppliers.orgId, orgId), eq(suppliers.id, id)))
    .returning({ id: suppliers.id });
  return rows.length > 0;
}

export async function countOwnSuppliers(db: Db, orgId: number, ids: number[]) {
  const [r] = await db
    .select({ n: count() })
    .from(suppliers)
    .where(and(eq(suppliers.orgId, orgId), inArray(suppliers.id, ids)));
  return r?.n ?? 0;
}

export async function setSupplierStatus(db: Db, orgId: number, ids: number[], status: EnableStatus) {
  await db
    .update(suppliers)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(suppliers.orgId, orgId), inArray(suppliers.id, ids), sql`${suppliers.status} <> ${status}`));
}

/** Many rows in one statement each way (imports). */
export async function insertSuppliers(db: Db, orgId: number, rows: SupplierValues[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(suppliers).values(rows.slice(i, i + 1000).map((r) => ({ ...r, orgId })));
  }
}

export async function updateSuppliers(db: Db, orgId: number, rows: (SupplierValues & { id: number })[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).map((r) => ({
      id: r.id,
      code: r.code ?? '',
      contact: r.contact ?? '',
      phone: r.phone ?? '',
      address: r.address ?? '',
      market_area: r.marketArea ?? '',
      remark: r.remark ?? '',
    }));
    await db.execute(sql`
      update suppliers s set code = x.code, contact = x.contact, phone = x.phone, address = x.address, market_area = x.market_area,
        remark = x.remark, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id int, code text, contact text, phone text, address text, market_area text, remark text)
      where s.id = x.id and s.org_id = ${orgId}`);
  }
}

// ---- the shared directory ------------------------------------------------------------------------

/** The keyword matches name, stall number, market, building or area. */
function directoryKeyword(keyword: string): SQL | undefined {
  const k = keyword.trim();
  if (!k) return undefined;
  const like = `%${escapeLike(k)}%`;
  return or(
    ilike(stallDirectory.name, like),
    ilike(stallDirectory.stallNo, like),
    ilike(stallDirectory.market, like),
    ilike(stallDirectory.building, like),
    ilike(stallDirectory.marketArea, like),
  );
}

export async function searchDirectory(db: Db, keyword: string, limit = 20): Promise<DirectoryRecord[]> {
  const where = and(eq(stallDirectory.status, 'ENABLED'), directoryKeyword(keyword));
  return db.select().from(stallDirectory).where(where).orderBy(asc(stallDirectory.market), asc(stallDirectory.stallNo)).limit(limit);
}

/** Operator: one page of the whole directory (disabled stalls too), newest change first. */
export async function pageDirectory(db: Db, q: { keyword: string; status?: EnableStatus | undefined }, limit: number, offset: number) {
  const where = and(q.status ? eq(stallDirectory.status, q.status) : undefined, directoryKeyword(q.keyword));
  const [r] = await db.select({ n: count() }).from(stallDirectory).where(where);
  const list = await db.select().from(stallDirectory).where(where).orderBy(desc(stallDirectory.updatedAt), desc(stallDirectory.id)).limit(limit).offset(offset);
  return { total: r?.n ?? 0, list };
}

export async function findDirectory(db: Db, id: number): Promise<DirectoryRecord | undefined> {
  const rows = await db.select().from(stallDirectory).where(eq(stallDirectory.id, id)).limit(1);
  return rows[0];
}

export async function saveDirectory(db: Db, id: number | undefined, v: Omit<typeof stallDirectory.$inferInsert, 'id'>) {
  if (id === undefined) {
    const [row] = await db.insert(stallDirectory).values(v).returning({ id: stallDirectory.id });
    return row?.id ?? null;
  }
  const rows = await db
    .update(stallDirectory)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(stallDirectory.id, id))
    .returning({ id: stallDirectory.id });
  return rows[0]?.id ?? null;
}
