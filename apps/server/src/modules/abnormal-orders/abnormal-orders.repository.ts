/**
 * SQL of abnormal orders: the organisation's paid shop orders still waiting for a dropship order,
 * with what SQL can tell about each (goods links of the active lines, refunds, the shop's
 * authorization), and the placed ones whose dropship order could not ship because the platform
 * would not decrypt its receiver (DECRYPT_FAILED, read from the decrypt audit log). The address
 * check needs the area tree and is made by the service.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { columnsOf, skuKeySql } from '../goods/index.js';

/** Statuses in which a shop order still waits to be shipped (ShopOrderStatus of @dropship/channels). */
export const WAITING_STATUSES = ['WAIT_SELLER_SEND', 'SELLER_CONSIGNED_PART'] as const;
/** Bound on one scan; far above the unplaced orders a seller has at once. */
export const CANDIDATES_MAX = 50_000;

export interface CandidateFilter {
  shopId?: number | undefined;
  platformOrderId?: string | undefined;
}

export interface Candidate {
  id: number;
  reasons: string[];
  province: string;
  city: string;
  district: string;
  address: string;
  /** Set for a placed order listed for DECRYPT_FAILED: its dropship order and the platform's last answer. */
  decrypt: { orderId: number; orderNo: string; outcome: string; message: string } | null;
}

const ACTIVE = sql`i.refund_state in ('NONE', 'CLOSED')`;

/**
 * The link of line `i` of order `o`: a LATERAL lookup that probes the unique index of shop_skus once
 * per line whatever the planner believes (PGlite runs no autovacuum, so it has no statistics). The
 * `limit 1` (the key is unique) keeps the planner from flattening it into a join over all the SKUs.
 */
const lineLink = sql`left join lateral (
    select l.id as link_id, l.cost_fen, p.status as supplier_status, s.id as shop_sku_id
    from shop_skus s
    left join goods_links l on l.id = s.current_link_id
    left join suppliers p on p.id = l.supplier_id
    where s.org_id = o.org_id and s.channel = o.channel and s.item_id = coalesce(i.item_id, '') and s.sku_key = ${skuKeySql(columnsOf('i'))}
    limit 1
  ) k on true`;

/** The line flags of order `o` (joined by the callers). */
const lineFlags = sql`
  select count(*) filter (where ${ACTIVE}) as active_lines,
    count(*) filter (where i.refund_state = 'REFUNDED') as refunded_lines,
    coalesce(bool_or(i.refund_state = 'REFUNDING'), false) as refunding,
    coalesce(bool_or(${ACTIVE} and k.link_id is null), false) as no_link,
    coalesce(bool_or(${ACTIVE} and k.link_id is not null and k.supplier_status = 'ENABLED' and k.cost_fen is null), false) as no_cost,
    coalesce(bool_or(${ACTIVE} and k.supplier_status is not null and k.supplier_status <> 'ENABLED'), false) as disabled
  from shop_order_items i
  ${lineLink}
  where i.order_id = o.id`;

/**
 * Encrypted by the platform with nothing it can decrypt: masks (or nothing) and no handle. Ciphertexts in
 * the fields themselves (JD) are their own handle. The same rule as dropship-orders' platformReceiverOf:
 * an encrypted order the platform can decrypt is placeable and is not abnormal.
 */
const undecryptable = sql`o.receiver_encrypted and coalesce(o.receiver_decrypt_handle, '') = ''
  and (o.receiver_name like '%*%' or o.receiver_phone like '%*%' or o.receiver_address like '%*%'
    or (o.receiver_name = '' and o.receiver_phone = '' and o.receiver_address = ''))`;

function filterParts(f: CandidateFilter): SQL[] {
  const parts: SQL[] = [];
  if (f.shopId) parts.push(sql`o.shop_id = ${f.shopId}`);
  if (f.platformOrderId) parts.push(sql`o.platform_order_id = ${f.platformOrderId}`);
  return parts;
}

function candidateWhere(orgId: number, f: CandidateFilter): SQL {
  const parts = [
    sql`o.org_id = ${orgId}`,
    sql`o.dropship_status = 'UNPLACED'`,
    sql`o.status in (${sql.join(
      WAITING_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )})`,
    ...filterParts(f),
  ];
  return sql.join(parts, sql` and `);
}

/**
 * Placed orders the warehouse could not ship because the platform refused to decrypt the receiver: a
 * paid dropship order not shipped yet (WAITING_DELIVERING), its receiver still the platform's encrypted
 * one, whose latest ship-time decrypt failed. A later successful decrypt, the shipment or a typed
 * receiver takes it off. It starts from the seller's encrypted waiting orders (a partial index) and
 * reads each one's latest attempt (an index by order), so the audit log's history is never scanned.
 */
function decryptFailedSql(orgId: number, f: CandidateFilter): SQL {
  return sql`
    select o.id, o.receiver_province as province, o.receiver_city as city, o.receiver_district as district, o.receiver_address as address,
      array['DECRYPT_FAILED']::text[] as reasons, d.id as decrypt_order_id, d.order_no as decrypt_order_no,
      r.outcome as decrypt_outcome, r.message as decrypt_message, o.paid_at
    from dropship_orders d
    cross join lateral (
      select x.outcome, x.message from receiver_decrypts x
      where x.order_id = d.id and x.seller_org_id = d.org_id and x.scene = 'DROPSHIP_SHIP'
      order by x.id desc limit 1
    ) r
    join shop_orders o on o.id = d.shop_order_id and o.org_id = d.org_id
    join shops sh on sh.id = o.shop_id
    where d.org_id = ${orgId} and d.status = 'WAITING_DELIVERING' and d.receiver_encrypted and r.outcome <> 'OK'
      and o.dropship_status <> 'UNPLACED' and sh.removed_at is null ${sql.join(
        filterParts(f).map((p) => sql` and ${p}`),
        sql``,
      )}`;
}

