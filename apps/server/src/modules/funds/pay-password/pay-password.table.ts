import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations, users } from '../../auth/auth.table.js';

/**
 * One pay password per user (argon2id, like sign-in passwords). Wrong tries are counted here, in
 * the database, so a lockout holds across server processes and restarts.
 */
export const payPasswords = pgTable('pay_passwords', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  orgId: integer('org_id')
    .notNull()
    .references(() => organisations.id),
  passwordHash: text('password_hash').notNull(),
  /** Wrong tries since the last success or lockout; the fifth locks. */
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});
