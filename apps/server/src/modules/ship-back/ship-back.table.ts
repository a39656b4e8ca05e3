import type { ShipBackStatus } from '@dropship/contract';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

/**
 * Shipping back to the shop (回传物流): one row per delivered shop order, PENDING until the
 * marketplace accepted the courier and tracking number (SUCCESS) or we gave up (FAILED, with the
 * reason the seller sees and can retry from). `org_id` is the seller's organisation.
 */
export const shipBacks = pgTable(
  'ship_backs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    shopId: integer('shop_id').notNull(),
    status: text('status').$type<ShipBackStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The failure needs the shop authorized again (token refused). */
    needsReauth: boolean('needs_reauth').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('ship_backs_order').on(t.orderId), index('ship_backs_org_status_idx').on(t.orgId, t.status, t.id.desc().nullsFirst())],
);
