/**
 * Retention of dropship orders' plain receivers (docs/security.md 收货人数据): a recurring job erases
 * the sealed plain receiver RECEIVER_RETAIN_DAYS after the order finished or was cancelled; the
 * masked columns, the phone's last four and receiver_key stay, and the waybill labels of those orders
 * get the masked street too (receiversErased, handled by the warehouse). Batches under row locks
 * (skip locked), so two processes never collide.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { inTransaction } from '../../db/transaction.js';
import { receiversErased } from './hooks.js';

export const RECEIVER_RETENTION_JOB = 'dropship.receiverRetention';
export const RECEIVER_RETENTION_INTERVAL_MS = 6 * 3_600_000;
const BATCH = 500;

/** Erases the sealed plain receivers of orders finished or cancelled more than `days` days before `now`. Answers how many. */
export async function eraseExpiredReceivers(db: Db, days: number, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await inTransaction(db, async (t) => {
      const rows = await queryRows<{ id: string | number }>(
        t,
        sql`update dropship_orders set receiver_sealed = null
            where id in (select id from dropship_orders
                         where receiver_sealed is not null
                           and coalesce(finished_at, canceled_at) < ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)
                         limit ${BATCH} for update skip locked)
            returning id`,
      );
      if (rows.length > 0) await receiversErased.emit(t, { orderIds: rows.map((r) => Number(r.id)) });
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}
