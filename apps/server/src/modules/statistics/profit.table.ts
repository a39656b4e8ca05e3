import { bigint, boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** The money parts of one paid order, or their sums (decision 0038's rules), fen. */
const parts = () => ({
  saleFen: bigint('sale_fen', { mode: 'number' }).notNull().default(0),
  goodsFen: bigint('goods_fen', { mode: 'number' }).notNull().default(0),
  expressFen: bigint('express_fen', { mode: 'number' }).notNull().default(0),
  serviceFen: bigint('service_fen', { mode: 'number' }).notNull().default(0),
  backFen: bigint('back_fen', { mode: 'number' }).notNull().default(0),
});

/**
 * 利润统计's per-order result (decision 0038): one row per paid dropship order of a seller, its
 * Beijing pay day, shop and platform, and its parts (all 0 for a cancelled order). Kept by
 * `catchUpProfit` (profit-rollup.repository.ts) from what changed since the seller's marks; the
 * order list pages it, joined to the order for the columns that are not money.
 */
export const statProfitOrders = pgTable(
  'stat_profit_orders',
  {
    orgId: integer('org_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    channel: text('channel').notNull(),
    noSale: boolean('no_sale').notNull(),
    ...parts(),
  },
  (t) => [
    primaryKey({ name: 'stat_profit_orders_pk', columns: [t.orgId, t.orderId] }),
    // The list pages a range newest first, all shops or one.
    index('stat_profit_orders_day_idx').on(t.orgId, t.day, t.orderId),
    index('stat_profit_orders_shop_day_idx').on(t.orgId, t.shopId, t.day, t.orderId),
  ],
);

/** The sums of stat_profit_orders per seller, Beijing day, shop (0: none) and platform: what the per-period view reads. */
export const statProfitDaily = pgTable(
  'stat_profit_daily',
  {
    orgId: integer('org_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    channel: text('channel').notNull(),
    orders: integer('orders').notNull().default(0),
    noSale: integer('no_sale').notNull().default(0),
    ...parts(),
  },
  (t) => [primaryKey({ name: 'stat_profit_daily_pk', columns: [t.orgId, t.day, t.shopId, t.channel] })],
);

/**
 * How far each seller's profit rows are caught up: the last of its ledger entries taken in (a
 * seller's entries commit in id order, since every movement holds its account's lock). The row is
 * also the lock that runs one catch-up of a seller at a time; no row = never built.
 */
export const statProfitMarks = pgTable('stat_profit_marks', {
  orgId: integer('org_id').primaryKey(),
  ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).notNull().default(0),
});

/**
 * Changes that move none of the seller's money — an order paid on credit or for nothing, cancelled
 * without a refund, its fees changed; a shop line's paid amount re-synced — queued by the triggers
 * of migration 0045 in the writer's transaction and taken (deleted) by the next catch-up, so one
 * committed late is simply taken the time after.
 */
export const statProfitDirty = pgTable(
  'stat_profit_dirty',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    shopOrderItemId: bigint('shop_order_item_id', { mode: 'number' }),
  },
  (t) => [index('stat_profit_dirty_org_idx').on(t.orgId)],
);
