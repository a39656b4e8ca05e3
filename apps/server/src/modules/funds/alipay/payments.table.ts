import type { PaymentStatus } from '@dropship/contract';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../../auth/auth.table.js';

/**
 * Recharges through Alipay: created WAITING_PAYMENT with our out_trade_no; the verified notify (or
 * the trade.query fallback) credits the balance once and marks it PAID.
 */
export const recharges = pgTable(
  'recharges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    outTradeNo: text('out_trade_no').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    payMethod: text('pay_method').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('WAITING_PAYMENT'),
    /** Alipay's trade number, once paid. */
    tradeNo: text('trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('recharges_out_trade_no_key').on(t.outTradeNo), index('recharges_org_idx').on(t.orgId, t.id)],
);

/**
 * An Alipay payment of one or several replenish requests (补款). Its notify puts the money on the
 * balance and pays each request still waiting from it, in one transaction.
 */
export const replenishPayments = pgTable(
  'replenish_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    outTradeNo: text('out_trade_no').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    payMethod: text('pay_method').notNull(),
    replenishIds: integer('replenish_ids').array().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('WAITING_PAYMENT'),
    tradeNo: text('trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('replenish_payments_out_trade_no_key').on(t.outTradeNo), index('replenish_payments_org_idx').on(t.orgId, t.id)],
);
