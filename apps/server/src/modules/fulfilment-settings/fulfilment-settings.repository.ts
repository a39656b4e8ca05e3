/** SQL of the fulfilment settings, the platform prices and the auto-intercept log (written and read by dropship-orders' auto-intercept); always scoped to the organisation. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { users } from '../auth/index.js';
import { suppliers } from '../goods/index.js';
import { shops } from '../shops/index.js';
import { autoInterceptLogs, fulfilmentPlatformPrices, fulfilmentSettings } from './fulfilment-settings.table.js';

export async function settingRows(db: Db, orgId: number) {
  return db
    .select({ key: fulfilmentSettings.key, value: fulfilmentSettings.value, updatedAt: fulfilmentSettings.updatedAt })
    .from(fulfilmentSettings)
    .where(eq(fulfilmentSettings.orgId, orgId));
}

export async function upsertSetting(db: Db, orgId: number, key: string, value: unknown, userId: number) {
  await db
    .insert(fulfilmentSettings)
    .values({ orgId, key, value, updatedBy: userId })
    .onConflictDoUpdate({ target: [fulfilmentSettings.orgId, fulfilmentSettings.key], set: { value, updatedBy: userId, updatedAt: sql`now()` } });
}

/** How many of the ids are shops of the organisation (another tenant's shop counts as missing). */
export async function ownShopCount(db: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const [r] = await db
    .select({ n: count() })
    .from(shops)
    .where(and(eq(shops.orgId, orgId), inArray(shops.id, ids)));
  return Number(r?.n ?? 0);
}

export async function ownSupplierCount(db: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const [r] = await db
    .select({ n: count() })
    .from(suppliers)
    .where(and(eq(suppliers.orgId, orgId), inArray(suppliers.id, ids)));
  return Number(r?.n ?? 0);
}

export async function platformPrices(db: Db) {
  return db.select({ key: fulfilmentPlatformPrices.key, fen: fulfilmentPlatformPrices.fen }).from(fulfilmentPlatformPrices);
}

export async function setPlatformPrices(db: Db, prices: Record<string, number>) {
  const rows = Object.entries(prices).map(([key, fen]) => ({ key, fen }));
  await db
    .insert(fulfilmentPlatformPrices)
    .values(rows)
    .onConflictDoUpdate({ target: fulfilmentPlatformPrices.key, set: { fen: sql`excluded.fen`, updatedAt: sql`now()` } });
}

export type NewInterceptLog = Omit<typeof autoInterceptLogs.$inferInsert, 'id' | 'createdAt'>;

export async function insertInterceptLogs(db: Db, rows: NewInterceptLog[]) {
  if (rows.length > 0) await db.insert(autoInterceptLogs).values(rows);
}

/** The items (0: the whole order) whose intercept failed before: auto-intercept logs a failure only once. */
export async function failedInterceptsOf(db: Db, orgId: number, orderId: number) {
  const rows = await queryRows<{ item_id: string | number | null }>(
    db,
    sql`select item_id from auto_intercept_logs where org_id = ${orgId} and order_id = ${orderId} and action = 'FAILED'`,
  );
  return new Set(rows.map((r) => (r.item_id === null ? 0 : Number(r.item_id))));
}

export async function pageInterceptLogs(db: Db, orgId: number, limit: number, offset: number) {
  const where = eq(autoInterceptLogs.orgId, orgId);
  const [total] = await db.select({ n: count() }).from(autoInterceptLogs).where(where);
  const list = await db.select().from(autoInterceptLogs).where(where).orderBy(desc(autoInterceptLogs.id)).limit(limit).offset(offset);
  return { total: Number(total?.n ?? 0), list };
}

/** The main account acts for automatic operations (their timeline shows who the system acted for). */
export async function mainUserOf(db: Db, orgId: number): Promise<number | null> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isMain, true)))
    .limit(1);
  return u?.id ?? null;
}
