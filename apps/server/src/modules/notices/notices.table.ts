import type { BrandVariant, NoticeAudience, NoticeCategory, PopupFrequency } from '@dropship/contract';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.js';

/** Announcements (公告) the operator publishes; content is sanitised HTML, stored only after sanitising. */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').$type<NoticeCategory>().notNull(),
    audience: text('audience').$type<NoticeAudience>().notNull(),
    variant: text('variant').$type<BrandVariant>(),
    pinned: boolean('pinned').notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  // Readers' lists: one category, pinned first, newest published first.
  (t) => [index('announcements_reader_idx').on(t.category, t.pinned.desc().nullsFirst(), t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** Who read which announcement (addReadRecord); per user, like station messages. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

/** Popups (弹窗) on one page of the site, for an audience, within a time window, at a frequency. */
export const popups = pgTable(
  'popups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    page: text('page').notNull(),
    audience: text('audience').$type<NoticeAudience>().notNull(),
    variant: text('variant').$type<BrandVariant>(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url').notNull().default(''),
    frequency: text('frequency').$type<PopupFrequency>().notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('popups_page_idx').on(t.page, t.startAt)],
);

/** When a user was last shown a popup (its frequency counts from here). */
export const popupViews = pgTable(
  'popup_views',
  {
    popupId: integer('popup_id')
      .notNull()
      .references(() => popups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lastShownAt: timestamp('last_shown_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.popupId, t.userId] })],
);
