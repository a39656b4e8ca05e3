import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations, users } from '../auth/auth.table.js';

/**
 * Refused calls worth a trace: a customer calling the operator console, an operator without the
 * role, an operator calling a customer's call. Written by the auth plugin before it answers.
 */
export const permissionDenials = pgTable(
  'permission_denials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    orgType: text('org_type').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    permission: text('permission').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('permission_denials_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);
