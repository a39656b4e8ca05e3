import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../../auth/auth.table.js';

/**
 * One balance account per tenant. The balances are a cache of the ledger, updated in the same
 * transaction as each entry under the row lock; the ledger check proves they agree.
 */
export const accounts = pgTable(
  'accounts',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organisations.id),
    availableFen: bigint('available_fen', { mode: 'number' }).notNull().default(0),
    frozenFen: bigint('frozen_fen', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  // The database itself refuses a negative balance, whatever the code above it does.
  (t) => [check('accounts_available_not_negative', sql`${t.availableFen} >= 0`), check('accounts_frozen_not_negative', sql`${t.frozenFen} >= 0`)],
);

/**
 * Immutable ledger entries: one per money movement, with the SPEC.md section 4 transaction type
 * and purpose codes verbatim. Deltas are signed fen; the balances after are stored for statements.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    transactionType: text('transaction_type').notNull(),
    purpose: text('purpose').notNull(),
    availableDeltaFen: bigint('available_delta_fen', { mode: 'number' }).notNull(),
    frozenDeltaFen: bigint('frozen_delta_fen', { mode: 'number' }).notNull().default(0),
    availableAfterFen: bigint('available_after_fen', { mode: 'number' }).notNull(),
    frozenAfterFen: bigint('frozen_after_fen', { mode: 'number' }).notNull(),
    /** The business record the money belongs to (order number, recharge trade number…). */
    businessId: text('business_id'),
    /** The caller's idempotency key: the same key moves money at most once per tenant. */
    requestKey: text('request_key').notNull(),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_request_key').on(t.orgId, t.requestKey),
    index('ledger_entries_org_created_idx').on(t.orgId, t.id),
    // The balance page filters a tenant's entries by type and date range.
    index('ledger_entries_org_time_idx').on(t.orgId, t.createdAt),
    index('ledger_entries_org_type_time_idx').on(t.orgId, t.transactionType, t.createdAt),
  ],
);
