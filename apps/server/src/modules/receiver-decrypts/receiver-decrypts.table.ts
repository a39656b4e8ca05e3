import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

/**
 * Every attempt to decrypt a marketplace order's receiver through its platform (decision 0025): who
 * (purchaser org and user), which order of which seller and shop, why (the scene), the outcome and
 * the platform's code. Never the receiver itself. The seller reads it (解密记录).
 */
export const receiverDecrypts = pgTable(
  'receiver_decrypts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sellerOrgId: integer('seller_org_id')
      .notNull()
      .references(() => organisations.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    shopId: integer('shop_id').notNull(),
    platformOrderId: text('platform_order_id').notNull(),
    purchaserOrgId: integer('purchaser_org_id'),
    userId: integer('user_id'),
    /** DROPSHIP_SHIP (the warehouse ships the order), AFTER_SALE, CUSTOMER_CARE. */
    scene: text('scene').notNull(),
    /** OK, or the failure kind (TOKEN_EXPIRED, QUOTA_EXHAUSTED, REFUSED, NOT_FOUND, BAD_DATA, …). */
    outcome: text('outcome').notNull(),
    platformCode: text('platform_code').notNull().default(''),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('receiver_decrypts_seller_idx').on(t.sellerOrgId, t.id.desc().nullsFirst()),
    index('receiver_decrypts_order_idx').on(t.sellerOrgId, t.orderNo),
    // An order's latest attempt (the abnormal list's DECRYPT_FAILED, the receiver fix after it).
    index('receiver_decrypts_order_id_idx').on(t.orderId, t.id.desc().nullsFirst()),
  ],
);
