import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { waybills } from './warehouse.table.js';

/** One line of a parcel's trace as the courier wrote it: Beijing time text, the text, Kuaidi100's status word. */
export interface TraceEvent {
  time: string;
  context: string;
  status?: string;
}

/**
 * The courier trace of each waybill, kept (decision 0035): written by Kuaidi100's subscription push
 * and by the tracking job's polling, whichever comes first, so /expressMsg shows the timeline without
 * asking Kuaidi100 and the workbench counts sign-offs and problems by index. Both organisations of the
 * waybill are copied here so each side's queries stay on this table's indexes.
 */
export const courierTraces = pgTable(
  'courier_traces',
  {
    waybillId: bigint('waybill_id', { mode: 'number' })
      .primaryKey()
      .references(() => waybills.id, { onDelete: 'cascade' }),
    sellerOrgId: integer('seller_org_id').notNull(),
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    courierCode: text('courier_code').notNull(),
    trackingNo: text('tracking_no').notNull(),
    /** Kuaidi100 state of the newest event (0 在途, 1 揽收, 3 签收, 4 退签, 6 退回 …). */
    state: text('state').notNull().default('1'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** Newest first, as Kuaidi100 sends them. */
    events: jsonb('events').$type<TraceEvent[]>().notNull().default([]),
    /** When the parcel last moved (the newest event's time): no movement for days is a problem. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** STALLED (no movement for TRACE_STALLED_DAYS) or RETURNED (退签 / 退回 / 拒签); null: none. */
    problem: text('problem'),
    polledAt: timestamp('polled_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    /** When Kuaidi100 accepted our subscription: pushes follow; null: not subscribed (yet). */
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('courier_traces_tracking_idx').on(t.trackingNo),
    index('courier_traces_seller_signed_idx').on(t.sellerOrgId, t.signedAt.desc().nullsFirst()).where(sql`signed_at is not null`),
    index('courier_traces_purchaser_signed_idx').on(t.purchaserOrgId, t.signedAt.desc().nullsFirst()).where(sql`signed_at is not null`),
    index('courier_traces_seller_problem_idx').on(t.sellerOrgId).where(sql`problem is not null`),
    index('courier_traces_purchaser_problem_idx').on(t.purchaserOrgId).where(sql`problem is not null`),
  ],
);

export type CourierTraceRow = typeof courierTraces.$inferSelect;
