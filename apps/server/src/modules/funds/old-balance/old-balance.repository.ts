/** SQL of the legacy balance (旧余额): one row per organisation, locked while it is migrated. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { legacyBalances } from './old-balance.table.js';

export async function findLegacy(db: Db, orgId: number) {
  const rows = await db.select().from(legacyBalances).where(eq(legacyBalances.orgId, orgId)).limit(1);
  return rows[0];
}

/** Locks the row until the transaction ends: two migrations of one organisation run one at a time. */
export async function lockLegacy(db: Db, orgId: number) {
  const rows = await db.select().from(legacyBalances).where(eq(legacyBalances.orgId, orgId)).for('update');
  return rows[0];
}

export async function markMigrated(db: Db, orgId: number) {
  await db.update(legacyBalances).set({ migratedAt: sql`now()` }).where(eq(legacyBalances.orgId, orgId));
}

export async function upsertLegacy(db: Db, orgId: number, amountFen: number) {
  await db.insert(legacyBalances).values({ orgId, amountFen }).onConflictDoNothing();
}
