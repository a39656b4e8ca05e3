/**
 * Retention of shop orders' plain receivers (docs/security.md 收货人数据): RECEIVER_RETAIN_DAYS after
 * the platform finished or closed the order, its sealed receiver is erased (the masked columns, the
 * phone's last four and receiver_key stay). A dropship order placed from it keeps its own sealed copy
 * under its own retention. A later sync of the same receiver does not bring it back (receiver_key
 * unchanged means nothing is rewritten).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export const SHOP_RECEIVER_RETENTION_JOB = 'shops.receiverRetention';
export const SHOP_RECEIVER_RETENTION_INTERVAL_MS = 6 * 3_600_000;
const BATCH = 500;

export async function eraseExpiredShopReceivers(db: Db, days: number, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ id: string | number }>(
      db,
      sql`update shop_orders set receiver_sealed = null
          where id in (select id from shop_orders
                       where receiver_sealed is not null and status in ('FINISHED', 'CLOSED')
                         and platform_modified_at < ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)
                       limit ${BATCH} for update skip locked)
          returning id`,
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}
