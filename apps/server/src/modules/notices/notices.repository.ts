/**
 * Announcements and popups. They are the platform's, not a tenant's: readers see those whose
 * audience matches their kind and the site's variant, which `audienceIs` builds for every query.
 */
import type { BrandVariant, NoticeCategory } from '@dropship/contract';
import { and, count, desc, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { announcementReads, announcements, popups, popupViews } from './notices.table.js';

/** Who is reading: a seller or a purchaser, on one brand variant. */
export interface Reader {
  userId: number;
  kind: 'seller' | 'purchaser';
  variant: BrandVariant;
}

const audienceIs = (t: typeof announcements | typeof popups, r: Reader) =>
  or(eq(t.audience, 'ALL'), eq(t.audience, r.kind === 'seller' ? 'SELLER' : 'PURCHASER'), and(eq(t.audience, 'VARIANT'), eq(t.variant, r.variant)));

const publishedFor = (r: Reader, category: NoticeCategory) =>
  and(eq(announcements.category, category), lte(announcements.publishAt, sql`now()`), audienceIs(announcements, r));

const readByUser = (userId: number) =>
  sql<boolean>`exists (select 1 from ${announcementReads} r where r.announcement_id = ${announcements.id} and r.user_id = ${userId})`;

const readerColumns = (userId: number) => ({
  id: announcements.id,
  title: announcements.title,
  pinned: announcements.pinned,
  publishAt: announcements.publishAt,
  read: readByUser(userId),
});

export async function listForReader(db: Db, r: Reader, category: NoticeCategory, page: { pageNo: number; pageSize: number }) {
  const where = publishedFor(r, category);
  const [total] = await db.select({ n: count() }).from(announcements).where(where);
  const [unread] = await db
    .select({ n: count() })
    .from(announcements)
    .where(and(where, sql`not ${readByUser(r.userId)}`));
  const rows = await db
    .select(readerColumns(r.userId))
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.pinned), desc(announcements.publishAt), desc(announcements.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  return { total: total?.n ?? 0, unread: unread?.n ?? 0, rows };
}

/** One announcement the reader may see (published, their audience); undefined otherwise. */
export async function findForReader(db: Db, r: Reader, category: NoticeCategory, id: number) {
  const [row] = await db
    .select({ ...readerColumns(r.userId), content: announcements.content, category: announcements.category })
    .from(announcements)
    .where(and(eq(announcements.id, id), publishedFor(r, category)));
  return row;
}

export async function isVisibleAnnouncement(db: Db, r: Reader, id: number) {
  const [row] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.id, id), lte(announcements.publishAt, sql`now()`), audienceIs(announcements, r)));
  return !!row;
}

export async function markAnnouncementRead(db: Db, announcementId: number, userId: number) {
  await db.insert(announcementReads).values({ announcementId, userId }).onConflictDoNothing();
}

type AnnouncementValues = Omit<typeof announcements.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertAnnouncement(db: Db, v: AnnouncementValues) {
  const [row] = await db.insert(announcements).values(v).returning();
  return row as typeof announcements.$inferSelect;
}

export async function updateAnnouncement(db: Db, id: number, v: Omit<AnnouncementValues, 'createdBy'>) {
  const [row] = await db
    .update(announcements)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  return row;
}

export async function deleteAnnouncement(db: Db, id: number) {
  const rows = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  return rows.length > 0;
}

export async function pageAnnouncements(db: Db, q: { pageNo: number; pageSize: number; category?: NoticeCategory }) {
  const where = q.category ? eq(announcements.category, q.category) : undefined;
  const [total] = await db.select({ n: count() }).from(announcements).where(where);
  const rows = await db
    .select()
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

type PopupValues = Omit<typeof popups.$inferInsert, 'id' | 'createdAt'>;

export async function insertPopup(db: Db, v: PopupValues) {
  const [row] = await db.insert(popups).values(v).returning();
  return row as typeof popups.$inferSelect;
}

export async function updatePopup(db: Db, id: number, v: Omit<PopupValues, 'createdBy'>) {
  const [row] = await db.update(popups).set(v).where(eq(popups.id, id)).returning();
  return row;
}

export async function deletePopup(db: Db, id: number) {
  const rows = await db.delete(popups).where(eq(popups.id, id)).returning({ id: popups.id });
  return rows.length > 0;
}

export async function pagePopups(db: Db, q: { pageNo: number; pageSize: number }) {
  const [total] = await db.select({ n: count() }).from(popups);
  const rows = await db
    .select()
    .from(popups)
    .orderBy(desc(popups.createdAt), desc(popups.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

/** Enabled popups of a page, in their window now, for this reader, with when this user last saw each. */
export function livePopupsOf(db: Db, r: Reader, page: string) {
  return db
    .select({ popup: popups, lastShownAt: popupViews.lastShownAt })
    .from(popups)
    .leftJoin(popupViews, and(eq(popupViews.popupId, popups.id), eq(popupViews.userId, r.userId)))
    .where(and(eq(popups.page, page), eq(popups.enabled, true), lte(popups.startAt, sql`now()`), gt(popups.endAt, sql`now()`), audienceIs(popups, r)))
    .orderBy(desc(popups.startAt), desc(popups.id))
    .limit(20);
}

export async function isVisiblePopup(db: Db, r: Reader, id: number) {
  const [row] = await db
    .select({ id: popups.id })
    .from(popups)
    .where(and(eq(popups.id, id), eq(popups.enabled, true), audienceIs(popups, r)));
  return !!row;
}

export async function recordPopupShown(db: Db, popupId: number, userId: number) {
  await db
    .insert(popupViews)
    .values({ popupId, userId })
    .onConflictDoUpdate({ target: [popupViews.popupId, popupViews.userId], set: { lastShownAt: sql`now()` } });
}
