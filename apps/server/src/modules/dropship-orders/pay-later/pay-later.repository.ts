/**
 * SQL of 货到付款 (docs/decisions/0018-pay-later.md), always scoped to the seller's organisation:
 * the orders' pay-later state and what is still owed on credit.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/rows.js';
import { dropshipOrders } from '../dropship-orders.table.js';

/** Newly paid PAY_LATER orders: nothing taken from the balance yet. */
export async function markDue(db: Db, orgId: number, ids: number[]) {
  await db
    .update(dropshipOrders)
    .set({ payLaterState: 'DUE', updatedAt: sql`now()` })
    .where(and(eq(dropshipOrders.orgId, orgId), inArray(dropshipOrders.id, ids), eq(dropshipOrders.payMethod, 'PAY_LATER')));
}

/** One named move of the state, only from `from` (the caller holds the order's row lock); false when it was elsewhere. */
export async function moveState(db: Db, orgId: number, id: number, from: string, to: { state: string | null; replenishId?: number }) {
  const rows = await db
    .update(dropshipOrders)
    .set({
      payLaterState: to.state,
      ...(to.replenishId === undefined ? {} : { payLaterReplenishId: to.replenishId }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(dropshipOrders.orgId, orgId), eq(dropshipOrders.id, id), eq(dropshipOrders.payLaterState, from)))
    .returning({ id: dropshipOrders.id });
  return rows.length > 0;
}

/**
 * What is owed on credit: the DUE orders still being fulfilled (total − refunded) plus the unpaid
 * 货到付款 replenish requests. The DUE part reads only the credit orders (partial index
 * dropship_orders_pay_later_due_idx).
 */
export async function outstandingFen(db: Db, orgId: number): Promise<number> {
  const [r] = await queryRows<{ due: string | number; billed: string | number }>(
    db,
    sql`select
      (select coalesce(sum(total_fen - refunded_fen), 0) from dropship_orders
        where org_id = ${orgId} and pay_later_state = 'DUE' and status = 'WAITING_DELIVERING') as due,
      (select coalesce(sum(r.amount_fen), 0) from replenish_details d join replenish_requests r on r.id = d.replenish_id
        where d.org_id = ${orgId} and d.purpose = 'GOODS_PAY_LATER' and r.status = 'WAITING_PAYMENT') as billed`,
  );
  return Number(r?.due ?? 0) + Number(r?.billed ?? 0);
}

/**
 * BILLED → CHARGED for the orders whose 货到付款 replenish request is among `replenishIds` (they are
 * being paid in the caller's transaction). Reached through the request's order number (unique
 * index), so no scan of the organisation's orders. Answers the orders that moved.
 */
export async function chargeBilled(db: Db, orgId: number, replenishIds: number[]) {
  if (replenishIds.length === 0) return [];
  const rows = await queryRows<{ id: string | number; combined_status: string; replenish_id: number }>(
    db,
    sql`update dropship_orders o set pay_later_state = 'CHARGED', updated_at = now()
        from replenish_details d
        where d.replenish_id = any(${`{${replenishIds.join(',')}}`}::int[]) and d.org_id = ${orgId} and d.purpose = 'GOODS_PAY_LATER'
          and o.order_no = d.order_no and o.org_id = ${orgId} and o.pay_later_replenish_id = d.replenish_id and o.pay_later_state = 'BILLED'
        returning o.id, o.combined_status, d.replenish_id`,
  );
  return rows.map((r) => ({ id: Number(r.id), combinedStatus: r.combined_status, replenishId: Number(r.replenish_id) }));
}
