import type { RoyaltySettlementStatus, RoyaltyStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { organisations } from '../../auth/auth.table.js';

/**
 * The seller's Alipay account in the platform's split-ledger relation set (分账授权). Rows are
 * kept after unbinding as the history; at most one is BOUND per organisation.
 */
export const royaltyRelations = pgTable(
  'royalty_relations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    receiverType: text('receiver_type').notNull().default('loginName'),
    account: text('account').notNull(),
    accountName: text('account_name').notNull(),
    status: text('status').$type<z.infer<typeof RoyaltyStatus>>().notNull().default('BOUND'),
    bindRequestNo: text('bind_request_no').notNull(),
    unbindRequestNo: text('unbind_request_no'),
    boundAt: timestamp('bound_at', { withTimezone: true }).defaultNow().notNull(),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('royalty_relations_one_bound_key').on(t.orgId).where(sql`${t.status} = 'BOUND'`), index('royalty_relations_org_idx').on(t.orgId, t.id)],
);

/**
 * Split records (分账记录): the service fee of dropship orders paid through one Alipay trade, split
 * to the organisation's bound receiver with alipay.trade.order.settle (decision 0030). One row per
 * trade: out_request_no `ST<out_trade_no>`, so a retried job never settles twice. PROCESSING until
 * settle.query confirms (SUCCESS) or Alipay refuses for good (FAIL, reason in Chinese); REVERSED
 * once every order's part went back with alipay.trade.refund's refund_royalty_parameters.
 */
export const royaltySettlements = pgTable(
  'royalty_settlements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    relationId: integer('relation_id')
      .notNull()
      .references(() => royaltyRelations.id),
    /** Our out_trade_no of the trade. */
    businessId: text('business_id').notNull(),
    /** Alipay's trade_no, which order.settle names. */
    tradeNo: text('trade_no').notNull().default(''),
    /** The split still standing, in fen: the orders' parts minus what was reversed. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** Per order: its number, its part in fen, and the refund request that took it back. */
    orders: jsonb('orders').$type<RoyaltyOrderPart[]>().notNull().default([]),
    /** Per receiver (logon id) in fen, as sent to Alipay. */
    receivers: jsonb('receivers').$type<{ account: string; amountFen: number }[]>().notNull().default([]),
    status: text('status').$type<RoyaltySettlementStatus>().notNull(),
    reason: text('reason'),
    outRequestNo: text('out_request_no').notNull(),
    settleNo: text('settle_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    index('royalty_settlements_org_idx').on(t.orgId, t.id),
    uniqueIndex('royalty_settlements_request_key').on(t.orgId, t.outRequestNo),
    check('royalty_settlements_status', sql`${t.status} in ('PROCESSING', 'SUCCESS', 'FAIL', 'REVERSED')`),
  ],
);

export interface RoyaltyOrderPart {
  orderNo: string;
  feeFen: number;
  /** Set when a refund of the order took its part back from the receiver. */
  reversedBy?: string;
}
