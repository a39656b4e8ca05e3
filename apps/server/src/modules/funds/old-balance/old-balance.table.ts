import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from '../../auth/auth.table.js';

/**
 * The balance an organisation had in the previous system (旧余额). It is moved into the ledger once
 * (BALANCE_MIGRATE); migratedAt marks it done in the same transaction as the ledger entry.
 */
export const legacyBalances = pgTable(
  'legacy_balances',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organisations.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    migratedAt: timestamp('migrated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [check('legacy_balances_amount_not_negative', sql`${t.amountFen} >= 0`)],
);
