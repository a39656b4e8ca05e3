/** SQL of identity: users, sessions, captchas, sign-in attempts. */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { executePrepared } from '../../db/pglite-prepared.js';
import { captchas, loginAttempts, loginLimits, organisations, sessions, systemSettings, users } from './auth.table.js';

export async function findUserForLogin(db: Db, username: string) {
  const rows = await db
    .select({
      id: users.id,
      orgId: users.orgId,
      username: users.username,
      passwordHash: users.passwordHash,
      isMain: users.isMain,
      state: users.state,
      phone: users.phone,
      orgType: organisations.type,
      orgState: organisations.state,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return rows[0];
}

function sessionByTokenSelect(db: Db) {
  return (
    db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        orgId: sessions.orgId,
        isMain: users.isMain,
        orgType: organisations.type,
        supportOperatorId: sessions.supportOperatorId,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(organisations, eq(organisations.id, users.orgId))
      // A disabled organisation's sessions end at once: checked on every call, not only at sign-in.
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.state, 'ENABLED'),
          eq(organisations.state, 'ENABLED'),
        ),
      )
      .limit(1)
  );
}

const SESSION_STATEMENT = 'find_session_by_token';

/**
 * Every signed-in call looks its session up: the statement is built once per database and kept
 * (building it through the query builder was about a tenth of a small call's time). On PGlite it
 * runs as a statement the database session keeps planned (db/pglite-prepared.ts); elsewhere as
 * drizzle's named prepared statement.
 */
const sessionByToken = new WeakMap<
  Db,
  { select: ReturnType<typeof sessionByTokenSelect>; prepared?: ReturnType<ReturnType<typeof sessionByTokenSelect>['prepare']> }
>();

export async function findSessionByToken(db: Db, tokenHash: string) {
  let query = sessionByToken.get(db);
  if (!query) {
    query = { select: sessionByTokenSelect(db) };
    sessionByToken.set(db, query);
  }
  const rows = await executePrepared(db, SESSION_STATEMENT, query.select, { tokenHash });
  if (rows) return rows[0];
  query.prepared ??= query.select.prepare(SESSION_STATEMENT);
  return (await query.prepared.execute({ tokenHash }))[0];
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Ends every open session of one account (its password was reset). */
export async function revokeUserSessions(db: Db, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends every open session of an organisation (the operator disabled it). */
export async function revokeOrgSessions(db: Db, orgId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.orgId, orgId), isNull(sessions.revokedAt)));
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function recordLoginAttempt(db: Db, username: string, ip: string, success: boolean) {
  await db.insert(loginAttempts).values({ username: username.toLowerCase(), ip, success });
}

/**
 * Adds one to the counter of `key` and returns the new count, in one statement: a counter whose
 * window (started by its first failure) has passed starts again at 1. Concurrent calls on one key
 * queue on the row and each gets its own count.
 */
export async function bumpLimit(db: Db, key: string, windowMs: number): Promise<number> {
  const expired = sql`${loginLimits.windowStart} < now() - make_interval(secs => ${windowMs / 1000})`;
  const rows = await db
    .insert(loginLimits)
    .values({ key, failures: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: loginLimits.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginLimits.failures} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${loginLimits.windowStart} end`,
      },
    })
    .returning({ failures: loginLimits.failures });
  return rows[0]?.failures ?? 1;
}

/** The count of `key` within its window (0 when none or the window has passed). */
export async function limitCount(db: Db, key: string, windowMs: number): Promise<number> {
  const rows = await db
    .select({ failures: loginLimits.failures })
    .from(loginLimits)
    .where(and(eq(loginLimits.key, key), sql`${loginLimits.windowStart} >= now() - make_interval(secs => ${windowMs / 1000})`))
    .limit(1);
  return rows[0]?.failures ?? 0;
}

/** A successful sign-in clears its account's counter. */
export async function clearLimit(db: Db, key: string) {
  await db.delete(loginLimits).where(eq(loginLimits.key, key));
}

export async function insertCaptcha(db: Db, row: typeof captchas.$inferInsert) {
  await db.insert(captchas).values(row);
}

/** Marks the captcha used and returns its answer hash, once: a captcha can be tried only one time. */
export async function consumeCaptcha(db: Db, id: string) {
  const rows = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
    .returning({ answerHash: captchas.answerHash });
  return rows[0]?.answerHash;
}

export async function findUserProfile(db: Db, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      isMain: users.isMain,
      orgId: users.orgId,
      orgType: organisations.type,
      orgName: organisations.name,
      source: organisations.source,
      orgState: organisations.state,
      manualDeliveryPermission: users.manualDeliveryPermission,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

/** The main account's username of an organisation (a sub-account's `username` in user info). */
export async function findMainUsername(db: Db, orgId: number) {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isMain, true)))
    .limit(1);
  return rows[0]?.username;
}

export async function getSetting(db: Db, key: string) {
  const rows = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, key)).limit(1);
  return rows[0]?.value;
}

/** Inserts the setting unless another process did first; returns the stored value either way. */
export async function ensureSetting(db: Db, key: string, value: string) {
  await db.insert(systemSettings).values({ key, value }).onConflictDoNothing();
  return (await getSetting(db, key)) ?? value;
}

/** The account's 手动发货 flag ('0' hides manual delivery); a missing user counts as '0'. */
export async function manualDeliveryPermission(db: Db, userId: number) {
  const rows = await db.select({ v: users.manualDeliveryPermission }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.v ?? '0';
}

/** One organisation's row. */
export async function findOrganisation(db: Db, orgId: number) {
  const [r] = await db.select().from(organisations).where(eq(organisations.id, orgId));
  return r;
}

/** The organisation's row, locked for the transaction: two concurrent changes of one organisation (its state, a limit check) run one after the other. */
export async function lockOrganisation(db: Db, orgId: number) {
  const [r] = await db.select().from(organisations).where(eq(organisations.id, orgId)).for('update');
  return r;
}

export async function setOrganisationState(db: Db, orgId: number, state: 'ENABLED' | 'DISABLED') {
  await db.update(organisations).set({ state }).where(eq(organisations.id, orgId));
}

export async function setPurchaserDetails(db: Db, orgId: number, d: { warehouseAddress: string; marketAreas: string[] }) {
  await db.update(organisations).set(d).where(eq(organisations.id, orgId));
}

/** The organisation's sub-accounts that are not deleted (never its main account); account-permission lists them. */
export const liveSubUsers = (orgId: number) => and(eq(users.orgId, orgId), eq(users.isMain, false), ne(users.state, 'DELETED'));
const liveSubUser = (orgId: number, id: number) => and(liveSubUsers(orgId), eq(users.id, id));

export async function insertSubUser(db: Db, v: { orgId: number; username: string; name: string; phone: string | null; passwordHash: string }) {
  const [row] = await db
    .insert(users)
    .values({ ...v, isMain: false })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  return row.id;
}

export async function updateSubUser(
  db: Db,
  orgId: number,
  id: number,
  v: Partial<{ name: string; phone: string | null; state: string; passwordHash: string; deletedAt: Date }>,
) {
  if (Object.keys(v).length === 0) return;
  await db.update(users).set(v).where(liveSubUser(orgId, id));
}
