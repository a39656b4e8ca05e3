import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

/**
 * One row per organisation and setting key (packages/contract/src/fulfilment-settings.ts names the
 * keys and their schemas); a missing row means the default. The value is validated on the way in
 * and parsed again on the way out, so an old shape never reaches the code that reads it.
 */
export const fulfilmentSettings = pgTable(
  'fulfilment_settings',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.key] })],
);

/** Platform-wide prices the operator sets (speed delivery fee, pay-after-delivery credit). */
export const fulfilmentPlatformPrices = pgTable('fulfilment_platform_prices', {
  key: text('key').primaryKey(),
  fen: bigint('fen', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/** What the auto-intercept did to a dropship order when its shop order got a refund request before shipping. */
export const autoInterceptLogs = pgTable(
  'auto_intercept_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    platformOrderId: text('platform_order_id').notNull().default(''),
    /** CANCEL_ORDER, STOP_LINE or FAILED (with why in the note). */
    action: text('action').notNull(),
    itemId: bigint('item_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('auto_intercept_logs_org_idx').on(t.orgId, t.id.desc().nullsFirst())],
);
