import type { MemberPlanStatus, PaymentStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A plan the operator defines (decision 0033): edited while unpublished or withdrawn, sold while published. */
export const memberPlans = pgTable(
  'member_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    termDays: integer('term_days').notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    serviceFeePercent: integer('service_fee_percent').notNull().default(100),
    serviceFeeOffPerItemFen: bigint('service_fee_off_per_item_fen', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<MemberPlanStatus>().notNull().default('DRAFT'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').defaultNow().notNull(),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (t) => [index('member_plans_status_idx').on(t.status, t.id)],
);

/**
 * A seller's membership: one row per organisation, the benefits of the plan last bought (a renewal
 * with another plan takes its benefits at once) and the end, which renewals extend.
 */
export const memberships = pgTable(
  'memberships',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organisations.id),
    planId: integer('plan_id').references(() => memberPlans.id),
    planName: text('plan_name').notNull().default(''),
    serviceFeePercent: integer('service_fee_percent').notNull().default(100),
    serviceFeeOffPerItemFen: bigint('service_fee_off_per_item_fen', { mode: 'number' }).notNull().default(0),
    startsAt: at('starts_at'),
    expiresAt: at('expires_at'),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (t) => [index('memberships_expires_idx').on(t.expiresAt)],
);

/** One purchase: a balance payment (paid at once) or an Alipay trade (prefix MB) settled by funds' notify. */
export const memberPurchases = pgTable(
  'member_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => memberPlans.id),
    planName: text('plan_name').notNull(),
    termDays: integer('term_days').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    payMethod: text('pay_method').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('WAITING_PAYMENT'),
    requestKey: text('request_key').notNull(),
    outTradeNo: text('out_trade_no'),
    tradeNo: text('trade_no'),
    /** The membership's end this purchase made. */
    expiresAt: at('expires_at'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').defaultNow().notNull(),
    paidAt: at('paid_at'),
  },
  (t) => [
    uniqueIndex('member_purchases_request_key_uq').on(t.orgId, t.requestKey),
    uniqueIndex('member_purchases_out_trade_no_uq').on(t.outTradeNo).where(sql`${t.outTradeNo} is not null`),
    index('member_purchases_org_idx').on(t.orgId, t.id.desc().nullsFirst()),
  ],
);
