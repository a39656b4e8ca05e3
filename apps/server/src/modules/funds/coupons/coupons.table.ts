import type { CouponStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../../auth/auth.table.js';

/**
 * Coupons of a seller organisation (满 X 减 Y, fen). Only UNUSED and USED are stored: a coupon is
 * EXPIRED when it is unused and its expiry has passed, so nothing has to flip it on time.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** One issuing run of the operator: every coupon it made shares it. */
    batchNo: text('batch_no').notNull(),
    name: text('name').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** 0 = no threshold. */
    thresholdFen: bigint('threshold_fen', { mode: 'number' }).notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
    source: text('source').notNull().default('OPERATOR'),
    status: text('status').$type<CouponStatus>().notNull().default('UNUSED'),
    /** The order payment that used it. */
    businessId: text('business_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('coupons_org_status_expire_idx').on(t.orgId, t.status, t.expireAt),
    // One coupon per order payment.
    uniqueIndex('coupons_org_business_used_key').on(t.orgId, t.businessId).where(sql`${t.status} = 'USED'`),
    check('coupons_amount_positive', sql`${t.amountFen} > 0`),
    check('coupons_threshold_not_negative', sql`${t.thresholdFen} >= 0`),
    check('coupons_status_known', sql`${t.status} in ('UNUSED', 'USED')`),
  ],
);
