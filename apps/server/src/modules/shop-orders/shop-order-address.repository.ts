/** SQL of the receiver correction of a shop order (shop-order-address.service.ts). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { phoneTail, sealReceiverColumns } from '../../lib/receiver-vault/index.js';
import { receiverHash } from './upsert-orders.js';

// The platform's receiver before the first correction (the right side of an UPDATE reads the old row):
// later syncs keep the correction while the platform still gives this one.
const PLATFORM_HASH = sql.raw(receiverHash(''));

export interface ReceiverValues {
  receiverName: string;
  receiverPhone: string;
  province: string;
  city: string;
  district: string;
  town: string;
  address: string;
}

/**
 * Writes the receiver when the order is the organisation's, not yet placed and still waiting to be
 * shipped (`waiting` statuses); answers whether it did. The seller typed it, so it is plain text: stored sealed.
 */
export async function updateReceiver(db: Db, orgId: number, orderId: number, waiting: readonly string[], r: ReceiverValues) {
  // Stored masked, the plain receiver sealed (receiver-vault).
  const s = sealReceiverColumns({ ...r, receiverProvince: r.province, receiverCity: r.city, receiverDistrict: r.district, receiverAddress: r.address });
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`
    update shop_orders set receiver_name = ${s.receiverName ?? r.receiverName}, receiver_phone = ${s.receiverPhone ?? r.receiverPhone},
      receiver_phone_tail = ${phoneTail(r.receiverPhone)}, receiver_province = ${r.province}, receiver_city = ${r.city}, receiver_district = ${r.district},
      receiver_town = ${r.town || null}, receiver_address = ${s.receiverAddress ?? r.address}, receiver_sealed = ${s.receiverSealed},
      receiver_key = ${s.receiverKey}, receiver_encrypted = false, receiver_decrypt_handle = null,
      receiver_platform_hash = coalesce(receiver_platform_hash, ${PLATFORM_HASH}), updated_at = now()
    where org_id = ${orgId} and id = ${orderId} and dropship_status = 'UNPLACED'
      and status in (${sql.join(
        waiting.map((s) => sql`${s}`),
        sql`, `,
      )})
    returning id`,
  );
  return rows.length > 0;
}

export async function orderExists(db: Db, orgId: number, orderId: number) {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from shop_orders where org_id = ${orgId} and id = ${orderId}`);
  return rows.length > 0;
}
