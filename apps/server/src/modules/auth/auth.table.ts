import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();

/** A tenant: a seller's business, a purchaser's dropship service, or the platform operator. */
export const organisations = pgTable('organisations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  /** Registration source (SPEC.md section 3 `source`), compared with a platform code by the page. */
  source: text('source'),
  /** 'DISABLED' by the operator: its sessions end and its sign-in is refused (decision 0028). */
  state: text('state').notNull().default('ENABLED'),
  /** A purchaser's warehouse and the market areas its pickers cover, set by the operator. */
  warehouseAddress: text('warehouse_address'),
  marketAreas: jsonb('market_areas').$type<string[]>(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    isMain: boolean('is_main').notNull(),
    state: text('state').notNull().default('ENABLED'),
    /** '1' or '0': the manual-delivery permission flag of SPEC.md section 6. */
    manualDeliveryPermission: text('manual_delivery_permission').notNull().default('1'),
    phone: text('phone'),
    /** A sub-account's display name (姓名), set by the main account (decision 0011). */
    name: text('name'),
    /** Soft delete of a sub-account: state becomes 'DELETED' and the username stays reserved. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_key').on(sql`lower(${t.username})`), index('users_org_idx').on(t.orgId), index('users_phone_idx').on(t.phone)],
);

/** Sessions are random tokens; only their SHA-256 is stored, so a database leak signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orgId: integer('org_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** A support session: the operator's user id that signed in as this account (decision 0028). */
    supportOperatorId: integer('support_operator_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId), index('sessions_org_idx').on(t.orgId)],
);

/** Image captchas of the purchaser sign-in; kept in the database so any server process can check them. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Every sign-in attempt, for rate limiting per account and per address across processes. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_user_idx').on(t.username, t.createdAt), index('login_attempts_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * Sign-in failure counters, one row per account ('user:<lower-case name>') or address ('ip:<address>'):
 * each attempt moves its counter in one INSERT … ON CONFLICT DO UPDATE … RETURNING, so concurrent
 * attempts get distinct counts and no more than the limit reach the password check.
 */
export const loginLimits = pgTable('login_limits', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** Server-side secrets generated on first start (the AES key behind userIdAesStr). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
