import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations, users } from '../auth/auth.table.js';

/**
 * SMS verification codes: only a hash is kept; a code is good for one use, five minutes and five
 * wrong tries. The rows also carry the resend cooldown and the daily cap across server processes.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    phone: text('phone').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedCount: integer('failed_count').notNull().default(0),
    /** The SMS provider's id of the message (Aliyun BizId). */
    bizId: text('biz_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('sms_codes_user_idx').on(t.userId, t.scene, t.createdAt), index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * Codes sent to a phone before there is a session (sign-up, password reset): keyed by phone and
 * scene, with the sender's address for the per-address caps. Only a hash is kept.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedCount: integer('failed_count').notNull().default(0),
    bizId: text('biz_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.scene, t.createdAt), index('phone_codes_ip_idx').on(t.ip, t.createdAt)],
);
