import type { WithdrawStatus } from '@dropship/contract';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../../auth/auth.table.js';

/** The Alipay account an organisation withdraws to (bound on /funds/bindAlipay with the pay password). */
export const withdrawAccounts = pgTable('withdraw_accounts', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organisations.id),
  alipayAccount: text('alipay_account').notNull(),
  realName: text('real_name').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Withdrawals: REVIEWING (money frozen) → TRANSFERRING → SUCCESS (frozen money out) | FAILED
 * (back to available); REVIEWING → REJECTED (back to available). The payee is copied from the
 * bound account at request time, so re-binding later does not redirect money under review.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** Our number, sent to Alipay as out_biz_no: the transfer is idempotent by it. */
    withdrawNo: text('withdraw_no').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    alipayAccount: text('alipay_account').notNull(),
    realName: text('real_name').notNull(),
    status: text('status').$type<WithdrawStatus>().notNull().default('REVIEWING'),
    requestKey: text('request_key').notNull(),
    createdBy: integer('created_by'),
    reviewerId: integer('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    failReason: text('fail_reason'),
    /** Alipay's order_id of the transfer. */
    transferOrderId: text('transfer_order_id'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('withdrawals_withdraw_no_key').on(t.withdrawNo),
    uniqueIndex('withdrawals_request_key').on(t.orgId, t.requestKey),
    index('withdrawals_org_idx').on(t.orgId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
  ],
);
