/** Station messages: those to the caller's organisation as a whole or to the caller alone. */
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messageReads, messages } from './messages.table.js';

const visibleTo = (orgId: number, userId: number) => and(eq(messages.orgId, orgId), or(isNull(messages.userId), eq(messages.userId, userId)));
const unread = (userId: number) => sql`not exists (select 1 from ${messageReads} r where r.message_id = ${messages.id} and r.user_id = ${userId})`;

export async function countUnread(db: Db, orgId: number, userId: number) {
  const [r] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(visibleTo(orgId, userId), unread(userId)));
  return r?.n ?? 0;
}

export async function listMessages(db: Db, orgId: number, userId: number, page: { pageNo: number; pageSize: number; unreadOnly: boolean }) {
  const where = page.unreadOnly ? and(visibleTo(orgId, userId), unread(userId)) : visibleTo(orgId, userId);
  const [total] = await db.select({ n: count() }).from(messages).where(where);
  const rows = await db
    .select({
      id: messages.id,
      title: messages.title,
      content: messages.content,
      kind: messages.kind,
      createdAt: messages.createdAt,
      read: sql<boolean>`not (${unread(userId)})`,
    })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  return { total: total?.n ?? 0, rows };
}

/** Marks the given messages (or all) read; ids outside the caller's messages are ignored, never marked. */
export async function markRead(db: Db, orgId: number, userId: number, ids: number[] | 'all') {
  const where = ids === 'all' ? and(visibleTo(orgId, userId), unread(userId)) : and(visibleTo(orgId, userId), inArray(messages.id, ids.length ? ids : [0]));
  const targets = await db.select({ id: messages.id }).from(messages).where(where);
  if (targets.length === 0) return 0;
  await db
    .insert(messageReads)
    .values(targets.map((t) => ({ messageId: t.id, userId })))
    .onConflictDoNothing();
  return targets.length;
}

/**
 * A message to the whole organisation (or one user), written in the caller's transaction with the
 * change it reports. With a dedupeKey the same event never writes a second message to the
 * organisation (a retried job, a repeated platform answer): the unique index settles it.
 */
export async function sendMessage(db: Db, m: { orgId: number; userId?: number | null; kind: string; title: string; content: string; dedupeKey?: string }) {
  await db
    .insert(messages)
    .values({ orgId: m.orgId, userId: m.userId ?? null, kind: m.kind, title: m.title, content: m.content.slice(0, 1000), dedupeKey: m.dedupeKey ?? null })
    .onConflictDoNothing();
}

/**
 * Marks read, for this user, the organisation's messages whose dedupe key starts with the prefix:
 * opening what they report (a work order's conversation) reads them, so the header's count drops.
 */
export async function markReadByKeyPrefix(db: Db, orgId: number, userId: number, prefix: string) {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const targets = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(visibleTo(orgId, userId), unread(userId), sql`${messages.dedupeKey} like ${pattern}`));
  if (targets.length === 0) return 0;
  await db
    .insert(messageReads)
    .values(targets.map((t) => ({ messageId: t.id, userId })))
    .onConflictDoNothing();
  return targets.length;
}
