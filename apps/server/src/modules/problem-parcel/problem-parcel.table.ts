import type { ParcelStatus } from '@dropship/contract';
import { bigint, customType, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { organisations } from '../auth/auth.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** PROBLEM: a parcel the seller must decide on (问题件); HEADLESS: a returned parcel that matched nothing (无头件). */
export type ParcelKind = 'PROBLEM' | 'HEADLESS';
/** Where the parcel came from: the warehouse's inspection, the stall's refusal, an after-sale, the return desk. */
export type ParcelSource = 'INSPECTION' | 'STALL_REFUSE' | 'AFTER_SALE' | 'REGISTRATION';
/** One line of what is inside, as the warehouse saw it (the matching compares these with the order lines). */
export interface ParcelGood {
  title?: string;
  sku?: string;
  itemNo?: string;
  color?: string;
  size?: string;
  quantity: number;
}

/**
 * Parcels held at a purchaser's warehouse waiting for a seller (docs/decisions/0027-problem-headless-parcels.md):
 * problem parcels (kind PROBLEM, org_id the seller) and headless parcels (kind HEADLESS, org_id null
 * until a claim is confirmed). One status set (SPEC.md section 4's parcel statuses); a status changes
 * only through the named operations of the problem-parcel and headless-parcel modules, each leaving a
 * problem_parcel_events row.
 */
export const problemParcels = pgTable(
  'problem_parcels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<ParcelKind>().notNull().default('PROBLEM'),
    /** The seller the parcel belongs to; null for a headless parcel nobody has claimed yet. */
    orgId: integer('org_id').references(() => organisations.id),
    /** The warehouse holding the parcel (null only on rows made before warehouses were recorded). */
    purchaserOrgId: integer('purchaser_org_id').references(() => organisations.id),
    status: text('status').$type<z.infer<typeof ParcelStatus>>().notNull().default('WAITING_PROCESS'),
    source: text('source').$type<ParcelSource>().notNull().default('INSPECTION'),
    /** The number printed on the parcel's label (问题件 PP…, 无头件 HP…), scanned at the desk. */
    barcodeNo: text('barcode_no'),
    /** The waybill the parcel came in by. */
    trackingNo: text('tracking_no'),
    returnCourierName: text('return_courier_name'),
    reason: text('reason'),
    note: text('note'),
    goods: jsonb('goods').$type<ParcelGood[]>().notNull().default([]),
    /** The after-sale whose return became this parcel, or that a headless parcel was matched to. */
    afterSaleId: bigint('after_sale_id', { mode: 'number' }),
    dropshipOrderId: bigint('dropship_order_id', { mode: 'number' }),
    /**
     * The send-back the seller asked for: where to (masked display values, the plain receiver sealed
     * by the receiver vault), which courier, the freight quoted when asked and paid before it ships,
     * and the waybill the warehouse shipped it with.
     */
    receiverName: text('receiver_name'),
    receiverPhone: text('receiver_phone'),
    receiverProvince: text('receiver_province'),
    receiverCity: text('receiver_city'),
    receiverDistrict: text('receiver_district'),
    receiverAddress: text('receiver_address'),
    receiverSealed: text('receiver_sealed'),
    expressCode: text('express_code'),
    expressName: text('express_name'),
    freightFen: integer('freight_fen'),
    /** The ledger entry that paid the freight (balance, or the Alipay money once on the balance). */
    freightEntryId: bigint('freight_entry_id', { mode: 'number' }),
    sendBackWaybillNo: text('send_back_waybill_no'),
    sendBackCourierName: text('send_back_courier_name'),
    sendBackedAt: at('send_backed_at'),
    /** 重发: the new dropship order its goods left in (PROCESSED), and that order's number for the lists. */
    reshipOrderId: bigint('reship_order_id', { mode: 'number' }),
    reshipOrderNo: text('reship_order_no'),
    /** The fewest days before the deadline the seller has been reminded at (3, then 1): each reminder once. */
    remindedDays: integer('reminded_days'),
    /** A headless parcel's sender phone as the desk read it, sealed (receiver vault); null when none was shown. */
    senderPhoneSealed: text('sender_phone_sealed'),
    /** Its last 4 digits, kept plain for the automatic matching and the claims' proof. */
    senderPhoneTail: text('sender_phone_tail'),
    /** When the return desk signed the parcel in. */
    signedAt: at('signed_at'),
    /** The seller must decide before this (a headless parcel: be claimed before this); the badge counts those within a day of it. */
    deadlineAt: at('deadline_at').notNull(),
    createdAt: at('created_at').defaultNow().notNull(),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (t) => [
    index('problem_parcels_org_status_deadline_idx').on(t.orgId, t.status, t.deadlineAt),
    index('problem_parcels_purchaser_kind_status_idx').on(t.purchaserOrgId, t.kind, t.status, t.createdAt),
    index('problem_parcels_tracking_idx').on(t.trackingNo),
    uniqueIndex('problem_parcels_barcode_uq').on(t.barcodeNo),
  ],
);

/** An Alipay trade paying a parcel's send-back freight (prefix PF; settled through funds' one notify URL). */
export const problemParcelPayments = pgTable(
  'problem_parcel_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => problemParcels.id),
    outTradeNo: text('out_trade_no').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    payMethod: text('pay_method').notNull(),
    status: text('status').$type<'WAITING_PAYMENT' | 'PAID' | 'CLOSED'>().notNull().default('WAITING_PAYMENT'),
    tradeNo: text('trade_no'),
    paidAt: at('paid_at'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [uniqueIndex('problem_parcel_payments_out_trade_no').on(t.outTradeNo), index('problem_parcel_payments_parcel_idx').on(t.parcelId)],
);

/** Feeds the parcels' label numbers (PP / HP + Beijing date + 6 digits). */
export const problemParcelNoSeq = pgSequence('problem_parcel_no_seq', { startWith: 1, increment: 1 });

/** Every status change of a parcel, for its timeline (the named operation, who, when, why). */
export const problemParcelEvents = pgTable(
  'problem_parcel_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => problemParcels.id),
    operation: text('operation').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    userId: integer('user_id'),
    note: text('note'),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [index('problem_parcel_events_parcel_idx').on(t.parcelId, t.id)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Photos of a parcel taken at the desk (checked image bytes, JPEG/PNG/WebP, at most
 * PARCEL_PHOTO_MAX_BYTES each). Served only to the warehouse holding the parcel and the seller it
 * belongs to (or, for an unclaimed headless parcel, the sellers that warehouse serves).
 * An after-sale's photo (申请售后, 验货) has no parcel: `org_id` is the tenant that uploaded it and
 * `after_sale_id` the after-sale it was attached to (once); served to the uploader and that
 * after-sale's seller and purchaser.
 */
export const parcelPhotos = pgTable(
  'parcel_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parcelId: integer('parcel_id').references(() => problemParcels.id),
    /** The uploading tenant of a photo without a parcel (an after-sale's). */
    orgId: integer('org_id').references(() => organisations.id),
    afterSaleId: bigint('after_sale_id', { mode: 'number' }),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    userId: integer('user_id'),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [index('parcel_photos_parcel_idx').on(t.parcelId)],
);
