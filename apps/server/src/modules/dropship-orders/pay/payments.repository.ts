/** SQL of Alipay payments of dropship orders. Reads by the caller's orgId; Alipay's callbacks find rows by our unique out_trade_no. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { dropshipPayments } from '../dropship-orders.table.js';

/** The two-letter kind of our out_trade_no (RC recharge, RP replenish, TX withdrawal are funds'). */
export const TRADE_PREFIX = 'DP';

export type PaymentRecord = typeof dropshipPayments.$inferSelect;

export async function insertPayment(db: Db, row: typeof dropshipPayments.$inferInsert): Promise<PaymentRecord> {
  const [r] = await db.insert(dropshipPayments).values(row).returning();
  if (!r) throw new Error('dropship payment not written');
  return r;
}

export async function findPayment(db: Db, orgId: number, outTradeNo: string): Promise<PaymentRecord | undefined> {
  const rows = await db
    .select()
    .from(dropshipPayments)
    .where(and(eq(dropshipPayments.orgId, orgId), eq(dropshipPayments.outTradeNo, outTradeNo)))
    .limit(1);
  return rows[0];
}

/** For Alipay's callbacks: by our number alone (a notify names no tenant), locked until the transaction ends. */
export async function lockPaymentByTradeNo(db: Db, outTradeNo: string): Promise<PaymentRecord | undefined> {
  const rows = await db.select().from(dropshipPayments).where(eq(dropshipPayments.outTradeNo, outTradeNo)).for('update');
  return rows[0];
}

/** WAITING_PAYMENT or CLOSED → PAID: money Alipay took is never refused. */
export async function markPaymentPaid(db: Db, id: number, tradeNo: string) {
  await db.update(dropshipPayments).set({ status: 'PAID', tradeNo, paidAt: sql`now()` }).where(eq(dropshipPayments.id, id));
}

export async function markPaymentClosed(db: Db, id: number) {
  const rows = await db
    .update(dropshipPayments)
    .set({ status: 'CLOSED' })
    .where(and(eq(dropshipPayments.id, id), eq(dropshipPayments.status, 'WAITING_PAYMENT')))
    .returning({ id: dropshipPayments.id });
  return rows.length > 0;
}
