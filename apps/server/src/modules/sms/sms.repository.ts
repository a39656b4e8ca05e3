/** SQL of SMS codes; every query names the user (and so the organisation) it belongs to. */
import { and, count, desc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../auth/index.js';
import { phoneCodes, smsCodes } from './sms.table.js';

export type SmsCodeRecord = typeof smsCodes.$inferSelect;

/** Locks the caller's user row: two sends of one user run one after the other, so the cooldown holds. */
export async function lockUserPhone(db: Db, orgId: number, userId: number) {
  const rows = await db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, orgId)))
    .for('update');
  return rows[0];
}

export async function lastSentAt(db: Db, userId: number, scene: string): Promise<Date | undefined> {
  const rows = await db
    .select({ at: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.userId, userId), eq(smsCodes.scene, scene)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return rows[0]?.at;
}

export async function countSentSince(db: Db, userId: number, since: Date) {
  const [r] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.userId, userId), gte(smsCodes.createdAt, since)));
  return Number(r?.n ?? 0);
}

export async function insertCode(db: Db, row: typeof smsCodes.$inferInsert) {
  const [r] = await db.insert(smsCodes).values(row).returning({ id: smsCodes.id });
  if (!r) throw new Error('sms code not written');
  return r.id;
}

export async function setBizId(db: Db, id: number, bizId: string) {
  await db.update(smsCodes).set({ bizId }).where(eq(smsCodes.id, id));
}

/** A send that failed must not hold the cooldown or count towards the daily cap. */
export async function deleteCode(db: Db, id: number) {
  await db.delete(smsCodes).where(eq(smsCodes.id, id));
}

/** The newest code of the user and scene that is still usable (a newer send supersedes older ones). */
export async function findLatestUsable(db: Db, orgId: number, userId: number, scene: string, maxFailures: number): Promise<SmsCodeRecord | undefined> {
  const rows = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.userId, userId), eq(smsCodes.orgId, orgId), eq(smsCodes.scene, scene)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  const r = rows[0];
  if (!r || r.usedAt || r.expiresAt.getTime() <= Date.now() || r.failedCount >= maxFailures) return undefined;
  return r;
}

/** Uses the code once: false when another request used it first. */
export async function markUsed(db: Db, id: number, maxFailures: number) {
  const rows = await db
    .update(smsCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`now()`), lt(smsCodes.failedCount, maxFailures)))
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}

export async function addFailure(db: Db, id: number) {
  const rows = await db
    .update(smsCodes)
    .set({ failedCount: sql`${smsCodes.failedCount} + 1` })
    .where(eq(smsCodes.id, id))
    .returning({ failedCount: smsCodes.failedCount });
  return rows[0]?.failedCount ?? 0;
}

// ---- Codes to a phone before there is a session (sign-up, password reset) ----

/** Serialises sends to one phone (there is no user row to lock): two quick sends cannot both pass the cooldown. */
export async function lockPhone(db: Db, phone: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
}

export async function lastPhoneCodeAt(db: Db, phone: string, scene: string): Promise<Date | undefined> {
  const rows = await db
    .select({ at: phoneCodes.createdAt })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.scene, scene)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  return rows[0]?.at;
}

export async function countPhoneCodesSince(db: Db, by: { phone: string } | { ip: string }, since: Date) {
  const where = 'phone' in by ? eq(phoneCodes.phone, by.phone) : eq(phoneCodes.ip, by.ip);
  const [r] = await db
    .select({ n: count() })
    .from(phoneCodes)
    .where(and(where, gte(phoneCodes.createdAt, since)));
  return Number(r?.n ?? 0);
}

export async function insertPhoneCode(db: Db, row: typeof phoneCodes.$inferInsert) {
  const [r] = await db.insert(phoneCodes).values(row).returning({ id: phoneCodes.id });
  if (!r) throw new Error('phone code not written');
  return r.id;
}

export async function setPhoneCodeBizId(db: Db, id: number, bizId: string) {
  await db.update(phoneCodes).set({ bizId }).where(eq(phoneCodes.id, id));
}

export async function deletePhoneCode(db: Db, id: number) {
  await db.delete(phoneCodes).where(eq(phoneCodes.id, id));
}

/** The newest code of the phone and scene, when still usable (a newer send supersedes older ones). */
export async function findLatestPhoneCode(db: Db, phone: string, scene: string, maxFailures: number) {
  const rows = await db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.scene, scene)))
    .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
    .limit(1);
  const r = rows[0];
  if (!r || r.usedAt || r.expiresAt.getTime() <= Date.now() || r.failedCount >= maxFailures) return undefined;
  return r;
}

/** Uses the code once: false when another request used it first. */
export async function markPhoneCodeUsed(db: Db, id: number, maxFailures: number) {
  const rows = await db
    .update(phoneCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.usedAt), gt(phoneCodes.expiresAt, sql`now()`), lt(phoneCodes.failedCount, maxFailures)))
    .returning({ id: phoneCodes.id });
  return rows.length > 0;
}

export async function addPhoneCodeFailure(db: Db, id: number) {
  const rows = await db
    .update(phoneCodes)
    .set({ failedCount: sql`${phoneCodes.failedCount} + 1` })
    .where(eq(phoneCodes.id, id))
    .returning({ failedCount: phoneCodes.failedCount });
  return rows[0]?.failedCount ?? 0;
}

/** Whether a phone is taken: some account's bound phone or username (a sign-up's username is its phone). */
export async function phoneInUse(db: Db, phone: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.phone, phone), eq(sql`lower(${users.username})`, phone)))
    .limit(1);
  return rows.length > 0;
}
