/**
 * Shop-order SQL. The bulk upsert is the one write path of both the shop sync and the file
 * import: a single multi-row statement per batch (jsonb_to_recordset: one parameter, the same on
 * PGlite and node-postgres), because drizzle's insert builder is 2–3× slower for bulk rows
 * (ARCHITECTURE pitfalls).
 */
import type { NormalizedOrder } from '@dropship/channels';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export interface UpsertTarget {
  orgId: number;
  shopId: number;
  channel: string;
  source: 'SYNC' | 'IMPORT';
  importJobId?: number;
}

export interface UpsertedOrder {
  id: number;
  platformOrderId: string;
  inserted: boolean;
}

const phoneTail = (phone: string) => /(\d{4})\D*$/.exec(phone)?.[1] ?? '';

/** Lower-cased text the 商品/商家编码 filter searches: ids, outer codes and titles of every line. */
export function itemSearchText(o: NormalizedOrder): string {
  const parts = o.items.flatMap((i) => [i.itemId, i.skuId, i.outerItemCode, i.outerSkuCode, i.title]);
  return parts
    .filter((p): p is string => !!p)
    .join(' ')
    .toLowerCase()
    .slice(0, 4000);
}

function orderRow(o: NormalizedOrder) {
  const r = o.receiver;
  return {
    platform_order_id: o.platformOrderId,
    status: o.status,
    platform_status: o.platformStatus,
    refund_state: worstRefundState(o),
    buyer_nick: o.buyerNick,
    receiver_name: r.name,
    receiver_phone: r.phone,
    receiver_phone_tail: phoneTail(r.phone),
    receiver_province: r.province,
    receiver_city: r.city,
    receiver_district: r.district,
    receiver_town: r.town ?? null,
    receiver_address: r.address,
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

/**
 * Inserts new orders and updates known ones (by shop and platform order id). An older copy never
 * overwrites a newer one (platform modified time), so overlapping sync windows and re-imports are
 * harmless; those are left out of the answer. The dropship status is ours and is never touched.
 */
export async function upsertOrders(db: Db, t: UpsertTarget, orders: NormalizedOrder[]): Promise<UpsertedOrder[]> {
  if (orders.length === 0) return [];
  const rows = await queryRows<{ id: string | number; platform_order_id: string; inserted: boolean }>(
    db,
    sql`
    insert into shop_orders (org_id, shop_id, channel, source, import_job_id, platform_order_id, status, platform_status, refund_state,
      buyer_nick, receiver_name, receiver_phone, receiver_phone_tail, receiver_province, receiver_city, receiver_district, receiver_town,
      receiver_address, receiver_encrypted, receiver_decrypt_handle, buyer_remark, seller_remark, seller_flag, total_fen, post_fee_fen,
      payment_fen, platform_created_at, paid_at, platform_modified_at, item_search)
    select ${t.orgId}, ${t.shopId}, ${t.channel}, ${t.source}, ${t.importJobId ?? null}::int, x.platform_order_id, x.status, x.platform_status,
      x.refund_state, x.buyer_nick, x.receiver_name, x.receiver_phone, x.receiver_phone_tail, x.receiver_province, x.receiver_city,
      x.receiver_district, x.receiver_town, x.receiver_address, x.receiver_encrypted, x.receiver_decrypt_handle, x.buyer_remark,
      x.seller_remark, x.seller_flag, x.total_fen, x.post_fee_fen, x.payment_fen, x.platform_created_at, x.paid_at, x.platform_modified_at,
      x.item_search
    from jsonb_to_recordset(${JSON.stringify(orders.map(orderRow))}::jsonb) as x(platform_order_id text, status text, platform_status text,
      refund_state text, buyer_nick text, receiver_name text, receiver_phone text, receiver_phone_tail text, receiver_province text,
      receiver_city text, receiver_district text, receiver_town text, receiver_address text, receiver_encrypted boolean,
      receiver_decrypt_handle text, buyer_remark text, seller_remark text, seller_flag int, total_fen bigint, post_fee_fen bigint,
      payment_fen bigint, platform_created_at timestamptz, paid_at timestamptz, platform_modified_at timestamptz, item_search text)
    on conflict (org_id, shop_id, platform_order_id) do update set
      status = excluded.status, platform_status = excluded.platform_status, refund_state = excluded.refund_state,
      buyer_nick = excluded.buyer_nick, receiver_name = excluded.receiver_name, receiver_phone = excluded.receiver_phone,
      receiver_phone_tail = excluded.receiver_phone_tail, receiver_province = excluded.receiver_province,
      receiver_city = excluded.receiver_city, receiver_district = excluded.receiver_district, receiver_town = excluded.receiver_town,
      receiver_address = excluded.receiver_address, receiver_encrypted = excluded.receiver_encrypted,
      receiver_decrypt_handle = excluded.receiver_decrypt_handle, buyer_remark = excluded.buyer_remark,
      seller_remark = excluded.seller_remark, seller_flag = excluded.seller_flag, total_fen = excluded.total_fen,
      post_fee_fen = excluded.post_fee_fen, payment_fen = excluded.payment_fen, paid_at = excluded.paid_at,
      platform_modified_at = excluded.platform_modified_at, item_search = excluded.item_search, updated_at = now()
    where shop_orders.platform_modified_at <= excluded.platform_modified_at
    returning id, platform_order_id, (xmax = 0) as inserted`,
  );
  return rows.map((r) => ({ id: Number(r.id), platformOrderId: r.platform_order_id, inserted: r.inserted }));
}

/** Upserts the lines of the orders just written (by order and sub-order id). Lines are never deleted: platforms do not remove sub-orders. */
export async function upsertItems(db: Db, orgId: number, written: UpsertedOrder[], orders: NormalizedOrder[]) {
  const idOf = new Map(written.map((w) => [w.platformOrderId, w.id]));
  const items = orders.flatMap((o) => {
    const orderId = idOf.get(o.platformOrderId);
    if (orderId === undefined) return [];
    return o.items.map((i) => ({
      order_id: orderId,
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
    }));
  });
  if (items.length === 0) return;
  await db.execute(sql`
    insert into shop_order_items (org_id, order_id, platform_item_id, item_id, sku_id, title, spec, outer_item_code, outer_sku_code,
      pic_url, quantity, price_fen, payment_fen, refund_state)
    select ${orgId}, x.order_id, x.platform_item_id, x.item_id, x.sku_id, x.title, x.spec, x.outer_item_code, x.outer_sku_code,
      x.pic_url, x.quantity, x.price_fen, x.payment_fen, x.refund_state
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(order_id bigint, platform_item_id text, item_id text, sku_id text,
      title text, spec text, outer_item_code text, outer_sku_code text, pic_url text, quantity int, price_fen bigint, payment_fen bigint,
      refund_state text)
    on conflict (order_id, platform_item_id) do update set
      item_id = excluded.item_id, sku_id = excluded.sku_id, title = excluded.title, spec = excluded.spec,
      outer_item_code = excluded.outer_item_code, outer_sku_code = excluded.outer_sku_code, pic_url = excluded.pic_url,
      quantity = excluded.quantity, price_fen = excluded.price_fen, payment_fen = excluded.payment_fen,
      refund_state = excluded.refund_state`);
}
