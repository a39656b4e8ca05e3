import type { RoyaltyStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
 * Split records (分账记录): money of a paid order split to the bound account. Written when order
 * payment splits money, which nothing does yet; until then the page honestly shows none.
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
    businessId: text('business_id').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    outRequestNo: text('out_request_no').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('royalty_settlements_org_idx').on(t.orgId, t.id), uniqueIndex('royalty_settlements_request_key').on(t.orgId, t.outRequestNo)],
);
