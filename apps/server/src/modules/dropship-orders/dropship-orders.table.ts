import type { CombinedStatusCode, DropshipOrderStatus, PaymentStatus, TakingStatusCode } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

/** Feeds the readable order number DF + Beijing date + 8 digits: unique however many are placed at once. */
export const dropshipOrderNoSeq = pgSequence('dropship_order_no_seq', { startWith: 1, increment: 1 });

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Dropship orders (代发订单). `status` is the order's own state (SPEC.md section 4 codes);
 * `combined_status` refines WAITING_DELIVERING by the items' take statuses and is what the list's
 * tabs filter on. Both change only through the named operations of the service.
 */
export const dropshipOrders = pgTable(
  'dropship_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    orderNo: text('order_no').notNull(),
    /** SHOP_ORDER (placed from a shop order) or MANUAL (by hand, from custom goods). */
    source: text('source').notNull(),
    shopOrderId: bigint('shop_order_id', { mode: 'number' }),
    shopId: integer('shop_id'),
    shopName: text('shop_name'),
    channel: text('channel'),
    platformOrderId: text('platform_order_id'),
    /**
     * The receiver's name, phone and street address hold the masked display values (SPEC.md section 5);
     * the plain ones live only in receiver_sealed (receiver-vault: AES-256-GCM, key id in front), until
     * the retention job erases them. Province, city, district and the phone's last four stay plain.
     */
    receiverName: text('receiver_name').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    receiverPhoneTail: text('receiver_phone_tail').notNull().default(''),
    receiverProvince: text('receiver_province').notNull(),
    receiverCity: text('receiver_city').notNull(),
    receiverDistrict: text('receiver_district').notNull().default(''),
    receiverAddress: text('receiver_address').notNull(),
    /**
     * The platform encrypted the receiver (a synced order placed as the shop gave it): the receiver_*
     * columns hold its masks, for display only, and receiver_handle what the platform decrypts or prints
     * its own e-waybill from (Taobao's oaid, the ciphertexts of others). False: a plain receiver.
     */
    receiverEncrypted: boolean('receiver_encrypted').notNull().default(false),
    receiverHandle: text('receiver_handle'),
    /** The plain receiver ({name, phone, address}) sealed; null when nothing plain is kept (a platform's masked receiver, or erased). */
    receiverSealed: text('receiver_sealed'),
    /** HMAC of the plain receiver: equal receivers merge into one parcel without the plain text. */
    receiverKey: text('receiver_key'),
    expressCode: text('express_code').notNull(),
    expressName: text('express_name').notNull(),
    expressFeeFen: money('express_fee_fen'),
    serviceFeeFen: money('service_fee_fen'),
    /** What the seller's membership took off the service fee when placed (serviceFeeFen is after it; decision 0033). */
    memberFeeOffFen: money('member_fee_off_fen'),
    goodsFen: money('goods_fen'),
    couponId: integer('coupon_id'),
    discountFen: money('discount_fen'),
    /** 加急发货: the seller paid for priority (speedFeeFen, the operator's price when placed); pickers and the warehouse see it first. */
    speedDelivery: boolean('speed_delivery').notNull().default(false),
    speedFeeFen: money('speed_fee_fen'),
    /** goods + express + service + speed − discount: what paying takes from the balance. */
    totalFen: money('total_fen'),
    /** Money given back so far (stopped lines, cancellation); never above total. */
    refundedFen: money('refunded_fen'),
    itemCount: integer('item_count').notNull(),
    remark: text('remark').notNull().default(''),
    buyerRemark: text('buyer_remark'),
    sellerRemark: text('seller_remark'),
    status: text('status').$type<DropshipOrderStatus>().notNull(),
    combinedStatus: text('combined_status').$type<CombinedStatusCode>().notNull(),
    /**
     * The code of the order's most pressing open after-sale (REFUNDING, GOODS_RETURNING, PROBLEM), set
     * only by after-sales through markAfterSale; while set, combined_status shows it (decision 0026).
     */
    afterSaleStatus: text('after_sale_status').$type<CombinedStatusCode>(),
    payMethod: text('pay_method'),
    /** The payer's request key, so the same payment repeated answers success without paying twice. */
    payRequestKey: text('pay_request_key'),
    /**
     * 货到付款 (pay_method PAY_LATER): DUE while the order is on credit (nothing taken from the balance yet),
     * CHARGED once its money was taken at delivery, BILLED when the balance was short and a replenish
     * request (payLaterReplenishId) asks for it. Null for every other payment.
     */
    payLaterState: text('pay_later_state'),
    payLaterReplenishId: integer('pay_later_replenish_id'),
    paidAt: at('paid_at'),
    purchaserOrgId: integer('purchaser_org_id').references(() => organisations.id),
    courierCode: text('courier_code'),
    trackingNo: text('tracking_no'),
    deliveredAt: at('delivered_at'),
    finishedAt: at('finished_at'),
    canceledAt: at('canceled_at'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').defaultNow().notNull(),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('dropship_orders_order_no').on(t.orderNo),
    index('dropship_orders_org_id_idx').on(t.orgId, t.id.desc().nullsLast()),
    index('dropship_orders_org_combined_idx').on(t.orgId, t.combinedStatus, t.id.desc().nullsLast()),
    index('dropship_orders_org_shop_order_idx').on(t.orgId, t.shopOrderId),
    index('dropship_orders_org_platform_id_idx').on(t.orgId, t.platformOrderId),
    index('dropship_orders_org_phone_tail_idx').on(t.orgId, t.receiverPhoneTail),
    index('dropship_orders_org_tracking_idx').on(t.orgId, t.trackingNo),
    // The workbench's day figures (placed, paid, shipped per Beijing day): the range costs its days, not the history.
    index('dropship_orders_org_created_idx').on(t.orgId, t.createdAt),
    // total_fen in the key: the day's paid money is summed from the index alone (no heap visit per order).
    index('dropship_orders_org_paid_idx').on(t.orgId, t.paidAt, t.totalFen).where(sql`${t.paidAt} is not null`),
    index('dropship_orders_org_delivered_idx').on(t.orgId, t.deliveredAt).where(sql`${t.deliveredAt} is not null`),
    // The unpaid-order job reads only these (unpaid-cancel.service.ts), oldest first.
    index('dropship_orders_unpaid_idx').on(t.createdAt).where(sql`${t.status} = 'WAITING_PAYMENT'`),
    // 货到付款 credit in use sums these (pay-later.repository.ts).
    index('dropship_orders_pay_later_due_idx').on(t.orgId).where(sql`${t.payLaterState} = 'DUE'`),
    // The retention job (receiver-retention.service.ts) erases sealed receivers of orders closed long enough ago.
    index('dropship_orders_sealed_closed_idx').on(sql`coalesce(${t.finishedAt}, ${t.canceledAt})`).where(sql`${t.receiverSealed} is not null`),
    // The abnormal list's DECRYPT_FAILED scan (abnormal-orders) starts from a seller's paid, unshipped orders still encrypted.
    index('dropship_orders_encrypted_waiting_idx').on(t.orgId).where(sql`${t.status} = 'WAITING_DELIVERING' and ${t.receiverEncrypted}`),
    // Rows written before receivers were sealed (plain phone, no key): the start-up job seals them.
    index('dropship_orders_unsealed_idx').on(t.id).where(sql`${t.receiverKey} is null and position('*' in ${t.receiverPhone}) = 0`),
    check('dropship_orders_money', sql`${t.totalFen} >= 0 and ${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.totalFen}`),
  ],
);

