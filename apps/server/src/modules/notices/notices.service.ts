/**
 * Announcements and popups: the operator's writes (the body sanitised here, before it is stored)
 * and the readers' views (their audience, read records, each popup's frequency).
 */
import {
  type AnnouncementRow,
  type AnnouncementSaveBody,
  type BrandVariant,
  beijingDay,
  ErrorCode,
  type NoticeCategory,
  type NoticeDetail,
  type NoticeListResult,
  type PopupRow,
  type PopupSaveBody,
  type PopupShown,
  type ReadRecordBody,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './notices.repository.js';
import type { announcements, popups } from './notices.table.js';
import { sanitizeHtml } from './sanitize-html.js';

/** The reader behind a caller: only sellers and purchasers read (the routes admit no one else). */
export function readerOf(caller: Caller, variant: BrandVariant): repo.Reader {
  return { userId: caller.userId, kind: caller.orgType === 'purchaser' ? 'purchaser' : 'seller', variant };
}

const iso = (d: Date) => d.toISOString();

export async function listNotices(db: Db, r: repo.Reader, category: NoticeCategory, page: { pageNo: number; pageSize: number }): Promise<NoticeListResult> {
  const { total, unread, rows } = await repo.listForReader(db, r, category, page);
  return { total, unread, list: rows.map((x) => ({ ...x, read: Boolean(x.read), publishAt: iso(x.publishAt) })) };
}

/** An announcement outside the reader's audience, unpublished or of the other list answers 记录不存在. */
export async function noticeDetail(db: Db, r: repo.Reader, category: NoticeCategory, id: number): Promise<NoticeDetail> {
  const row = await repo.findForReader(db, r, category, id);
  if (!row) throw notFound('公告');
  return { ...row, read: Boolean(row.read), publishAt: iso(row.publishAt) };
}

/** An announcement read or a popup shown; ids the reader cannot see are refused, nothing recorded. */
export async function addReadRecord(db: Db, r: repo.Reader, body: ReadRecordBody) {
  if (body.type === 'POPUP') {
    if (!(await repo.isVisiblePopup(db, r, body.id))) throw notFound('弹窗');
    await repo.recordPopupShown(db, body.id, r.userId);
    return;
  }
  if (!(await repo.isVisibleAnnouncement(db, r, body.id))) throw notFound('公告');
  await repo.markAnnouncementRead(db, body.id, r.userId);
}

/** Whether a popup is due for a user last shown it at `last` (null: never). Days are Beijing days. */
export function popupDue(frequency: PopupRow['frequency'], last: Date | null, now = new Date()) {
  if (frequency === 'EVERY_VISIT' || last === null) return true;
  if (frequency === 'ONCE') return false;
  return beijingDay(last) !== beijingDay(now);
}

/** The newest popup of the page due for this reader now, or null. Showing it is recorded by addReadRecord. */
export async function popupFor(db: Db, r: repo.Reader, page: string): Promise<PopupShown> {
  const rows = await repo.livePopupsOf(db, r, page);
  const due = rows.find((x) => popupDue(x.popup.frequency, x.lastShownAt));
  if (!due) return null;
  const p = due.popup;
  return { id: p.id, title: p.title, imageUrl: p.imageUrl, linkUrl: p.linkUrl, frequency: p.frequency };
}

const announcementRow = (a: typeof announcements.$inferSelect): AnnouncementRow => ({
  id: a.id,
  title: a.title,
  content: a.content,
  category: a.category,
  audience: a.audience,
  variant: a.variant ?? null,
  pinned: a.pinned,
  publishAt: iso(a.publishAt),
  createdAt: iso(a.createdAt),
});

/**
 * Creates or edits an announcement. The body is sanitised before it is stored, so no reader's page
 * ever receives script; a body with nothing left after sanitising is refused.
 */
export async function saveAnnouncement(db: Db, operatorId: number, body: AnnouncementSaveBody): Promise<AnnouncementRow> {
  const content = sanitizeHtml(body.content);
  if (!content.replace(/<[^>]*>/g, '').trim() && !/<img\s/i.test(content)) {
    throw new AppError(ErrorCode.BAD_REQUEST, '正文没有可显示的内容（脚本等不安全内容已被去除）', 400);
  }
  const values = {
    title: body.title,
    content,
    category: body.category,
    audience: body.audience,
    variant: body.audience === 'VARIANT' ? (body.variant ?? null) : null,
    pinned: body.pinned,
    publishAt: new Date(body.publishAt),
  };
  return inTransaction(db, async (t) => {
    if (body.id === undefined) return announcementRow(await repo.insertAnnouncement(t, { ...values, createdBy: operatorId }));
    const row = await repo.updateAnnouncement(t, body.id, values);
    if (!row) throw notFound('公告');
    return announcementRow(row);
  });
}

export async function removeAnnouncement(db: Db, id: number) {
  if (!(await repo.deleteAnnouncement(db, id))) throw notFound('公告');
}

export async function pageAnnouncements(db: Db, q: { pageNo: number; pageSize: number; category?: NoticeCategory }) {
  const { total, rows } = await repo.pageAnnouncements(db, q);
  return { total, list: rows.map(announcementRow) };
}

const popupRow = (p: typeof popups.$inferSelect): PopupRow => ({
  id: p.id,
  title: p.title,
  page: p.page,
  audience: p.audience,
  variant: p.variant ?? null,
  imageUrl: p.imageUrl,
  linkUrl: p.linkUrl,
  frequency: p.frequency,
  startAt: iso(p.startAt),
  endAt: iso(p.endAt),
  enabled: p.enabled,
  createdAt: iso(p.createdAt),
});

export async function savePopup(db: Db, operatorId: number, body: PopupSaveBody): Promise<PopupRow> {
  const values = {
    title: body.title,
    page: body.page,
    audience: body.audience,
    variant: body.audience === 'VARIANT' ? (body.variant ?? null) : null,
    imageUrl: body.imageUrl,
    linkUrl: body.linkUrl,
    frequency: body.frequency,
    startAt: new Date(body.startAt),
    endAt: new Date(body.endAt),
    enabled: body.enabled,
  };
  return inTransaction(db, async (t) => {
    if (body.id === undefined) return popupRow(await repo.insertPopup(t, { ...values, createdBy: operatorId }));
    const row = await repo.updatePopup(t, body.id, values);
    if (!row) throw notFound('弹窗');
    return popupRow(row);
  });
}

export async function removePopup(db: Db, id: number) {
  if (!(await repo.deletePopup(db, id))) throw notFound('弹窗');
}

export async function pagePopups(db: Db, q: { pageNo: number; pageSize: number }) {
  const { total, rows } = await repo.pagePopups(db, q);
  return { total, list: rows.map(popupRow) };
}
