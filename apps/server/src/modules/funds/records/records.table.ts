import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { organisations } from '../../auth/auth.table.js';
import { replenishRequests } from '../replenish/replenish.table.js';

/**
 * What a replenish request (补款) is for, beside the request itself: its payment purpose
 * (UPDATE_PRICE for a price rise at the stall, GOODS_PAY_LATER for goods taken first and paid
 * afterwards, FREIGHT…) and the order it belongs to. A request without a row here is a price rise
 * with no order reference (docs/decisions/0004-funds-records.md).
 */
export const replenishDetails = pgTable(
  'replenish_details',
  {
    replenishId: integer('replenish_id')
      .primaryKey()
      .references(() => replenishRequests.id),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    purpose: text('purpose').notNull().default('UPDATE_PRICE'),
    /** The dropship order number or take item the request belongs to. */
    orderNo: text('order_no'),
  },
  (t) => [index('replenish_details_org_purpose_idx').on(t.orgId, t.purpose)],
);
