/**
 * Retention of dropship orders' plain receivers (docs/security.md 收货人数据): a recurring job erases
 * the sealed plain receiver RECEIVER_RETAIN_DAYS after the order finished or was cancelled; the
 * masked columns, the phone's last four and receiver_key stay. Until then after-sales and a reprinted
 * waybill still have it. Batches under row locks (skip locked), so two processes never collide.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export const RECEIVER_RETENTION_JOB = 'dropship.receiverRetention';
export const RECEIVER_RETENTION_INTERVAL_MS = 6 * 3_600_000;
const BATCH = 500;

/** Erases the sealed plain receivers of orders finished or cancelled more than `days` days before `now`. Answers how many. */
export async function eraseExpiredReceivers(db: Db, days: number, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ id: string | number }>(
      db,
      sql`update dropship_orders set receiver_sealed = null
          where id in (select id from dropship_orders
                       where receiver_sealed is not null
                         and coalesce(finished_at, canceled_at) < ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)
                       limit ${BATCH} for update skip locked)
          returning id`,
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}
