/** SQL of custom certificates; every query is scoped to the caller's organisation. */
import type { CertificateFields } from '@dropship/contract';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { certificates } from './labels.table.js';

export type CertificateRecord = typeof certificates.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function pageWhere(orgId: number, keyword: string | undefined): SQL | undefined {
  const own = eq(certificates.orgId, orgId);
  const k = keyword?.trim();
  if (!k) return own;
  const like = `%${escapeLike(k)}%`;
  return and(
    own,
    or(ilike(certificates.title, like), ilike(certificates.brand, like), ilike(certificates.categoryName, like), ilike(certificates.artNo, like)),
  );
}

export async function pageCertificates(db: Db, orgId: number, q: { pageNo: number; pageSize: number; keyword?: string | undefined }) {
  const where = pageWhere(orgId, q.keyword);
  const [total] = await db.select({ n: count() }).from(certificates).where(where);
  const rows = await db
    .select()
    .from(certificates)
    .where(where)
    .orderBy(desc(certificates.updatedAt), desc(certificates.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

export async function findCertificate(db: Db, orgId: number, id: number): Promise<CertificateRecord | undefined> {
  const rows = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.orgId, orgId), eq(certificates.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertCertificate(db: Db, orgId: number, v: CertificateFields) {
  const [row] = await db
    .insert(certificates)
    .values({ orgId, ...v })
    .returning({ id: certificates.id });
  if (!row) throw new Error('certificate not inserted');
  return row.id;
}

/** False when the id is not the organisation's (nothing changes then). */
export async function updateCertificate(db: Db, orgId: number, id: number, v: CertificateFields) {
  const rows = await db
    .update(certificates)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(certificates.orgId, orgId), eq(certificates.id, id)))
    .returning({ id: certificates.id });
  return rows.length > 0;
}

export async function removeCertificate(db: Db, orgId: number, id: number) {
  const rows = await db
    .delete(certificates)
    .where(and(eq(certificates.orgId, orgId), eq(certificates.id, id)))
    .returning({ id: certificates.id });
  return rows.length > 0;
}
