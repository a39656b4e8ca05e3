import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

/** Problem parcels waiting for the seller (parcel status codes of SPEC.md section 4). */
export const problemParcels = pgTable(
  'problem_parcels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    status: text('status').notNull().default('WAITING_PROCESS'),
    trackingNo: text('tracking_no'),
    reason: text('reason'),
    /** The seller must decide before this; the menu badge counts those within a day of it. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('problem_parcels_org_status_deadline_idx').on(t.orgId, t.status, t.deadlineAt)],
);
