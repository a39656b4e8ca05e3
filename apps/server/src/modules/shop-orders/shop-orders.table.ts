import type { DropshipStatus, ShopOrderStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';
import { shops } from '../shops/shops.table.js';

/**
 * Orders as they stand in the seller's shop (synced from the marketplace or imported from its
 * export file). One row per shop and platform order id: a later sync or a second import of the
 * same file updates the row, never adds one.
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    channel: text('channel').notNull(),
    platformOrderId: text('platform_order_id').notNull(),
    /** Our normalized status (ShopOrderStatus of @dropship/channels); platformStatus keeps the platform's own code. */
    status: text('status').$type<ShopOrderStatus>().notNull(),
    platformStatus: text('platform_status').notNull(),
    /** NONE, REFUNDING, REFUNDED, CLOSED: the worst state of the order's lines. */
    refundState: text('refund_state').notNull().default('NONE'),
    /** UNPLACED until a dropship order is placed for it (dropship-orders sets it), then PLACED. */
    dropshipStatus: text('dropship_status').$type<DropshipStatus>().notNull().default('UNPLACED'),
    buyerNick: text('buyer_nick').notNull().default(''),
    /**
     * A plain receiver (Weidian, the ERPs, an imported file, the seller's correction) is stored as its masked
     * display values, the plain one sealed in receiver_sealed (receiver-vault); a platform's encrypted
     * receiver is kept as the platform gave it (masked), with nothing sealed.
     */
    receiverName: text('receiver_name').notNull().default(''),
    receiverPhone: text('receiver_phone').notNull().default(''),
    /** The last four digits of the phone (search by 手机尾号 even where the phone is masked). */
    receiverPhoneTail: text('receiver_phone_tail').notNull().default(''),
    receiverProvince: text('receiver_province').notNull().default(''),
    receiverCity: text('receiver_city').notNull().default(''),
    receiverDistrict: text('receiver_district').notNull().default(''),
    receiverTown: text('receiver_town'),
    receiverAddress: text('receiver_address').notNull().default(''),
    receiverEncrypted: boolean('receiver_encrypted').notNull().default(false),
    /** The plain receiver ({name, phone, address}) sealed; null when nothing plain is kept. */
    receiverSealed: text('receiver_sealed'),
    /** HMAC of the plain receiver: tells a changed receiver from the same one without plain text. */
    receiverKey: text('receiver_key'),
    receiverDecryptHandle: text('receiver_decrypt_handle'),
    /**
     * Set when the seller corrected the receiver (/order/abnormalList): md5 of the platform's receiver as it
     * was then. A newer platform copy with that same receiver keeps the correction; a different one (the
     * buyer changed the address) replaces it and clears this. Null: the receiver is the platform's.
     */
    receiverPlatformHash: text('receiver_platform_hash'),
    buyerRemark: text('buyer_remark'),
    sellerRemark: text('seller_remark'),
    sellerFlag: integer('seller_flag'),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull().default(0),
    postFeeFen: bigint('post_fee_fen', { mode: 'number' }).notNull().default(0),
    paymentFen: bigint('payment_fen', { mode: 'number' }).notNull().default(0),
    platformCreatedAt: timestamp('platform_created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    platformModifiedAt: timestamp('platform_modified_at', { withTimezone: true }).notNull(),
    /** SYNC (from the shop's API) or IMPORT (from a file; importJobId says which). */
    source: text('source').notNull(),
    importJobId: integer('import_job_id'),
    /** Search text over SKU ids, outer codes and titles of the lines (filter 商品/商家编码). */
    itemSearch: text('item_search').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('shop_orders_shop_platform_id').on(t.orgId, t.shopId, t.platformOrderId),
    // The list's default order: paid time, newest first. NULLS LAST on both the index and the ORDER BY
    // (ARCHITECTURE pitfall: a mismatch leaves the index unused).
    index('shop_orders_org_paid_idx').on(t.orgId, t.paidAt.desc().nullsLast(), t.id.desc()),
    index('shop_orders_org_phone_tail_idx').on(t.orgId, t.receiverPhoneTail),
    index('shop_orders_org_platform_id_idx').on(t.orgId, t.platformOrderId),
    // For the list's filters: one shop, a buyer, and a SKU / outer code
    // (exact token of item_search through a GIN index: no extension needed on PGlite).
    index('shop_orders_org_shop_paid_idx').on(t.orgId, t.shopId, t.paidAt.desc().nullsLast(), t.id.desc()),
    // A status tab with a paid-time range (待发货 this week): its page and its capped count read only
    // that status's orders of the range, from the index alone for the count (decision 0041).
    index('shop_orders_org_status_paid_idx').on(t.orgId, t.status, t.paidAt.desc().nullsLast(), t.id.desc()),
    index('shop_orders_org_buyer_idx').on(t.orgId, t.buyerNick),
    // The retention job (receiver-retention.ts) erases sealed receivers of orders the platform closed long ago.
    index('shop_orders_sealed_closed_idx').on(t.platformModifiedAt).where(sql`${t.receiverSealed} is not null and ${t.status} in ('FINISHED', 'CLOSED')`),
    // Rows written before receivers were sealed (plain phone, no key): the start-up job seals them.
    index('shop_orders_unsealed_idx').on(t.id).where(sql`${t.receiverKey} is null and ${t.receiverPhone} <> '' and position('*' in ${t.receiverPhone}) = 0`),
    // A small pending list: PGlite runs no autovacuum, and GIN's default 4 MB list is scanned on every search (100+ ms measured).
    index('shop_orders_item_tokens_idx').using('gin', sql`string_to_array(${t.itemSearch}, ' ')`).with({ gin_pending_list_limit: 256 }),
  ],
);

