/**
 * 货到付款 state moves that take no money (docs/decisions/0018-pay-later.md): a bill paid, a DUE
 * order cancelled. Kept apart from the pay-later service so that funds' replenish payment and the
 * cancel can call them without importing the order payment code.
 */
import type { Db } from '../../../db/client.js';
import { onReplenishPaid } from '../../funds/index.js';
import type { OrderRecord } from '../orders.repository.js';
import * as timeline from '../timeline.repository.js';
import * as later from './pay-later.repository.js';

/**
 * Replenish requests being paid (balance or Alipay, funds/replenish/replenish.service.ts): the 货到付款
 * orders they bill become CHARGED in the same transaction. Called after the requests are locked
 * and before the account is: requests → orders → account, never the other way round. Answers the
 * ids of the requests that billed such an order (their ledger entries read 先发后付, not 改价补款).
 */
export async function settleBilledOrders(t: Db, orgId: number, replenishIds: number[]): Promise<Set<number>> {
  const moved = await later.chargeBilled(t, orgId, replenishIds);
  await timeline.insertEvents(
    t,
    orgId,
    { userId: null, orgId },
    moved.map((m) => ({
      orderId: m.id,
      fromStatus: m.combinedStatus,
      toStatus: m.combinedStatus,
      operation: 'PAY_LATER',
      note: `补款单 ${m.replenishId} 已支付，货到付款已结清`,
    })),
  );
  return new Set(moved.map((m) => m.replenishId));
}

/** A DUE order cancelled before it shipped owes nothing: it leaves the credit (pay method stays 货到付款). */
export async function dropDue(t: Db, o: Pick<OrderRecord, 'id' | 'orgId' | 'payLaterState'>) {
  if (o.payLaterState === 'DUE') await later.moveState(t, o.orgId, o.id, 'DUE', { state: null });
}

// Paying a 货到付款 bill (funds' replenish payment) settles its orders here; funds does not import us.
onReplenishPaid(settleBilledOrders);
