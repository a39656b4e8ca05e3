import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** The summed figures, the same in every grain. */
const figures = () => ({
  /** Items placed (every take item, closed ones too) and their quantity and cost (quantity × unit cost). */
  items: integer('items').notNull().default(0),
  quantity: integer('quantity').notNull().default(0),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
  /** Taking status TOOK / TOOK_PART / E_LACK_TAKING / E_NEXT_TAKING; CLOSE / E_STOP_* assignment. */
  took: integer('took').notNull().default(0),
  tookPart: integer('took_part').notNull().default(0),
  lack: integer('lack').notNull().default(0),
  nextDay: integer('next_day').notNull().default(0),
  stopped: integer('stopped').notNull().default(0),
  tookQuantity: integer('took_quantity').notNull().default(0),
  tookFen: bigint('took_fen', { mode: 'number' }).notNull().default(0),
  /** Seconds from assignment to the mark, summed over the taken items that have both, and their count. */
  takeSeconds: bigint('take_seconds', { mode: 'number' }).notNull().default(0),
  takeTimed: integer('take_timed').notNull().default(0),
});

/**
 * Daily rollup of take items (拿货统计, 缺货统计): one row per purchaser, seller, Beijing day of the
 * item's creation (the day it was paid and placed), picker (0: not assigned), market area, stall and
 * goods (art number), with the items' current figures summed. Kept exact in the transaction of
 * every write of a counted column of take_items (rollup.repository.ts: the items' old contribution
 * is taken out before the write and their new one added after it); `rebuildTakeRows` recomputes
 * any range from the raw rows. Money in fen, durations in whole seconds.
 */