/** The lines of a shop order: which shop SKU, how many, at what price. */
export const shopOrderItems = pgTable(
  'shop_order_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    platformItemId: text('platform_item_id').notNull(),
    itemId: text('item_id').notNull().default(''),
    skuId: text('sku_id'),
    title: text('title').notNull().default(''),
    spec: text('spec'),
    outerItemCode: text('outer_item_code'),
    outerSkuCode: text('outer_sku_code'),
    picUrl: text('pic_url'),
    quantity: integer('quantity').notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull().default(0),
    paymentFen: bigint('payment_fen', { mode: 'number' }).notNull().default(0),
    refundState: text('refund_state').notNull().default('NONE'),
  },
  (t) => [uniqueIndex('shop_order_items_order_line').on(t.orderId, t.platformItemId), index('shop_order_items_org_sku_idx').on(t.orgId, t.skuId)],
);

/** After-sale (refund) records of the shop, pulled with the orders; /order/thirdOrderDetail shows them. */
export const shopRefunds = pgTable(
  'shop_refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    platformRefundId: text('platform_refund_id').notNull(),
    platformOrderId: text('platform_order_id').notNull(),
    platformItemId: text('platform_item_id'),
    platformStatus: text('platform_status').notNull(),
    state: text('state').notNull(),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull().default(''),
    hasGoodReturn: boolean('has_good_return').notNull().default(false),
    /** The buyer's return parcel, when the platform gives it. */
    returnCourierName: text('return_courier_name').notNull().default(''),
    returnWaybillNo: text('return_waybill_no').notNull().default(''),
    platformCreatedAt: timestamp('platform_created_at', { withTimezone: true }).notNull(),
    platformModifiedAt: timestamp('platform_modified_at', { withTimezone: true }).notNull(),
    raw: jsonb('raw'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('shop_refunds_shop_platform_id').on(t.orgId, t.shopId, t.platformRefundId),
    index('shop_refunds_org_order_idx').on(t.orgId, t.platformOrderId),
    index('shop_refunds_modified_idx').on(t.orgId, t.platformModifiedAt),
  ],
);
