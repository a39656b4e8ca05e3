import type { HeadlessClaimStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';
import { problemParcels } from '../problem-parcel/problem-parcel.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A seller's claim on a headless parcel (docs/decisions/0027-problem-headless-parcels.md, "Claims"):
 * PROPOSED by the automatic matching (the seller confirms it into PENDING), PENDING with the seller's
 * proof until the warehouse CONFIRMS one (the others of that parcel are REFUSED with the reason) or
 * REFUSES it. One open (PROPOSED or PENDING) claim per seller per parcel.
 */
export const headlessClaims = pgTable(
  'headless_claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => problemParcels.id),
    sellerOrgId: integer('seller_org_id')
      .notNull()
      .references(() => organisations.id),
    /** The warehouse whose pool the parcel is in (the purchaser's lists read by it). */
    purchaserOrgId: integer('purchaser_org_id').notNull(),
    status: text('status').$type<HeadlessClaimStatus>().notNull(),
    orderNo: text('order_no').notNull().default(''),
    afterSaleNo: text('after_sale_no').notNull().default(''),
    phoneTail: text('phone_tail').notNull().default(''),
    goodsNote: text('goods_note').notNull().default(''),
    /** The proof resolved: the seller's order and open after-sale it names (checked to be the seller's). */
    dropshipOrderId: bigint('dropship_order_id', { mode: 'number' }),
    afterSaleId: bigint('after_sale_id', { mode: 'number' }),
    /** The automatic matching's score of a proposal (0–100); null for a seller's own claim. */
    score: integer('score'),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by'),
    decidedBy: integer('decided_by'),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('headless_claims_open_uq').on(t.parcelId, t.sellerOrgId).where(sql`${t.status} in ('PROPOSED', 'PENDING')`),
    index('headless_claims_seller_idx').on(t.sellerOrgId, t.status, t.id),
    index('headless_claims_parcel_idx').on(t.parcelId, t.id),
  ],
);
