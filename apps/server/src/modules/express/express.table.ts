import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Express companies a dropship order may be sent with (platform data, set by the operator). */
export const expressCompanies = pgTable('express_companies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(100),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * The operator's price rules: first weight + each further step, per company and receiver
 * province ('' = every province without its own rule). Fen and grams.
 */
export const expressPriceRules = pgTable(
  'express_price_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    expressCode: text('express_code')
      .notNull()
      .references(() => expressCompanies.code),
    province: text('province').notNull().default(''),
    firstWeightGrams: integer('first_weight_grams').notNull(),
    firstFen: integer('first_fen').notNull(),
    stepWeightGrams: integer('step_weight_grams').notNull(),
    stepFen: integer('step_fen').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('express_price_rules_code_province').on(t.expressCode, t.province),
    check('express_price_rules_positive', sql`${t.firstWeightGrams} > 0 and ${t.stepWeightGrams} > 0 and ${t.firstFen} >= 0 and ${t.stepFen} >= 0`),
  ],
);

/** One row (id 1): the service fee per item and the weight an item counts as. */
export const expressSettings = pgTable(
  'express_settings',
  {
    id: integer('id').primaryKey(),
    serviceFeePerItemFen: integer('service_fee_per_item_fen').notNull(),
    itemWeightGrams: integer('item_weight_grams').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [check('express_settings_single_row', sql`${t.id} = 1`)],
);
