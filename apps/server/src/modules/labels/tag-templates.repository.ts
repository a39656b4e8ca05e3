/** SQL of pick-up tag templates; every query is scoped to the caller's organisation. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { organisations } from '../auth/index.js';
import { tagTemplates } from './labels.table.js';

/** More than any seller keeps; the list is not paginated. */
const LIST_LIMIT = 200;

export type TagTemplateRecord = typeof tagTemplates.$inferSelect;

export function listTagTemplates(db: Db, orgId: number) {
  return db
    .select()
    .from(tagTemplates)
    .where(eq(tagTemplates.orgId, orgId))
    .orderBy(desc(tagTemplates.isDefault), desc(tagTemplates.updatedAt), desc(tagTemplates.id))
    .limit(LIST_LIMIT);
}

export async function findDefaultTagTemplate(db: Db, orgId: number): Promise<TagTemplateRecord | undefined> {
  const rows = await db
    .select()
    .from(tagTemplates)
    .where(and(eq(tagTemplates.orgId, orgId), eq(tagTemplates.isDefault, true)))
    .limit(1);
  return rows[0];
}

export async function countTagTemplates(db: Db, orgId: number) {
  return (await db.select({ id: tagTemplates.id }).from(tagTemplates).where(eq(tagTemplates.orgId, orgId)).limit(LIST_LIMIT)).length;
}

export interface TagTemplateValues {
  name: string;
  isDefault: boolean;
  template: unknown;
}

/**
 * Inserts (no id) or updates (id of the organisation) a template, in one transaction that first
 * locks the organisation's row, so two saves of a default cannot race; when it becomes the
 * default every other template of the organisation stops being one. Undefined when the id is
 * not the organisation's.
 */
export async function saveTagTemplate(db: Db, orgId: number, id: number | undefined, v: TagTemplateValues): Promise<number | undefined> {
  return inTransaction(db, async (tx) => {
    await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, orgId)).for('update');
    if (id !== undefined) {
      const found = await tx
        .select({ id: tagTemplates.id })
        .from(tagTemplates)
        .where(and(eq(tagTemplates.orgId, orgId), eq(tagTemplates.id, id)))
        .limit(1);
      if (found.length === 0) return undefined;
    }
    if (v.isDefault) {
      await tx
        .update(tagTemplates)
        .set({ isDefault: false })
        .where(and(eq(tagTemplates.orgId, orgId), eq(tagTemplates.isDefault, true)));
    }
    if (id === undefined) {
      const [row] = await tx
        .insert(tagTemplates)
        .values({ orgId, type: 'pickup', ...v })
        .returning({ id: tagTemplates.id });
      return row?.id;
    }
    await tx
      .update(tagTemplates)
      .set({ ...v, updatedAt: new Date() })
      .where(and(eq(tagTemplates.orgId, orgId), eq(tagTemplates.id, id)));
    return id;
  });
}

export async function removeTagTemplate(db: Db, orgId: number, id: number) {
  const rows = await db
    .delete(tagTemplates)
    .where(and(eq(tagTemplates.orgId, orgId), eq(tagTemplates.id, id)))
    .returning({ id: tagTemplates.id });
  return rows.length > 0;
}
