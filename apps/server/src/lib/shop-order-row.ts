/**
 * Shop-order rows as the bulk upsert (modules/shop-orders/upsert-orders.ts) writes them. That upsert
 * is the one write path of both the shop sync and the file import: a single statement per batch over
 * one json parameter (the same on PGlite and node-postgres), because drizzle's insert builder is
 * 2–3× slower for bulk rows (ARCHITECTURE pitfalls). Pure code, here rather than in the module: the
 * order import's parse thread makes the import's batches with it, and the module's index.ts would
 * load the whole schema into that thread (twice its start-up time).
 */
import type { NormalizedOrder } from '@dropship/channels';
import { phoneTail, receiverColumnsOf, sealReceiverColumns } from './receiver-vault/index.js';

export interface UpsertTarget {
  orgId: number;
  shopId: number;
  channel: string;
  source: 'SYNC' | 'IMPORT';
  importJobId?: number;
}

/** Lower-cased text the 商品/商家编码 filter searches: ids, outer codes and titles of every line. */
export function itemSearchText(o: NormalizedOrder): string {
  const parts = o.items.flatMap((i) => [i.itemId, i.skuId, i.outerItemCode, i.outerSkuCode, i.title]);
  return parts
    .filter((p): p is string => !!p)
    .join(' ')
    .toLowerCase()
    .slice(0, 4000);
}

/** One order with its lines as the upsert statement's JSON takes it (bench/order-import.bench.ts loads the same rows as its floor; the import's parse thread makes them). */
export function payloadOf(o: NormalizedOrder) {
  return {
    ...orderRow(o),
    items: o.items.map((i) => ({
      platform_item_id: i.platformItemId,
      item_id: i.itemId,
      sku_id: i.skuId ?? null,
      title: i.title,
      spec: i.spec ?? null,
      outer_item_code: i.outerItemCode ?? null,
      outer_sku_code: i.outerSkuCode ?? null,
      pic_url: i.picUrl ?? null,
      quantity: i.quantity,
      price_fen: i.priceFen,
      payment_fen: i.paymentFen,
      refund_state: i.refundState,
    })),
  };
}

/** A batch of orders as the upsert statement takes it: the JSON array of their payloadOf, and how many. */
export interface OrderPayload {
  json: string;
  count: number;
}

export const orderPayload = (orders: NormalizedOrder[]): OrderPayload => ({ json: JSON.stringify(orders.map(payloadOf)), count: orders.length });

/** The order's columns as the upsert's json record set names them. */
export function orderRow(o: NormalizedOrder) {
  const r = o.receiver;
  // A plain receiver is masked and sealed; an encrypted one is the platform's masked copy, kept as given.
  const stored = r.encrypted ? { receiverSealed: null, receiverKey: null } : sealReceiverColumns(receiverColumnsOf(r));
  return {
    platform_order_id: o.platformOrderId,
    status: o.status,
    platform_status: o.platformStatus,
    refund_state: worstRefundState(o),
    buyer_nick: o.buyerNick,
    receiver_name: stored.receiverName ?? r.name,
    receiver_phone: stored.receiverPhone ?? r.phone,
    receiver_phone_tail: phoneTail(r.phone),
    receiver_province: r.province,
    receiver_city: r.city,
    receiver_district: r.district,
    receiver_town: r.town ?? null,
    receiver_address: stored.receiverAddress ?? r.address,
    receiver_key: stored.receiverKey,
    receiver_sealed: stored.receiverSealed,
    receiver_encrypted: r.encrypted,
    receiver_decrypt_handle: r.decryptHandle ?? null,
    buyer_remark: o.buyerRemark ?? null,
    seller_remark: o.sellerRemark ?? null,
    seller_flag: o.sellerFlag ?? null,
    total_fen: o.totalFen,
    post_fee_fen: o.postFeeFen,
    payment_fen: o.paymentFen,
    platform_created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    platform_modified_at: o.modifiedAt.toISOString(),
    item_search: itemSearchText(o),
  };
}

const REFUND_RANK = { NONE: 0, CLOSED: 1, REFUNDED: 2, REFUNDING: 3 } as const;

/** The order's refund state is its most pressing line's: one line refunding makes the order refunding. */
export function worstRefundState(o: NormalizedOrder) {
  return o.items.reduce<keyof typeof REFUND_RANK>((w, i) => (REFUND_RANK[i.refundState] > REFUND_RANK[w] ? i.refundState : w), 'NONE');
}
