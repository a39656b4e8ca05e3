/**
 * Where the receiver of an order comes from when it ships (decision 0025). The one place that reads
 * whether a marketplace order's receiver is encrypted and its platform handle, and the one place that
 * gives the plain receiver of an order that is not encrypted (opened from the vault).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { type OrderRecord, plainReceiverOf as openReceiver } from '../dropship-orders/index.js';
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

/**
 * The marketplace side of an order synced from a shop; null for an order placed by hand or imported.
 * Whether the receiver is the platform's encrypted one, and its handle, are the order's own
 * (placing keeps them; a receiver the seller typed since makes the order plain).
 */
export async function receiverSourceOf(
  db: Db,
  o: Pick<OrderRecord, 'orgId' | 'shopOrderId' | 'receiverEncrypted' | 'receiverHandle'>,
): Promise<ReceiverSource | null> {
  if (o.shopOrderId === null) return null;
  const [r] = await queryRows<{
    shop_id: number | null;
    channel: string;
    platform_order_id: string;
    receiver_province: string;
    receiver_city: string;
    receiver_district: string;
  }>(
    db,
    sql`select shop_id, channel, platform_order_id, receiver_province, receiver_city, receiver_district
      from shop_orders where id = ${o.shopOrderId} and org_id = ${o.orgId} and source = 'SYNC'`,
  );
  if (!r || r.shop_id === null) return null;
  return {
    shopId: Number(r.shop_id),
    channel: r.channel,
    platformOrderId: r.platform_order_id,
    encrypted: o.receiverEncrypted,
    handle: o.receiverEncrypted ? o.receiverHandle : null,
    // The region as the platform wrote it (placing may normalise the order's own to the area tree's names).
    region: { province: r.receiver_province, city: r.receiver_city, district: r.receiver_district },
  };
}

/** The plain receiver of an order whose receiver is not encrypted, as the courier gets it: opened from the vault. */
export function plainReceiverOf(o: OrderRecord): Party {
  const r = openReceiver(o);
  return { name: r.name, mobile: r.phone, printAddr: `${o.receiverProvince}${o.receiverCity}${o.receiverDistrict}${r.address}` };
}
