import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appVersions, feedback, trackingEvents, userGuides } from './system.table.js';

export async function latestVersion(db: Db) {
  const rows = await db.select({ version: appVersions.version, desc: appVersions.desc }).from(appVersions).orderBy(desc(appVersions.id)).limit(1);
  return rows[0];
}

export async function insertVersion(db: Db, version: string, text: string) {
  await db.insert(appVersions).values({ version, desc: text });
}

export async function insertTracking(db: Db, row: typeof trackingEvents.$inferInsert) {
  await db.insert(trackingEvents).values(row);
}

export async function insertFeedback(db: Db, row: typeof feedback.$inferInsert) {
  await db.insert(feedback).values(row);
}

export async function ping(db: Db) {
  await db.execute(sql`select 1`);
}

/** Whether the user has closed the guided tour `key` (the shell shows each tour once). */
export async function guideDone(db: Db, userId: number, key: string) {
  const rows = await db
    .select({ key: userGuides.key })
    .from(userGuides)
    .where(and(eq(userGuides.userId, userId), eq(userGuides.key, key)))
    .limit(1);
  return rows.length > 0;
}

export async function markGuideDone(db: Db, userId: number, key: string) {
  await db.insert(userGuides).values({ userId, key }).onConflictDoNothing();
}
