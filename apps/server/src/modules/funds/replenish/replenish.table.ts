import type { ReplenishStatus } from '@dropship/contract';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { organisations } from '../../auth/auth.table.js';

/**
 * Replenish requests (补款): a price rise at the stall that the seller must pay. Those in
 * WAITING_PAYMENT feed the funds menu badge and the transfer-record badge.
 */
export const replenishRequests = pgTable(
  'replenish_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    amountFen: integer('amount_fen').notNull(),
    status: text('status').$type<z.infer<typeof ReplenishStatus>>().notNull().default('WAITING_PAYMENT'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    /** How it was paid (BALANCE or an ALIPAY_* method) and when: set by the one pay operation. */
    payMethod: text('pay_method'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('replenish_org_status_idx').on(t.orgId, t.status)],
);
