import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

/**
 * Sorting slots (分拣位, POSITION_NO) in use: one row per multi-item order waiting for its other
 * items, numbered from the purchaser's range; the row is deleted when the order ships (the slot is
 * free again). Both unique indexes make a double allocation impossible.
 */
export const sortingSlots = pgTable(
  'sorting_slots',
  {
    purchaserOrgId: integer('purchaser_org_id')
      .notNull()
      .references(() => organisations.id),
    slotNo: integer('slot_no').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    sellerOrgId: integer('seller_org_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('sorting_slots_slot').on(t.purchaserOrgId, t.slotNo), uniqueIndex('sorting_slots_order').on(t.orderId)],
);

/**
 * The waybill (电子面单) each shipped order got from the courier: kept so a retry after a failed
 * delivery reuses the number instead of drawing a second one, so reprints show the same label, and
 * so the tracking job knows what to ask Kuaidi100 and when it last asked.
 */
export const waybills = pgTable(
  'waybills',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purchaserOrgId: integer('purchaser_org_id')
      .notNull()
      .references(() => organisations.id),
    sellerOrgId: integer('seller_org_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    courierCode: text('courier_code').notNull(),
    trackingNo: text('tracking_no').notNull(),
    taskId: text('task_id').notNull().default(''),
    /** Kuaidi100's kdComOrderNum when the order answered one: its cancel (作废面单) requires it. */
    courierOrderNo: text('courier_order_no').notNull().default(''),
    /** The label's print data as issued (sender, masked receiver, goods), so a reprint prints the same. */
    label: text('label').notNull(),
    /**
     * The label carries the plain receiver a platform decrypted for a Kuaidi100 waybill, sealed by the receiver
     * vault (its `receiverSealed`); opened only to print; erased by the label retention job (label-retention.ts).
     */
    labelSealed: boolean('label_sealed').notNull().default(false),
    /** A platform e-waybill's source (CAINIAO, PDD, …) and the shop whose account took it (to cancel it there); null: Kuaidi100. */
    platformSource: text('platform_source'),
    shopId: integer('shop_id'),
    printCount: integer('print_count').notNull().default(0),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    /** Kuaidi100 state of the last tracking query (3 = 签收), and when it was asked. */
    trackingState: text('tracking_state'),
    trackingCheckedAt: timestamp('tracking_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('waybills_order').on(t.orderId),
    uniqueIndex('waybills_courier_tracking').on(t.courierCode, t.trackingNo),
    // /expressMsg looks a number up without knowing its courier.
    index('waybills_tracking_idx').on(t.trackingNo),
    index('waybills_purchaser_idx').on(t.purchaserOrgId, t.id.desc().nullsFirst()),
    // The workbench's waybills issued per day.
    index('waybills_purchaser_created_idx').on(t.purchaserOrgId, t.createdAt),
    index('waybills_tracking_due_idx').on(t.trackingCheckedAt).where(sql`tracking_state is distinct from '3'`),
    // The label retention job reads only the labels still holding a sealed receiver.
    index('waybills_label_sealed_idx').on(t.orderId).where(sql`label_sealed`),
  ],
);

/** The purchaser's warehouse: sorting-slot range and the sender phone/address a waybill falls back to. */
export const warehouseSettings = pgTable('warehouse_settings', {
  purchaserOrgId: integer('purchaser_org_id')
    .primaryKey()
    .references(() => organisations.id),
  slotFrom: integer('slot_from').notNull().default(1),
  slotTo: integer('slot_to').notNull().default(300),
  senderPhone: text('sender_phone').notNull().default(''),
  senderAddress: text('sender_address').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Where the purchaser's warehouse takes the waybill of one seller shop's orders (decision 0025):
 * KUAIDI100 or PLATFORM. No row: PLATFORM where the shop's channel has a platform e-waybill.
 */
export const waybillSources = pgTable(
  'waybill_sources',
  {
    purchaserOrgId: integer('purchaser_org_id')
      .notNull()
      .references(() => organisations.id),
    shopId: integer('shop_id').notNull(),
    sellerOrgId: integer('seller_org_id').notNull(),
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.purchaserOrgId, t.shopId] })],
);
