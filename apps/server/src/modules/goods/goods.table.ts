import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

/** A seller's own supplier (stall) list; the menu's supplier-exists check reads it. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('suppliers_org_idx').on(t.orgId)],
);
