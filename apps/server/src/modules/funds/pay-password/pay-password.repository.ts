/** SQL of pay passwords: one row per user, always read together with the caller's organisation. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { users } from '../../auth/index.js';
import { payPasswords } from './pay-password.table.js';

export type PayPasswordRecord = typeof payPasswords.$inferSelect;

export async function findPayPassword(db: Db, orgId: number, userId: number): Promise<PayPasswordRecord | undefined> {
  const rows = await db
    .select()
    .from(payPasswords)
    .where(and(eq(payPasswords.userId, userId), eq(payPasswords.orgId, orgId)))
    .limit(1);
  return rows[0];
}

/** The caller's own user row: the login password hash (for first-time set) and the bound phone (for SMS). */
export async function findUserSecrets(db: Db, orgId: number, userId: number) {
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash, phone: users.phone })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, orgId)))
    .limit(1);
  return rows[0];
}

/** First set only: false when one exists already (a concurrent set lost). */
export async function insertPayPassword(db: Db, orgId: number, userId: number, passwordHash: string) {
  const rows = await db.insert(payPasswords).values({ userId, orgId, passwordHash }).onConflictDoNothing().returning({ userId: payPasswords.userId });
  return rows.length > 0;
}

/** Sets (or replaces) the hash and clears wrong tries and any lockout. */
export async function upsertPayPassword(db: Db, orgId: number, userId: number, passwordHash: string) {
  await db
    .insert(payPasswords)
    .values({ userId, orgId, passwordHash })
    .onConflictDoUpdate({ target: payPasswords.userId, set: { passwordHash, failedCount: 0, lockedUntil: null, updatedAt: sql`now()` } });
}

/**
 * Takes one try before the password is checked, atomically, and only while not locked: parallel
 * guesses cannot exceed the limit. An expired lockout starts a fresh count. Answers the tries used
 * (this one included) and the lockout it set, or undefined when the row is locked.
 */
export async function reserveTry(db: Db, orgId: number, userId: number, maxTries: number, lockMinutes: number) {
  const rows = await db
    .update(payPasswords)
    .set({
      failedCount: sql`case when ${payPasswords.lockedUntil} is not null and ${payPasswords.lockedUntil} <= now() then 1 else ${payPasswords.failedCount} + 1 end`,
      lockedUntil: sql`case when (case when ${payPasswords.lockedUntil} is not null and ${payPasswords.lockedUntil} <= now() then 1 else ${payPasswords.failedCount} + 1 end) >= ${maxTries}
        then now() + make_interval(mins => ${lockMinutes}) else null end`,
    })
    .where(
      and(eq(payPasswords.userId, userId), eq(payPasswords.orgId, orgId), sql`(${payPasswords.lockedUntil} is null or ${payPasswords.lockedUntil} <= now())`),
    )
    .returning({ failedCount: payPasswords.failedCount, lockedUntil: payPasswords.lockedUntil });
  return rows[0];
}

/** A right password: the try it reserved is given back, with any lockout the reservation set. */
export async function clearTries(db: Db, orgId: number, userId: number) {
  await db
    .update(payPasswords)
    .set({ failedCount: 0, lockedUntil: null })
    .where(and(eq(payPasswords.userId, userId), eq(payPasswords.orgId, orgId)));
}
