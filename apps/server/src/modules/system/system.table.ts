import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The version file the operator publishes; /version.json answers the newest row. */
export const appVersions = pgTable('app_versions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  version: text('version').notNull(),
  desc: text('desc').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

/** Page views and activity events the shell reports on every navigation. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    orgId: integer('org_id'),
    userId: integer('user_id'),
    pageChannel: text('page_channel').notNull(),
    httpStatus: integer('http_status').notNull(),
    host: text('host').notNull(),
    platformType: text('platform_type'),
    activityName: text('activity_name'),
    sellerUserId: integer('seller_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('tracking_events_created_idx').on(t.createdAt)],
);

/** Guided tours a user has finished, so a tour shown once stays gone on another browser too. */
export const userGuides = pgTable(
  'user_guides',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const feedback = pgTable('feedback', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  orgId: integer('org_id').notNull(),
  userId: integer('user_id').notNull(),
  content: text('content').notNull(),
  contact: text('contact'),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});
