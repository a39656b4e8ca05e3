import type { AutoAfterSaleResult, AutoAfterSaleRuleCode } from '@dropship/contract';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';
import { afterSales } from './after-sale.table.js';

/**
 * The seller's automatic after-sale rules (自动售后), one row per shop; no row = no rule. Read by the
 * job that decides each incoming platform after-sale (decision 0026).
 */
export const autoAfterSaleRules = pgTable(
  'auto_after_sale_rules',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    shopId: integer('shop_id').notNull(),
    unshippedRefundAgree: boolean('unshipped_refund_agree').notNull().default(false),
    shippedReturnCreate: boolean('shipped_return_create').notNull().default(false),
    /** null: no amount limit. */
    maxRefundFen: bigint('max_refund_fen', { mode: 'number' }),
    /** Empty: any reason; else the refund's reason must contain one of these. */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.shopId] })],
);

/**
 * One decision per platform after-sale (applied / skipped with why / failed with the reason), with the
 * rule that made it: the unique after-sale id makes the job's decision happen once however often the
 * sync or the queue runs it.
 */
export const autoAfterSaleLogs = pgTable(
  'auto_after_sale_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id').notNull(),
    shopId: integer('shop_id').notNull(),
    afterSaleId: bigint('after_sale_id', { mode: 'number' })
      .notNull()
      .references(() => afterSales.id, { onDelete: 'cascade' }),
    rule: text('rule').$type<AutoAfterSaleRuleCode>(),
    result: text('result').$type<AutoAfterSaleResult>().notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('auto_after_sale_logs_after_sale').on(t.afterSaleId),
    index('auto_after_sale_logs_org_created_idx').on(t.orgId, t.createdAt.desc().nullsFirst()),
  ],
);
