/**
 * multBatchStopTake / multBatchRevokeStopTake: the purchaser stops (or resumes) items at the seller's
 * request. Each item emits stopAsked (hooks.ts), on which dropship-orders runs the seller's own
 * stopItem / revokeStopItem (dropship-orders/change/items.service.ts) acting for the item's seller
 * organisation, so the refund, the order's mirror and the timeline are one code path; the purchaser
 * may also stop an item already assigned but not yet marked (TAKING), and the timeline and take log
 * say it was the purchaser. One transaction per item, like the seller's.
 */
import type { TakeOperationResult } from '@dropship/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { purchaserOf } from './assign.service.js';
import { stopAsked } from './hooks.js';
import { takeItems } from './take-items.table.js';

export async function stopOrRevoke(db: Db, caller: Caller, ids: number[], op: 'stop' | 'revokeStop'): Promise<TakeOperationResult> {
  const org = purchaserOf(caller);
  const items = await db
    .select({ id: takeItems.id, takeCode: takeItems.takeCode, sellerOrgId: takeItems.sellerOrgId, orderItemId: takeItems.orderItemId })
    .from(takeItems)
    .where(and(eq(takeItems.purchaserOrgId, org), inArray(takeItems.id, ids)));
  if (items.length !== ids.length) throw notFound('拿货项');
  const byId = new Map(items.map((i) => [i.id, i]));
  const results: TakeOperationResult['results'] = [];
  for (const id of ids) {
    const i = byId.get(id) as (typeof items)[number];
    try {
      await stopAsked.emit(db, {
        op,
        seller: { orgId: i.sellerOrgId, userId: caller.userId },
        orderItemId: i.orderItemId,
        byPurchaser: { orgId: org, userId: caller.userId },
      });
      results.push({ id, takeCode: i.takeCode, ok: true, message: op === 'stop' ? '已停止拿货，货款已退回卖家余额' : '已撤销停止，货款已从卖家余额扣回' });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({ id, takeCode: i.takeCode, ok: false, message: e.message });
    }
  }
  return { results };
}
