import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

/**
 * A seller's authorized shop. The shell reads expiry from here (getShopAuthPopup); the shops
 * issue adds the tokens and sync cursor.
 */
export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    channel: text('channel').notNull(),
    name: text('name').notNull(),
    platformShopId: text('platform_shop_id'),
    authState: text('auth_state').notNull().default('AUTHORIZED'),
    lastAuthTime: timestamp('last_auth_time', { withTimezone: true }),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    /** Set by 'do not remind again' in the expiry dialog. */
    notRemind: boolean('not_remind').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('shops_org_expire_idx').on(t.orgId, t.expireTime)],
);
