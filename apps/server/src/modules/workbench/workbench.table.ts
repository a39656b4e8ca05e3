import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The workbench's figures of closed Beijing days (decision 0035, "closed days kept"): one row per
 * organisation, whose numbers (0: the whole organisation; a picker's user id: that picker's own),
 * day and figure key. Filled by one idempotent statement the first time a closed day is read, never
 * updated: a closed day's figures no longer change (the decision says which writers could still move
 * one and how they keep the row exact by deleting it). Today is always read live.
 */
export const workbenchDayFigures = pgTable(
  'workbench_day_figures',
  {
    orgId: integer('org_id').notNull(),
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId, t.day, t.key] })],
);