export const statTakeDaily = pgTable(
  'stat_take_daily',
  {
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    sellerOrgId: integer('seller_org_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    pickerId: integer('picker_id').notNull(),
    marketArea: text('market_area').notNull(),
    stallName: text('stall_name').notNull(),
    artNo: text('art_no').notNull(),
    ...figures(),
  },
  (t) => [
    primaryKey({ name: 'stat_take_daily_pk', columns: [t.purchaserOrgId, t.day, t.sellerOrgId, t.pickerId, t.marketArea, t.stallName, t.artNo] }),
    index('stat_take_daily_seller_idx').on(t.sellerOrgId, t.day),
  ],
);

/** The same figures without stall and goods (rollup.repository.ts: the coarse grain most views read). */
export const statTakeDailyArea = pgTable(
  'stat_take_daily_area',
  {
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    sellerOrgId: integer('seller_org_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    pickerId: integer('picker_id').notNull(),
    marketArea: text('market_area').notNull(),
    ...figures(),
  },
  (t) => [
    primaryKey({ name: 'stat_take_daily_area_pk', columns: [t.purchaserOrgId, t.day, t.sellerOrgId, t.pickerId, t.marketArea] }),
    index('stat_take_daily_area_seller_idx').on(t.sellerOrgId, t.day),
  ],
);

/**
 * The same figures down to the stall without the goods or the seller (the purchaser's 档口 split):
 * one row per purchaser, day, picker, market area and stall. A stall sells hundreds of goods to
 * many sellers, each pair taken a few times a month, so the fine grain holds about one item a row
 * and costs what the raw items cost; this one holds every item of a stall's day (decision 0034,
 * amendment). The picker stays so that a picker's own view reads it too: a stall is walked by its
 * area's picker, so it adds few rows. A seller's stall split reads the fine grain by its own index
 * (a seller's rows are a small part of its purchasers').
 */
export const statTakeDailyStall = pgTable(
  'stat_take_daily_stall',
  {
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    pickerId: integer('picker_id').notNull(),
    marketArea: text('market_area').notNull(),
    stallName: text('stall_name').notNull(),
    ...figures(),
  },
  (t) => [primaryKey({ name: 'stat_take_daily_stall_pk', columns: [t.purchaserOrgId, t.day, t.pickerId, t.marketArea, t.stallName] })],
);

/**
 * The stall grain by Beijing calendar month (`month`: its first day): a 90-day view by month or
 * the totals per stall read the whole months here and only the days at the range's edges from the
 * day rows, a thirtieth of the rows for each whole month (decision 0034, amendment).
 */
export const statTakeMonthlyStall = pgTable(
  'stat_take_monthly_stall',
  {
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    pickerId: integer('picker_id').notNull(),
    marketArea: text('market_area').notNull(),
    stallName: text('stall_name').notNull(),
    ...figures(),
  },
  (t) => [primaryKey({ name: 'stat_take_monthly_stall_pk', columns: [t.purchaserOrgId, t.month, t.pickerId, t.marketArea, t.stallName] })],
);

/**
 * The stall grain by week within a month (`week`: the first day of the ISO week's part inside one
 * Beijing calendar month, the later of its Monday and the month's first day). A range's days outside
 * its whole months are mostly whole such weeks, so a 90-day view by month or the totals per stall
 * read at most six edge days on either side from the day rows; a week never straddles two months,
 * so its rows serve a view by ISO week and by month alike (decision 0034, amendment).
 */
export const statTakeWeeklyStall = pgTable(
  'stat_take_weekly_stall',
  {
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    pickerId: integer('picker_id').notNull(),
    marketArea: text('market_area').notNull(),
    stallName: text('stall_name').notNull(),
    ...figures(),
  },
  (t) => [primaryKey({ name: 'stat_take_weekly_stall_pk', columns: [t.purchaserOrgId, t.week, t.pickerId, t.marketArea, t.stallName] })],
);

/**
 * The same figures by seller shop (店铺拿退货统计): one row per purchaser, seller, Beijing day and shop
 * of the item's dropship order (0: an order without a shop). Take items carry no shop, so the bracket
 * reads it through the order (dropship_orders.shop_id, set when the order is placed and never
 * changed). A seller's day has a row per shop and purchaser, so its views read a handful of rows.
 */
export const statTakeDailyShop = pgTable(
  'stat_take_daily_shop',
  {
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    sellerOrgId: integer('seller_org_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    ...figures(),
  },
  (t) => [
    primaryKey({ name: 'stat_take_daily_shop_pk', columns: [t.sellerOrgId, t.day, t.shopId, t.purchaserOrgId] }),
    // The rebuild replaces a purchaser's days.
    index('stat_take_daily_shop_purchaser_idx').on(t.purchaserOrgId, t.day),
  ],
);

/**
 * Daily rollup of after-sales (退货统计): one row per seller, purchaser (0: none), Beijing day of the
 * after-sale's creation, shop (0: none), stall, goods (art number), reason and type, with the
 * after-sales' current figures summed. Kept exact in the transaction of every write of a counted
 * column of after_sales (return-rollup.repository.ts, the same take-out / add-back bracket as the
 * take rollup). Money in fen.
 */
export const statAfterSaleDaily = pgTable(
  'stat_after_sale_daily',
  {
    sellerOrgId: integer('seller_org_id').notNull(),
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    stallName: text('stall_name').notNull(),
    artNo: text('art_no').notNull(),
    reason: text('reason').notNull(),
    type: text('type').notNull(),
    /** After-sales and their quantity; those whose goods come back (a return status); the finished ones. */
    cases: integer('cases').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    /** The quantity of those whose goods come back (店铺拿退货统计's returned pieces). */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    finished: integer('finished').notNull().default(0),
    /** What is owed back to the seller, and what was given back so far. */
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'stat_after_sale_daily_pk', columns: [t.sellerOrgId, t.day, t.purchaserOrgId, t.shopId, t.stallName, t.artNo, t.reason, t.type] }),
    index('stat_after_sale_daily_purchaser_idx').on(t.purchaserOrgId, t.day),
  ],
);
