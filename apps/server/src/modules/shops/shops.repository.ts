/** SQL of shops and their OAuth states. Tenant functions take orgId; the schedulers' scans say so. */
import { and, asc, desc, eq, ilike, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { shopOAuthStates, shops } from './shops.table.js';

export type ShopRecord = typeof shops.$inferSelect;
/** Column values or SQL expressions (e.g. least(expire_time, now())). */
export type ShopPatch = PgUpdateSetSource<typeof shops>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const live = (orgId: number) => and(eq(shops.orgId, orgId), isNull(shops.removedAt));

/** A tenant has a handful of shops; 500 bounds the answer all the same. */
export async function listShops(db: Db, orgId: number, q: { channel?: string | undefined; keyword?: string | undefined }) {
  const where: (SQL | undefined)[] = [live(orgId)];
  if (q.channel) where.push(eq(shops.channel, q.channel));
  if (q.keyword?.trim()) where.push(ilike(shops.name, `%${escapeLike(q.keyword.trim())}%`));
  return db
    .select()
    .from(shops)
    .where(and(...where))
    .orderBy(desc(shops.createdAt), desc(shops.id))
    .limit(500);
}

export async function findShop(db: Db, orgId: number, id: number): Promise<ShopRecord | undefined> {
  const rows = await db
    .select()
    .from(shops)
    .where(and(live(orgId), eq(shops.id, id)))
    .limit(1);
  return rows[0];
}

/** Removed shops included: authorizing the same platform shop again brings it (and its orders) back. */
export async function findByPlatformShopId(db: Db, orgId: number, channel: string, platformShopId: string) {
  const rows = await db
    .select()
    .from(shops)
    .where(and(eq(shops.orgId, orgId), eq(shops.channel, channel), eq(shops.platformShopId, platformShopId)))
    .limit(1);
  return rows[0];
}

export async function nameTaken(db: Db, orgId: number, name: string, exceptId?: number) {
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(live(orgId), eq(shops.name, name), exceptId ? ne(shops.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertShop(db: Db, v: typeof shops.$inferInsert): Promise<number> {
  const [row] = await db.insert(shops).values(v).returning({ id: shops.id });
  if (!row) throw new Error('shop not inserted');
  return row.id;
}

/** Conditions a transition needs on the current row (named, so services never write SQL). */
const GUARDS = {
  paused: sql`${shops.authState} = 'PAUSED'`,
  notPaused: sql`${shops.authState} <> 'PAUSED'`,
  syncIdle: sql`${shops.syncState} = 'IDLE'`,
  syncRunning: sql`${shops.syncState} = 'RUNNING'`,
} as const;
export type ShopGuard = keyof typeof GUARDS;

/** False when the id is not a live shop of the organisation, or the guard does not hold (nothing changes then). */
export async function updateShop(db: Db, orgId: number, id: number, patch: ShopPatch, guard?: ShopGuard): Promise<boolean> {
  const rows = await db
    .update(shops)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(live(orgId), eq(shops.id, id), guard ? GUARDS[guard] : undefined))
    .returning({ id: shops.id });
  return rows.length > 0;
}

/** The platform refused the authorization: EXPIRED now (expiry brought down to now for the reminder), unless paused. */
export async function markShopExpired(db: Db, orgId: number, id: number, message: string) {
  return updateShop(
    db,
    orgId,
    id,
    { authState: 'EXPIRED', lastSyncError: message, lastSyncResult: 'FAILED', syncState: 'IDLE', expireTime: sql`least(${shops.expireTime}, now())` },
    'notPaused',
  );
}

/** Every tenant: authorized, live shops with an API (demo mode re-connects them to the emulator at start). */
export async function authorizedApiShops(db: Db, limit: number) {
  return db
    .select()
    .from(shops)
    .where(and(eq(shops.authState, 'AUTHORIZED'), isNull(shops.removedAt), ne(shops.channel, 'OTHER')))
    .orderBy(shops.id)
    .limit(limit);
}

/** The same, for a removed shop being authorized again. */
export async function reviveShop(db: Db, orgId: number, id: number, patch: ShopPatch) {
  await db
    .update(shops)
    .set({ ...patch, removedAt: null, updatedAt: new Date() })
    .where(and(eq(shops.orgId, orgId), eq(shops.id, id)));
}

/** Every tenant: active API shops idle since `before` (the scheduler enqueues their sync). */
export async function shopsDueForSync(db: Db, before: Date, limit: number) {
  return db
    .select({ id: shops.id, orgId: shops.orgId })
    .from(shops)
    .where(
      and(
        eq(shops.authState, 'AUTHORIZED'),
        isNull(shops.removedAt),
        ne(shops.channel, 'OTHER'),
        or(isNull(shops.syncStartedAt), lt(shops.syncStartedAt, before)),
      ),
    )
    .orderBy(sql`${shops.syncStartedAt} asc nulls first`)
    .limit(limit);
}

/** Every tenant: authorized shops whose access token ends before `before` and that can refresh. */
export async function shopsWithExpiringTokens(db: Db, before: Date, limit: number) {
  return db
    .select({ id: shops.id, orgId: shops.orgId })
    .from(shops)
    .where(and(eq(shops.authState, 'AUTHORIZED'), isNull(shops.removedAt), sql`${shops.refreshTokenEnc} is not null`, lt(shops.tokenExpiresAt, before)))
    .orderBy(asc(shops.tokenExpiresAt))
    .limit(limit);
}

/** Every tenant's live authorized shops whose authorization ends within (now, until]: the daily reminder's list. */
export async function shopsAuthEndingBefore(db: Db, until: Date, limit: number) {
  return db
    .select({ id: shops.id, orgId: shops.orgId, name: shops.name, expireTime: shops.expireTime })
    .from(shops)
    .where(and(eq(shops.authState, 'AUTHORIZED'), isNull(shops.removedAt), sql`${shops.expireTime} > now()`, lt(shops.expireTime, until)))
    .orderBy(asc(shops.expireTime))
    .limit(limit);
}

export async function insertOAuthState(db: Db, v: typeof shopOAuthStates.$inferInsert) {
  await db.insert(shopOAuthStates).values(v);
}

/** Marks the state used and answers it, once, within its expiry; undefined when unknown, used or expired. */
export async function consumeOAuthState(db: Db, stateHash: string, channel: string) {
  const rows = await db
    .update(shopOAuthStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(shopOAuthStates.stateHash, stateHash),
        eq(shopOAuthStates.channel, channel),
        isNull(shopOAuthStates.usedAt),
        sql`${shopOAuthStates.expiresAt} > now()`,
      ),
    )
    .returning();
  return rows[0];
}

export async function purgeOAuthStates(db: Db) {
  await db.delete(shopOAuthStates).where(lt(shopOAuthStates.expiresAt, sql`now() - interval '1 day'`));
}

/** 不再提醒 on the expiring-authorisation dialog: the shop is left out of it from now on. */
export async function setShopNotRemind(db: Db, orgId: number, id: number) {
  const rows = await db
    .update(shops)
    .set({ notRemind: true })
    .where(and(eq(shops.orgId, orgId), eq(shops.id, id), isNull(shops.removedAt)))
    .returning({ id: shops.id });
  return rows.length > 0;
}

/**
 * Takes the shop's token refresh for `leaseMs`, unless another caller holds it: answers the row as it
 * is now (its tokens may have just been refreshed by the last holder), or undefined when it is held.
 */
export async function claimTokenRefresh(db: Db, orgId: number, id: number, leaseMs: number): Promise<ShopRecord | undefined> {
  const [row] = await db
    .update(shops)
    .set({ tokenRefreshUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(live(orgId), eq(shops.id, id), or(isNull(shops.tokenRefreshUntil), lt(shops.tokenRefreshUntil, sql`now()`))))
    .returning();
  return row;
}

/** Lets the shop's token refresh go (after the exchange, whatever its outcome). */
export async function releaseTokenRefresh(db: Db, orgId: number, id: number) {
  await db
    .update(shops)
    .set({ tokenRefreshUntil: null })
    .where(and(eq(shops.orgId, orgId), eq(shops.id, id)));
}
