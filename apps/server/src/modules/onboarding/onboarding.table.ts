import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from '../auth/auth.table.js';

/**
 * A purchaser's invite codes: only the SHA-256 of the code is stored (the code is shown once),
 * with its last four characters so the purchaser can tell codes apart. A code expires, can be
 * revoked, and serves `max_uses` bindings (decision 0028).
 */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purchaserOrgId: integer('purchaser_org_id')
      .notNull()
      .references(() => organisations.id),
    codeHash: text('code_hash').notNull(),
    hint: text('hint').notNull(),
    maxUses: integer('max_uses').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('invite_codes_hash_key').on(t.codeHash), index('invite_codes_org_idx').on(t.purchaserOrgId, t.id.desc().nullsFirst())],
);

/**
 * Who changed what: every operator change on an organisation, support sign-ins, and bindings and
 * refused invite codes. `summary` holds before/after values, never a password or a code.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer('actor_user_id'),
    actorOrgId: integer('actor_org_id'),
    action: text('action').notNull(),
    targetOrgId: integer('target_org_id'),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('audit_logs_target_idx').on(t.targetOrgId, t.id.desc().nullsFirst())],
);
