import type { WorkOrderLinkKind, WorkOrderStatus, WorkOrderType } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from '../auth/auth.table.js';

/** Feeds the readable number GD + Beijing date + 6 digits. */
export const workOrderNoSeq = pgSequence('work_order_no_seq', { startWith: 1, increment: 1 });

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Work orders (工单, decision 0031): a seller's or purchaser's question to the platform's support.
 * `status` changes only through the named operations of work-orders.service.ts.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workOrderNo: text('work_order_no').notNull(),
    /** The customer's organisation (seller or purchaser). */
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').$type<WorkOrderType>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    status: text('status').$type<WorkOrderStatus>().notNull().default('PENDING'),
    /** The caller's own order / after-sale / parcel it is about, checked at opening. */
    linkKind: text('link_kind').$type<WorkOrderLinkKind>(),
    linkId: integer('link_id'),
    linkNo: text('link_no'),
    /** The operator's replies the customer's organisation has not opened yet (the header counts them through their messages). */
    customerUnread: integer('customer_unread').notNull().default(0),
    /** The customer's replies (and the opening) the console has not opened yet. */
    operatorUnread: integer('operator_unread').notNull().default(1),
    score: integer('score'),
    comment: text('comment'),
    resolvedAt: at('resolved_at'),
    closedAt: at('closed_at'),
    createdAt: at('created_at').defaultNow().notNull(),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('work_orders_no_uq').on(t.workOrderNo),
    index('work_orders_org_created_idx').on(t.orgId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('work_orders_status_updated_idx').on(t.status, t.updatedAt.desc().nullsFirst()),
    check('work_orders_score_range', sql`${t.score} is null or ${t.score} between 1 and 5`),
  ],
);

/** The conversation: the customer's and the operator's replies after the opening text. */
export const workOrderReplies = pgTable(
  'work_order_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id),
    side: text('side').$type<'CUSTOMER' | 'OPERATOR'>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [index('work_order_replies_order_idx').on(t.workOrderId, t.id)],
);

/** Images of the opening (reply_id null) or of a reply; the bytes are in the file store under storage_key. */
export const workOrderImages = pgTable(
  'work_order_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id),
    replyId: integer('reply_id').references(() => workOrderReplies.id),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [index('work_order_images_order_idx').on(t.workOrderId)],
);