/** Every waiting order of the organisation (shops removed by the seller left out) with its SQL-known reasons, newest paid first. */
export async function candidates(db: Db, orgId: number, f: CandidateFilter): Promise<Candidate[]> {
  const rows = await queryRows<{
    id: string | number;
    reasons: string[];
    province: string;
    city: string;
    district: string;
    address: string;
    decrypt_order_id: string | number | null;
    decrypt_order_no: string | null;
    decrypt_outcome: string | null;
    decrypt_message: string | null;
  }>(db, candidatesSql(orgId, f));
  const seen = new Set<number>();
  // A shop order split into several dropship orders is listed once (its first failed one).
  return rows.flatMap((r) => {
    const id = Number(r.id);
    if (seen.has(id)) return [];
    seen.add(id);
    const decrypt =
      r.decrypt_order_id === null
        ? null
        : { orderId: Number(r.decrypt_order_id), orderNo: r.decrypt_order_no ?? '', outcome: r.decrypt_outcome ?? '', message: r.decrypt_message ?? '' };
    return [{ id, reasons: r.reasons, province: r.province, city: r.city, district: r.district, address: r.address, decrypt }];
  });
}

export function candidatesSql(orgId: number, f: CandidateFilter): SQL {
  return sql`
    select * from (
    select o.id, o.receiver_province as province, o.receiver_city as city, o.receiver_district as district, o.receiver_address as address,
      array_remove(array[
        case when lf.no_link then 'NO_LINK' end,
        case when lf.no_cost then 'LINK_NO_COST' end,
        case when lf.disabled then 'SUPPLIER_DISABLED' end,
        case when lf.refunding then 'REFUNDING' end,
        case when lf.active_lines = 0 and lf.refunded_lines > 0 then 'REFUNDED' end,
        case when sh.auth_state = 'EXPIRED' or sh.expire_time < now() then 'SHOP_EXPIRED' end,
        case when ${undecryptable} then 'NO_DECRYPT_HANDLE' end
      ], null) as reasons,
      null::bigint as decrypt_order_id, null::text as decrypt_order_no, null::text as decrypt_outcome, null::text as decrypt_message, o.paid_at
    from shop_orders o
    join shops sh on sh.id = o.shop_id
    cross join lateral (${lineFlags}) lf
    where ${candidateWhere(orgId, f)} and sh.removed_at is null
    union all
    ${decryptFailedSql(orgId, f)}
    ) c
    order by c.paid_at desc nulls last, c.id desc, c.decrypt_order_id
    limit ${CANDIDATES_MAX}`;
}

export interface OrderRecord {
  id: number;
  shop_id: number;
  shop_name: string;
  channel: string;
  platform_order_id: string;
  paid_at: Date | string | null;
  receiver_name: string;
  receiver_phone: string;
  receiver_province: string;
  receiver_city: string;
  receiver_district: string;
  receiver_town: string | null;
  receiver_address: string;
  receiver_encrypted: boolean;
  receiver_sealed: string | null;
  payment_fen: string | number;
  item_count: string | number;
  dropship_status: string;
  status: string;
  shop_expired: boolean;
}

/** The orders (of the organisation) with their shop, in no particular order. */
export async function ordersByIds(db: Db, orgId: number, ids: number[]): Promise<OrderRecord[]> {
  if (ids.length === 0) return [];
  return queryRows<OrderRecord>(
    db,
    sql`
    select o.id::int as id, o.shop_id, sh.name as shop_name, o.channel, o.platform_order_id, o.paid_at, o.receiver_name, o.receiver_phone,
      o.receiver_province, o.receiver_city, o.receiver_district, o.receiver_town, o.receiver_address, o.receiver_encrypted,
      o.receiver_sealed, o.payment_fen, o.dropship_status, o.status, (sh.auth_state = 'EXPIRED' or coalesce(sh.expire_time < now(), false)) as shop_expired,
      (select coalesce(sum(i.quantity), 0) from shop_order_items i where i.order_id = o.id) as item_count
    from shop_orders o join shops sh on sh.id = o.shop_id
    where o.org_id = ${orgId} and o.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

export interface LineRecord {
  platform_item_id: string;
  title: string;
  spec: string | null;
  item_id: string;
  sku_id: string | null;
  outer_sku_code: string | null;
  pic_url: string | null;
  quantity: number;
  refund_state: string;
  shop_sku_id: string | number | null;
}

/** The lines of one order with the shop SKU each one is. */
export async function orderLines(db: Db, orgId: number, orderId: number): Promise<LineRecord[]> {
  return queryRows<LineRecord>(
    db,
    sql`
    select i.platform_item_id, i.title, i.spec, i.item_id, i.sku_id, i.outer_sku_code, i.pic_url, i.quantity, i.refund_state, k.shop_sku_id
    from shop_order_items i
    join shop_orders o on o.id = i.order_id
    ${lineLink}
    where i.order_id = ${orderId} and i.org_id = ${orgId}
    order by i.id`,
  );
}
