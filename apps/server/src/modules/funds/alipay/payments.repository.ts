/** SQL of Alipay recharges and replenish payments. Reads by the caller's orgId; notifies find rows by our unique out_trade_no. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { recharges, replenishPayments } from './payments.table.js';

export type RechargeRecord = typeof recharges.$inferSelect;
export type ReplenishPaymentRecord = typeof replenishPayments.$inferSelect;

export async function insertRecharge(db: Db, row: typeof recharges.$inferInsert): Promise<RechargeRecord> {
  const [r] = await db.insert(recharges).values(row).returning();
  if (!r) throw new Error('recharge not written');
  return r;
}

export async function findRecharge(db: Db, orgId: number, outTradeNo: string): Promise<RechargeRecord | undefined> {
  const rows = await db
    .select()
    .from(recharges)
    .where(and(eq(recharges.orgId, orgId), eq(recharges.outTradeNo, outTradeNo)))
    .limit(1);
  return rows[0];
}

/** For a notify: the row by our number alone (the notify names no tenant), locked until the transaction ends. */
export async function lockRechargeByTradeNo(db: Db, outTradeNo: string): Promise<RechargeRecord | undefined> {
  const rows = await db.select().from(recharges).where(eq(recharges.outTradeNo, outTradeNo)).for('update');
  return rows[0];
}

/** WAITING_PAYMENT or CLOSED → PAID: money Alipay took is never refused. */
export async function markRechargePaid(db: Db, id: number, tradeNo: string) {
  await db.update(recharges).set({ status: 'PAID', tradeNo, paidAt: sql`now()` }).where(eq(recharges.id, id));
}

export async function markRechargeClosed(db: Db, id: number) {
  const rows = await db
    .update(recharges)
    .set({ status: 'CLOSED' })
    .where(and(eq(recharges.id, id), eq(recharges.status, 'WAITING_PAYMENT')))
    .returning({ id: recharges.id });
  return rows.length > 0;
}

export async function insertReplenishPayment(db: Db, row: typeof replenishPayments.$inferInsert): Promise<ReplenishPaymentRecord> {
  const [r] = await db.insert(replenishPayments).values(row).returning();
  if (!r) throw new Error('replenish payment not written');
  return r;
}

export async function findReplenishPayment(db: Db, orgId: number, outTradeNo: string): Promise<ReplenishPaymentRecord | undefined> {
  const rows = await db
    .select()
    .from(replenishPayments)
    .where(and(eq(replenishPayments.orgId, orgId), eq(replenishPayments.outTradeNo, outTradeNo)))
    .limit(1);
  return rows[0];
}

export async function lockReplenishPaymentByTradeNo(db: Db, outTradeNo: string): Promise<ReplenishPaymentRecord | undefined> {
  const rows = await db.select().from(replenishPayments).where(eq(replenishPayments.outTradeNo, outTradeNo)).for('update');
  return rows[0];
}

export async function markReplenishPaymentPaid(db: Db, id: number, tradeNo: string) {
  await db.update(replenishPayments).set({ status: 'PAID', tradeNo, paidAt: sql`now()` }).where(eq(replenishPayments.id, id));
}

export async function markReplenishPaymentClosed(db: Db, id: number) {
  const rows = await db
    .update(replenishPayments)
    .set({ status: 'CLOSED' })
    .where(and(eq(replenishPayments.id, id), eq(replenishPayments.status, 'WAITING_PAYMENT')))
    .returning({ id: replenishPayments.id });
  return rows.length > 0;
}