/**
 * Order lines: the goods link as it was when placed (JSON, self-contained) plus the fields the
 * pages and the pick-up walk read, denormalized. take_status is null until the order is paid.
 */
export const dropshipOrderItems = pgTable(
  'dropship_order_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => dropshipOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    shopOrderItemId: bigint('shop_order_item_id', { mode: 'number' }),
    customGoodsId: integer('custom_goods_id'),
    title: text('title').notNull().default(''),
    spec: text('spec'),
    picUrl: text('pic_url'),
    snapshot: jsonb('snapshot').notNull(),
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
    unitCostFen: bigint('unit_cost_fen', { mode: 'number' }).notNull(),
    takeStatus: text('take_status').$type<TakingStatusCode>(),
    refundedFen: money('refunded_fen'),
    /** How many times the line was stopped: part of the refund's request key, so stop → revoke → stop refunds again. */
    stopCount: integer('stop_count').notNull().default(0),
    /** 供货方式 when paid: MARKET_PICKUP (a picker fetches it from the stall) or OWN_STOCK (the seller's stock in the warehouse). */
    supplyMode: text('supply_mode').notNull().default('MARKET_PICKUP'),
  },
  (t) => [
    uniqueIndex('dropship_order_items_order_line').on(t.orderId, t.lineNo),
    index('dropship_order_items_org_order_idx').on(t.orgId, t.orderId),
    // 利润统计's catch-up finds the orders of a re-synced shop line (decision 0038).
    index('dropship_order_items_shop_line_idx').on(t.shopOrderItemId).where(sql`${t.shopOrderItemId} is not null`),
  ],
);

/** The timeline: every transition with who did it and when. Append-only. */
export const dropshipOrderEvents = pgTable(
  'dropship_order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => dropshipOrders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    operation: text('operation').notNull(),
    actorUserId: integer('actor_user_id'),
    actorOrgId: integer('actor_org_id'),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [index('dropship_order_events_order_idx').on(t.orderId, t.id)],
);

/** Orders per tab (combined status) and organisation, kept in the same transaction as every change. */
export const dropshipOrderCounts = pgTable(
  'dropship_order_counts',
  {
    orgId: integer('org_id').notNull(),
    combinedStatus: text('combined_status').$type<CombinedStatusCode>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('dropship_order_counts_key').on(t.orgId, t.combinedStatus)],
);

/** Which ledger entries belong to which order (the detail's money list reads these, by primary key). */
export const dropshipOrderEntries = pgTable(
  'dropship_order_entries',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => dropshipOrders.id, { onDelete: 'cascade' }),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  },
  // By entry: 利润统计's catch-up finds the orders of a seller's new entries (decision 0038).
  (t) => [uniqueIndex('dropship_order_entries_key').on(t.orderId, t.entryId), index('dropship_order_entries_entry_idx').on(t.entryId)],
);

/**
 * An Alipay payment of one or several orders (one trade for the batch). Its notify, or the query
 * fallback, puts the money on the balance and pays each order still waiting from it.
 */
export const dropshipPayments = pgTable(
  'dropship_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    outTradeNo: text('out_trade_no').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    payMethod: text('pay_method').notNull(),
    orderIds: bigint('order_ids', { mode: 'number' }).array().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('WAITING_PAYMENT'),
    tradeNo: text('trade_no'),
    paidAt: at('paid_at'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [uniqueIndex('dropship_payments_out_trade_no').on(t.outTradeNo), index('dropship_payments_org_idx').on(t.orgId, t.id)],
);
