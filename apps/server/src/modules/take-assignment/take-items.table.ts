import type { AssignmentStatusCode, TakingStatusCode } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

/** Feeds the pick-up codes (scrambled, with a check digit: take-codes.ts). */
export const takeCodeSeq = pgSequence('take_code_seq', { startWith: 1, increment: 1 });

/**
 * Take items (拿货项): one per paid dropship order line, on the purchaser's side. The stall fields
 * are copied so the pickers' walk (market area → market → building → floor → stall) needs no join
 * into the seller's data. Assignment and taking statuses are SPEC.md section 4 codes.
 */
export const takeItems = pgTable(
  'take_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purchaserOrgId: integer('purchaser_org_id')
      .notNull()
      .references(() => organisations.id),
    sellerOrgId: integer('seller_org_id')
      .notNull()
      .references(() => organisations.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderItemId: bigint('order_item_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    /** 12 digits (CODE128-C friendly), unique everywhere; printed on the pick-up tag and scanned at the warehouse. */
    takeCode: text('take_code').notNull(),
    assignmentStatus: text('assignment_status').$type<AssignmentStatusCode>().notNull().default('WAITING_ASSIGNED'),
    takingStatus: text('taking_status').$type<TakingStatusCode>().notNull().default('WAITING_TAKING'),
    assignedUserId: integer('assigned_user_id'),
    supplierId: integer('supplier_id'),
    stallName: text('stall_name').notNull().default(''),
    market: text('market').notNull().default(''),
    building: text('building').notNull().default(''),
    floor: text('floor').notNull().default(''),
    stallNo: text('stall_no').notNull().default(''),
    marketArea: text('market_area').notNull().default(''),
    artNo: text('art_no').notNull().default(''),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    quantity: integer('quantity').notNull(),
    expressName: text('express_name').notNull().default(''),
    /** The seller's cost per unit when paid (fen): a stall asking more creates a replenish request. */
    unitCostFen: bigint('unit_cost_fen', { mode: 'number' }).notNull().default(0),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** Pick-up tags printed so far (reprints count): the list filters printed / not printed. */
    printCount: integer('print_count').notNull().default(0),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    /** What the picker brought and paid per unit at the stall (fen); null until marked. */
    tookQuantity: integer('took_quantity').notNull().default(0),
    tookPriceFen: bigint('took_price_fen', { mode: 'number' }),
    tookAt: timestamp('took_at', { withTimezone: true }),
    /** Scanned in at the warehouse. */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    /** The stall batch (下发) that sent this item's code to its stall; null until sent. */
    downBatchId: bigint('down_batch_id', { mode: 'number' }),
    /** OWN_STOCK items come from the seller's stock in the warehouse: created taken, never walked to a stall. */
    supplyMode: text('supply_mode').notNull().default('MARKET_PICKUP'),
    /** The order paid for 加急发货: listed first for pickers and the warehouse. */
    urgent: boolean('urgent').notNull().default(false),
    /** Days this item was found out of stock and put off (缺货等待, the seller's WAIT_NEXT_DAY policy). */
    lackDays: integer('lack_days').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('take_items_take_code').on(t.takeCode),
    uniqueIndex('take_items_order_item').on(t.orderItemId),
    index('take_items_purchaser_status_idx').on(t.purchaserOrgId, t.assignmentStatus, t.id.desc().nullsFirst()),
    index('take_items_purchaser_walk_idx').on(t.purchaserOrgId, t.marketArea, t.market, t.building, t.floor, t.stallNo),
    index('take_items_order_idx').on(t.orderId),
    index('take_items_purchaser_id_idx').on(t.purchaserOrgId, t.id.desc().nullsFirst()),
    index('take_items_purchaser_picker_idx').on(t.purchaserOrgId, t.assignedUserId, t.assignmentStatus),
    // The workbench's items taken per day (and a picker's own day).
    index('take_items_purchaser_took_idx').on(t.purchaserOrgId, t.tookAt).where(sql`took_at is not null`),
    // takePage lists urgent items first (加急发货): these keep its pages index-ordered, with and without a status tab.
    index('take_items_purchaser_urgent_idx').on(t.purchaserOrgId, t.urgent.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The statistics rollup's rebuild of a range (and its bare GROUP BY baseline) reads a purchaser's items by creation time.
    index('take_items_purchaser_created_idx').on(t.purchaserOrgId, t.createdAt),
    index('take_items_purchaser_status_urgent_idx').on(t.purchaserOrgId, t.assignmentStatus, t.urgent.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // 打印拿货标签 works one market area's unprinted items: their page (urgent first, newest first) and the
    // tab counts read only those items, whatever the area's printed history (the status is in the key
    // so the counts are read from the index alone). Decision 0041.
    index('take_items_purchaser_area_unprinted_idx')
      .on(t.purchaserOrgId, t.marketArea, t.urgent.desc().nullsFirst(), t.id.desc().nullsFirst(), t.assignmentStatus)
      .where(sql`print_count = 0`),
  ],
);

/**
 * Every change of a take item (assign, print, mark, stop, arrive ...) with who did it: the
 * takeLog call and the picker's history read it. Append-only, written in the change's transaction.
 */
export const takeLogs = pgTable(
  'take_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    takeItemId: bigint('take_item_id', { mode: 'number' })
      .notNull()
      .references(() => takeItems.id, { onDelete: 'cascade' }),
    /** The named operation, e.g. ASSIGN, PRINT, MARK, STOP, REVOKE_STOP, CANCEL_TOOK, ARRIVE. */
    operation: text('operation').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorUserId: integer('actor_user_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('take_logs_item_idx').on(t.takeItemId, t.id), index('take_logs_org_idx').on(t.purchaserOrgId, t.id.desc().nullsFirst())],
);

/**
 * Which purchaser organisation serves a seller (takes its orders). A seller without a row is
 * served by the platform's default purchaser (docs/decisions/0010-dropship-orders.md).
 */
export const sellerPurchasers = pgTable('seller_purchasers', {
  sellerOrgId: integer('seller_org_id')
    .primaryKey()
    .references(() => organisations.id),
  purchaserOrgId: integer('purchaser_org_id')
    .notNull()
    .references(() => organisations.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/** One "send the day's codes to the stalls" run (下发拿货码); RUNNING while its batches are written. */
export const takeDownRuns = pgTable(
  'take_down_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('RUNNING'),
    batches: integer('batches').notNull().default(0),
    items: integer('items').notNull().default(0),
    actorUserId: integer('actor_user_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('take_down_runs_org_idx').on(t.purchaserOrgId, t.id.desc().nullsFirst())],
);

/** One stall's list of a run: the codes, article numbers, colours, sizes and quantities the stall prepares. */
export const takeDownBatches = pgTable(
  'take_down_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => takeDownRuns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    stallKey: text('stall_key').notNull(),
    stallName: text('stall_name').notNull(),
    market: text('market').notNull(),
    floor: text('floor').notNull(),
    stallNo: text('stall_no').notNull(),
    itemCount: integer('item_count').notNull(),
    quantity: integer('quantity').notNull(),
    /** [{takeCode, artNo, color, size, quantity}] as sent: later changes of the items do not rewrite what the stall got. */
    lines: jsonb('lines').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('take_down_batches_org_day_idx').on(t.purchaserOrgId, t.day, t.id)],
);

/** The purchaser's automatic assignment (autoAssignedSet): rules by market area or stall → picker. */
export const takeAutoAssignSettings = pgTable('take_auto_assign_settings', {
  purchaserOrgId: integer('purchaser_org_id')
    .primaryKey()
    .references(() => organisations.id),
  enabled: boolean('enabled').notNull().default(false),
  /** [{type: 'AREA' | 'STALL', value, pickerId}] */
  rules: jsonb('rules').notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Take items per purchaser, market area, printed or not and assignment status, kept in the same
 * transaction as every write of those (assignment-counts.repository.ts): takePage's tab counts read
 * these rows instead of counting the purchaser's items, without filters and under the market-area and
 * printed filters of 打印拿货标签 (decision 0041). A purchaser has a row per area, print state and
 * status: tens of rows, read by the primary key.
 */
export const takeItemCounts = pgTable(
  'take_item_counts',
  {
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    marketArea: text('market_area').notNull(),
    printed: boolean('printed').notNull(),
    assignmentStatus: text('assignment_status').$type<AssignmentStatusCode>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.purchaserOrgId, t.marketArea, t.printed, t.assignmentStatus] })],
);
