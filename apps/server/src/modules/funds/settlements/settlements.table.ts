import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from '../../auth/auth.table.js';

/**
 * Pick-up settlement lines (拿货结算): one per take item taken (TAKE) or returned to the stall
 * (RETURN), with the goods money paid to the stall and the picker's commission. Written by the
 * purchaser-fulfilment work through recordSettlementLine, idempotent by (org, business id, kind).
 */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    pickerUserId: integer('picker_user_id').references(() => users.id),
    supplierName: text('supplier_name').notNull(),
    /** The take item (or return-to-factory item) the money belongs to. */
    businessId: text('business_id').notNull(),
    kind: text('kind').notNull().default('TAKE'),
    /** Goods money to the stall: positive when taken, negative when the stall refunds a return. */
    goodsFen: bigint('goods_fen', { mode: 'number' }).notNull(),
    commissionFen: bigint('commission_fen', { mode: 'number' }).notNull().default(0),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('settlement_lines_business_key').on(t.orgId, t.businessId, t.kind),
    index('settlement_lines_org_time_idx').on(t.orgId, t.occurredAt),
    index('settlement_lines_org_picker_time_idx').on(t.orgId, t.pickerUserId, t.occurredAt),
    check('settlement_lines_commission_not_negative', sql`${t.commissionFen} >= 0`),
  ],
);
