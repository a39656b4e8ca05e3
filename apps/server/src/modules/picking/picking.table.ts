import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { takeItems } from '../take-assignment/take-items.table.js';

/**
 * The picker's marks (拿货标记): one row per report a picker makes for a take item, with the money
 * it moved, so that cancelTook reverses exactly what this mark did and nothing else. At most one
 * ACTIVE mark per item (partial unique index): a second concurrent mark cannot both stand.
 * state: ACTIVE (stands), SUPERSEDED (a later mark followed a no-money mark), CANCELED (undone).
 */
export const pickingMarks = pgTable(
  'picking_marks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    takeItemId: bigint('take_item_id', { mode: 'number' })
      .notNull()
      .references(() => takeItems.id, { onDelete: 'cascade' }),
    /** The picker the item is assigned to (commission goes to them), and who pressed the button. */
    pickerUserId: integer('picker_user_id'),
    actorUserId: integer('actor_user_id'),
    result: text('result').notNull(),
    tookQuantity: integer('took_quantity').notNull().default(0),
    priceFen: bigint('price_fen', { mode: 'number' }),
    note: text('note').notNull().default(''),
    /** Goods money refunded to the seller by this mark, and the ledger entry that did it. */
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    refundEntryId: bigint('refund_entry_id', { mode: 'number' }),
    /** The replenish request (补款) this mark created, and its amount. */
    replenishId: integer('replenish_id'),
    replenishFen: bigint('replenish_fen', { mode: 'number' }).notNull().default(0),
    /** The settlement line (拿货结算) this mark recorded: goods paid to the stall and the commission. */
    goodsFen: bigint('goods_fen', { mode: 'number' }).notNull().default(0),
    commissionFen: bigint('commission_fen', { mode: 'number' }).notNull().default(0),
    settlementLineId: integer('settlement_line_id'),
    state: text('state').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('picking_marks_one_active').on(t.takeItemId).where(sql`${t.state} = 'ACTIVE'`),
    index('picking_marks_item_idx').on(t.takeItemId, t.id),
    index('picking_marks_picker_day_idx').on(t.purchaserOrgId, t.pickerUserId, t.createdAt),
  ],
);
