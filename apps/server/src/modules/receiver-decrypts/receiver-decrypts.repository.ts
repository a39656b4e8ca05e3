/** SQL of the decrypt audit log, always scoped to the seller's organisation. */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { receiverDecrypts } from './receiver-decrypts.table.js';

export type NewReceiverDecrypt = Omit<typeof receiverDecrypts.$inferInsert, 'id' | 'createdAt'>;
export type ReceiverDecryptRecord = typeof receiverDecrypts.$inferSelect;

export async function insertDecrypts(db: Db, rows: NewReceiverDecrypt[]) {
  if (rows.length) await db.insert(receiverDecrypts).values(rows);
}

export interface DecryptFilter {
  from?: Date;
  to?: Date;
  shopId?: number;
  orderNo?: string;
}

const whereOf = (sellerOrgId: number, f: DecryptFilter) =>
  and(
    ...([
      eq(receiverDecrypts.sellerOrgId, sellerOrgId),
      f.from ? gte(receiverDecrypts.createdAt, f.from) : undefined,
      f.to ? lt(receiverDecrypts.createdAt, f.to) : undefined,
      f.shopId === undefined ? undefined : eq(receiverDecrypts.shopId, f.shopId),
      f.orderNo ? eq(receiverDecrypts.orderNo, f.orderNo) : undefined,
    ].filter(Boolean) as SQL[]),
  );

export async function pageDecrypts(db: Db, sellerOrgId: number, f: DecryptFilter, limit: number, offset: number) {
  const where = whereOf(sellerOrgId, f);
  const [total] = await db.select({ n: count() }).from(receiverDecrypts).where(where);
  const rows = await db.select().from(receiverDecrypts).where(where).orderBy(desc(receiverDecrypts.id)).limit(limit).offset(offset);
  return { total: Number(total?.n ?? 0), rows };
}

/** The order's latest ship-time decrypt attempt (the seller's own order), or undefined when none was made. */
export async function lastShipDecrypt(db: Db, sellerOrgId: number, orderId: number) {
  const [r] = await db
    .select({ outcome: receiverDecrypts.outcome, message: receiverDecrypts.message })
    .from(receiverDecrypts)
    .where(and(eq(receiverDecrypts.orderId, orderId), eq(receiverDecrypts.sellerOrgId, sellerOrgId), eq(receiverDecrypts.scene, 'DROPSHIP_SHIP')))
    .orderBy(desc(receiverDecrypts.id))
    .limit(1);
  return r;
}
