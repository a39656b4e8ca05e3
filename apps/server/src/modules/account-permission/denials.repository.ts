/** The refused-call log (see denials.table.ts). */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { permissionDenials } from './denials.table.js';

export async function recordDenial(
  db: Db,
  d: { userId: number; orgId: number; orgType: string; method: string; url: string; permission: string; reason: string },
) {
  await db.insert(permissionDenials).values({ ...d, url: d.url.slice(0, 300), reason: d.reason.slice(0, 200) });
}

/** A user's latest refusals, newest first (tests and the console's log read them). */
export function denialsOfUser(db: Db, userId: number, limit = 20) {
  return db
    .select()
    .from(permissionDenials)
    .where(eq(permissionDenials.userId, userId))
    .orderBy(desc(permissionDenials.createdAt), desc(permissionDenials.id))
    .limit(limit);
}
