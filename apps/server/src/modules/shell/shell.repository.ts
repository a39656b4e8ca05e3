/** SQL behind the shell's counts, dialogs and permission list; every query is scoped to the tenant. */
import { and, count, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { replenishRequests } from '../funds/index.js';
import { suppliers } from '../goods/index.js';
import { shops } from '../shops/index.js';

/** The user's flag lives on the account row (auth); the shell's route reads it from here. */
export { manualDeliveryPermission } from '../auth/index.js';

export async function countWaitingReplenish(db: Db, orgId: number) {
  const [r] = await db
    .select({ n: count() })
    .from(replenishRequests)
    .where(and(eq(replenishRequests.orgId, orgId), eq(replenishRequests.status, 'WAITING_PAYMENT')));
  return r?.n ?? 0;
}

/** The one near-deadline count (problem-parcel's): the menu badge and problemGood/nearTime/num. */
export { countNearDeadline as countProblemsNearDeadline } from '../problem-parcel/index.js';

/** Shops to remind about: expiring within `days` or expired, not set to 'do not remind'. */
export async function shopsNearExpiry(db: Db, orgId: number, days: number) {
  return db
    .select({ id: shops.id, name: shops.name, type: shops.channel, lastAuthTime: shops.lastAuthTime, expireTime: shops.expireTime })
    .from(shops)
    .where(
      and(
        eq(shops.orgId, orgId),
        eq(shops.notRemind, false),
        isNull(shops.removedAt),
        sql`${shops.authState} <> 'PAUSED'`,
        lte(shops.expireTime, sql`now() + ${`${days} days`}::interval`),
      ),
    )
    .orderBy(shops.expireTime, shops.id)
    .limit(200);
}

export async function supplierExists(db: Db, orgId: number) {
  const rows = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.orgId, orgId)).limit(1);
  return rows.length > 0;
}
