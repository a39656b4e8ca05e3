/**
 * 未付款自动取消 (the seller's 订单履约策略 `unpaidCancelHours`, default 24): a recurring job cancels
 * orders left WAITING_PAYMENT longer than their seller allows, through the same cancelDropshipOrder
 * a seller's click uses (status checked under the row lock, coupon given back, timeline written).
 * An order whose Alipay payment was started in the last half hour is left alone: the buyer may be at
 * the cashier (a notify that still arrives after a cancel only tops up the balance: alipay-settle.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/rows.js';
import { AppError } from '../../../lib/app-error.js';
import { mainUserOf } from '../../fulfilment-settings/index.js';
import { cancelDropshipOrder } from '../change/change.service.js';

export const UNPAID_CANCEL_JOB = 'dropship.cancelUnpaid';
export const UNPAID_CANCEL_INTERVAL_MS = 10 * 60_000;
const DEFAULT_HOURS = 24;

interface Due {
  id: string | number;
  org_id: number;
  hours: string | number;
}

/** Unpaid orders past their seller's limit, oldest first; a stored hour count out of 1–168 reads as the default. */
async function dueOrders(db: Db, limit: number, now: Date) {
  return queryRows<Due>(
    db,
    sql`select o.id, o.org_id, h.hours
        from dropship_orders o
        left join fulfilment_settings s on s.org_id = o.org_id and s.key = 'orderFulfillmentStrategy'
        cross join lateral (
          select case when jsonb_typeof(s.value -> 'unpaidCancelHours') = 'number'
                       and (s.value ->> 'unpaidCancelHours')::numeric between 1 and 168
                      then (s.value ->> 'unpaidCancelHours')::numeric else ${DEFAULT_HOURS} end as hours
        ) h
        where o.status = 'WAITING_PAYMENT'
          and o.created_at < ${now.toISOString()}::timestamptz - make_interval(hours => h.hours::int)
          and not exists (
            select 1 from dropship_payments p
            where p.org_id = o.org_id and p.status = 'WAITING_PAYMENT' and o.id = any(p.order_ids)
              and p.created_at > ${now.toISOString()}::timestamptz - interval '30 minutes')
        order by o.created_at
        limit ${limit}`,
  );
}

/** One pass: cancels what is due (at most `limit`); an order paid or cancelled meanwhile is skipped. */
export async function cancelUnpaidOrders(db: Db, o: { limit?: number; now?: Date } = {}): Promise<{ canceled: number; skipped: number }> {
  const rows = await dueOrders(db, o.limit ?? 500, o.now ?? new Date());
  const actors = new Map<number, number>();
  let canceled = 0;
  let skipped = 0;
  for (const r of rows) {
    if (!actors.has(r.org_id)) actors.set(r.org_id, (await mainUserOf(db, r.org_id)) ?? 0);
    try {
      await cancelDropshipOrder(db, { orgId: r.org_id, userId: actors.get(r.org_id) ?? 0 }, Number(r.id), `超过${Number(r.hours)}小时未付款，系统自动取消`);
      canceled++;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      skipped++;
    }
  }
  return { canceled, skipped };
}
