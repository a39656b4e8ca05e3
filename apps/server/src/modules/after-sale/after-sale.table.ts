import type { AfterSaleSource, AfterSaleStatusCode, AfterSaleTypeCode, InspectionResult, ReturnStatusCode } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';
import { dropshipOrders } from '../dropship-orders/dropship-orders.table.js';

/** Feeds the readable after-sale number AS + Beijing date + 8 digits, like the order numbers. */
export const afterSaleNoSeq = pgSequence('after_sale_no_seq', { startWith: 1, increment: 1 });

const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * After-sales (售后单, decision 0026): one line of a dropship order refunded, returned or exchanged,
 * asked by the seller (SELLER) or synced from the marketplace (PLATFORM). `status` and `return_status`
 * change only through the named operations of after-sale.service.ts, each leaving an event.
 */
export const afterSales = pgTable(
  'after_sales',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The seller. */
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** The purchaser serving the order (who signs the return in, later). */
    purchaserOrgId: integer('purchaser_org_id').references(() => organisations.id),
    afterSaleNo: text('after_sale_no').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => dropshipOrders.id),
    /** dropship_order_items.id. */
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    source: text('source').$type<AfterSaleSource>().notNull(),
    type: text('type').$type<AfterSaleTypeCode>().notNull(),
    status: text('status').$type<AfterSaleStatusCode>().notNull(),
    returnStatus: text('return_status').$type<ReturnStatusCode>(),
    quantity: integer('quantity').notNull(),
    /** What we owe the seller for it: unit cost × quantity, or 0 when the goods stay with the buyer. */
    refundFen: money('refund_fen'),
    /** Given back to the seller so far (ledger entries in after_sale_entries). */
    refundedFen: money('refunded_fen'),
    /** The marketplace's refund (PLATFORM): its id in the shop, what the buyer asked back and its last state seen. */
    shopId: integer('shop_id'),
    platformRefundId: text('platform_refund_id'),
    platformRefundFen: money('platform_refund_fen'),
    platformRefundState: text('platform_refund_state'),
    reason: text('reason').notNull().default(''),
    remark: text('remark').notNull().default(''),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    returnCourierName: text('return_courier_name').notNull().default(''),
    returnWaybillNo: text('return_waybill_no').notNull().default(''),
    /** The seller's request key of 申请售后: the same request again answers the first result. */
    requestKey: text('request_key'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').defaultNow().notNull(),
    updatedAt: at('updated_at').defaultNow().notNull(),
    finishedAt: at('finished_at'),
    /** 验货 (after-sale-returns.service.ts): the result, the quantity that arrived, photos, note, who and when. */
    inspectionResult: text('inspection_result').$type<InspectionResult>(),
    receivedQuantity: integer('received_quantity'),
    inspectionPhotos: jsonb('inspection_photos').$type<string[]>().notNull().default([]),
    inspectionNote: text('inspection_note').notNull().default(''),
    inspectedBy: integer('inspected_by'),
    inspectedAt: at('inspected_at'),
    /** The amount the seller offered the stall in 协商退款 (NEGOTIATE_REFUND), fen. */
    negotiateFen: bigint('negotiate_fen', { mode: 'number' }),
    /** 换货补发 (after-sale-exchange.service.ts): the replacement dropship order, set once. */
    replacementOrderId: bigint('replacement_order_id', { mode: 'number' }),
    replacementOrderNo: text('replacement_order_no'),
  },
  (t) => [
    uniqueIndex('after_sales_no').on(t.afterSaleNo),
    // A synced refund makes one after-sale per line it covers, however often it is synced.
    uniqueIndex('after_sales_platform_refund').on(t.shopId, t.platformRefundId, t.itemId).where(sql`${t.platformRefundId} is not null`),
    uniqueIndex('after_sales_request_key').on(t.orgId, t.requestKey, t.itemId).where(sql`${t.requestKey} is not null`),
    index('after_sales_org_status_created_idx').on(t.orgId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('after_sales_org_created_idx').on(t.orgId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('after_sales_org_return_waybill_idx').on(t.orgId, t.returnWaybillNo),
    // The warehouse's 退货登记 scan finds the purchaser's after-sales by the return waybill.
    index('after_sales_purchaser_return_waybill_idx').on(t.purchaserOrgId, t.returnWaybillNo).where(sql`${t.returnWaybillNo} <> ''`),
    index('after_sales_org_order_idx').on(t.orgId, t.orderId),
    index('after_sales_item_idx').on(t.itemId),
    check('after_sales_money', sql`${t.refundFen} >= 0 and ${t.refundedFen} >= 0 and ${t.quantity} > 0`),
  ],
);

/** The timeline of an after-sale: every operation with who did it and when. Append-only. */
export const afterSaleEvents = pgTable(
  'after_sale_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id').notNull(),
    afterSaleId: bigint('after_sale_id', { mode: 'number' })
      .notNull()
      .references(() => afterSales.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<AfterSaleStatusCode>(),
    toStatus: text('to_status').$type<AfterSaleStatusCode>().notNull(),
    operation: text('operation').notNull(),
    actorUserId: integer('actor_user_id'),
    actorOrgId: integer('actor_org_id'),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [index('after_sale_events_after_sale_idx').on(t.afterSaleId, t.id)],
);

/** Which ledger entries belong to which after-sale (the detail's money reads these, by primary key). */
export const afterSaleEntries = pgTable(
  'after_sale_entries',
  {
    afterSaleId: bigint('after_sale_id', { mode: 'number' })
      .notNull()
      .references(() => afterSales.id, { onDelete: 'cascade' }),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('after_sale_entries_key').on(t.afterSaleId, t.entryId)],
);

/**
 * After-sales per seller and status, kept in the same transaction as every insert and status move
 * (status-counts.repository.ts): the unfiltered list's tab counts read these rows instead of counting
 * the seller's after-sales (decision 0041).
 */
export const afterSaleStatusCounts = pgTable(
  'after_sale_status_counts',
  {
    orgId: integer('org_id').notNull(),
    status: text('status').$type<AfterSaleStatusCode>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.status] })],
);
