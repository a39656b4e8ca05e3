/**
 * Where the receiver of an order comes from when it ships (decision 0024). The one place that reads
 * whether a marketplace order's receiver is encrypted and its platform handle (through the order's
 * shop order), and the one place that gives the plain receiver of an order that is not encrypted.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { OrderRecord } from '../dropship-orders/index.js';
import type { Party } from './waybill-label.js';

export interface ReceiverSource {
  shopId: number;
  channel: string;
  platformOrderId: string;
  /** The platform gave the receiver encrypted: only its handle can ship it (platform waybill or decrypt). */
  encrypted: boolean;
  /** Taobao / JD oaid, or the JSON of the name / phone / address ciphertexts (waybillReceiverHandle's rule); null when the platform gave none. */
  handle: string | null;
  region: { province: string; city: string; district: string };
}

/** The marketplace side of an order synced from a shop; null for an order placed by hand or imported. */
export async function receiverSourceOf(db: Db, o: Pick<OrderRecord, 'orgId' | 'shopOrderId'>): Promise<ReceiverSource | null> {
  if (o.shopOrderId === null) return null;
  const [r] = await queryRows<{
    shop_id: number | null;
    channel: string;
    platform_order_id: string;
    receiver_encrypted: boolean;
    receiver_decrypt_handle: string | null;
    receiver_name: string;
    receiver_phone: string;
    receiver_address: string;
    receiver_province: string;
    receiver_city: string;
    receiver_district: string;
  }>(
    db,
    sql`select shop_id, channel, platform_order_id, receiver_encrypted, receiver_decrypt_handle, receiver_name, receiver_phone,
        receiver_address, receiver_province, receiver_city, receiver_district
      from shop_orders where id = ${o.shopOrderId} and org_id = ${o.orgId} and source = 'SYNC'`,
  );
  if (!r || r.shop_id === null) return null;
  const fields = r.receiver_name && r.receiver_phone && r.receiver_address;
  const handle =
    r.receiver_decrypt_handle ??
    (r.receiver_encrypted && fields ? JSON.stringify({ name: r.receiver_name, phone: r.receiver_phone, address: r.receiver_address }) : null);
  return {
    shopId: Number(r.shop_id),
    channel: r.channel,
    platformOrderId: r.platform_order_id,
    encrypted: r.receiver_encrypted,
    handle,
    region: { province: r.receiver_province, city: r.receiver_city, district: r.receiver_district },
  };
}

/** The plain receiver of an order whose receiver is not encrypted, as the courier gets it. */
export const plainReceiverOf = (o: OrderRecord): Party => ({
  name: o.receiverName,
  mobile: o.receiverPhone,
  printAddr: `${o.receiverProvince}${o.receiverCity}${o.receiverDistrict}${o.receiverAddress}`,
});
