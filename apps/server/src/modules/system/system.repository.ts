import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appVersions, feedback, trackingEvents } from './system.table.js';

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
