import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from '../auth/auth.table.js';

/** Station messages to an organisation (every user) or to one user. */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind').notNull().default('SYSTEM'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** What event this reports (e.g. `shipped:DF123`): a retried job or a repeated event writes no second message. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('messages_org_created_idx').on(t.orgId, t.createdAt), uniqueIndex('messages_org_dedupe_key').on(t.orgId, t.dedupeKey)],
);

/** Read marks per user, so an organisation-wide message is read or unread for each user. */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);
