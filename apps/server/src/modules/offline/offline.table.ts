/**
 * Offline return orders (线下退货单, decision 0015): a seller's parcel of goods for the purchaser to
 * return to their stalls. The order is signed in by its waybill (WAIT_SIGNED → SIGNED); each line
 * then walks the return-to-factory statuses of SPEC.md section 4, with a log row per move.
 */
import type { OfflineReturnOrderRow, ReturnToFactoryStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { organisations } from '../auth/auth.table.js';

/** Feeds the readable return number XT + Beijing date + 6 digits. */
export const offlineReturnNoSeq = pgSequence('offline_return_no_seq', { startWith: 1, increment: 1 });

const at = (name: string) => timestamp(name, { withTimezone: true });
const blank = (name: string) => text(name).notNull().default('');

export const offlineReturnOrders = pgTable(
  'offline_return_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The seller who sends the goods back. */
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** The purchaser whose warehouse receives them (the seller's serving purchaser when created). */
    purchaserOrgId: integer('purchaser_org_id')
      .notNull()
      .references(() => organisations.id),
    returnNo: text('return_no').notNull(),
    handDelivered: boolean('hand_delivered').notNull().default(false),
    courierName: blank('courier_name'),
    /** Upper-cased, so a scan matches however the seller typed it; '' when hand delivered. */
    waybillNo: blank('waybill_no'),
    remark: blank('remark'),
    status: text('status').$type<OfflineReturnOrderRow['status']>().notNull().default('WAIT_SIGNED'),
    lineCount: integer('line_count').notNull(),
    quantity: integer('quantity').notNull(),
    goodsFen: bigint('goods_fen', { mode: 'number' }).notNull(),
    registeredAt: at('registered_at'),
    registeredBy: integer('registered_by'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('offline_return_orders_no').on(t.returnNo),
    index('offline_return_orders_org_idx').on(t.orgId, t.id.desc().nullsFirst()),
    index('offline_return_orders_waybill_idx').on(t.purchaserOrgId, t.waybillNo),
  ],
);

export const offlineReturnLines = pgTable(
  'offline_return_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    purchaserOrgId: integer('purchaser_org_id')
      .notNull()
      .references(() => organisations.id),
    returnOrderId: bigint('return_order_id', { mode: 'number' })
      .notNull()
      .references(() => offlineReturnOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    supplierId: integer('supplier_id'),
    stallName: blank('stall_name'),
    market: blank('market'),
    floor: blank('floor'),
    stallNo: blank('stall_no'),
    /** The manufacturer address printed on the return storage tag. */
    manufacturerAddress: blank('manufacturer_address'),
    artNo: text('art_no').notNull(),
    color: blank('color'),
    size: blank('size'),
    quantity: integer('quantity').notNull(),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
    /** Return-to-factory status; null until the parcel is signed in. */
    status: text('status').$type<z.infer<typeof ReturnToFactoryStatus>>(),
    pickerUserId: integer('picker_user_id'),
    assignedAt: at('assigned_at'),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    serviceFeeFen: bigint('service_fee_fen', { mode: 'number' }).notNull().default(0),
    /** The stall's reason for refusing, or the last note of an operation. */
    note: blank('note'),
    finishedAt: at('finished_at'),
    /**
     * The after-sale this line returns to its stall (decision 0026, "Returns"): its stall answer goes to
     * the after-sale (hook afterSaleLineAnswered) instead of crediting an offline refund.
     */
    afterSaleId: bigint('after_sale_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('offline_return_lines_order_line').on(t.returnOrderId, t.lineNo),
    uniqueIndex('offline_return_lines_after_sale').on(t.afterSaleId).where(sql`${t.afterSaleId} is not null`),
    index('offline_return_lines_purchaser_idx').on(t.purchaserOrgId, t.status, t.id.desc().nullsFirst()),
    index('offline_return_lines_org_idx').on(t.orgId, t.returnOrderId),
  ],
);

/** Every move of a return line (or sign-in of its order), who did it and when. Append-only. */
export const offlineReturnLogs = pgTable(
  'offline_return_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    sellerOrgId: integer('seller_org_id').notNull(),
    returnOrderId: bigint('return_order_id', { mode: 'number' }).notNull(),
    lineId: bigint('line_id', { mode: 'number' }),
    operation: text('operation').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorUserId: integer('actor_user_id'),
    note: blank('note'),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [index('offline_return_logs_line_idx').on(t.lineId, t.id), index('offline_return_logs_order_idx').on(t.returnOrderId, t.id)],
);

/** Each scan at the return desk: matched to return orders, or an unmatched parcel with a note. */
export const offlineReturnParcels = pgTable(
  'offline_return_parcels',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purchaserOrgId: integer('purchaser_org_id')
      .notNull()
      .references(() => organisations.id),
    waybillNo: text('waybill_no').notNull(),
    returnOrderIds: bigint('return_order_ids', { mode: 'number' }).array().notNull(),
    note: blank('note'),
    registeredBy: integer('registered_by'),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [index('offline_return_parcels_org_idx').on(t.purchaserOrgId, t.id.desc().nullsFirst())],
);
