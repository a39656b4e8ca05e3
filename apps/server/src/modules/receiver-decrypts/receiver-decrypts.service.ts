/**
 * The decrypt audit log (decision 0025): written for every decrypt attempt, read by the seller
 * whose order it was (解密记录 on the shop authorization page), filtered and exported.
 */
import { beijingDayEnd, beijingDayStart, type ReceiverDecryptFilter, type ReceiverDecryptPage, type ReceiverDecryptRow } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import * as repo from './receiver-decrypts.repository.js';

export type { NewReceiverDecrypt } from './receiver-decrypts.repository.js';

/** Appends audit rows (one per order per attempt); outside any transaction of the caller, so a failed ship keeps them. */
export async function recordDecrypts(db: Db, rows: repo.NewReceiverDecrypt[]) {
  await repo.insertDecrypts(db, rows);
}

/**
 * Whether the warehouse's latest attempt to decrypt the order's receiver for shipping failed: the
 * seller may then type the receiver although the goods are already in (the abnormal list's fix).
 */
export async function shipDecryptFailed(db: Db, sellerOrgId: number, orderId: number): Promise<boolean> {
  const last = await repo.lastShipDecrypt(db, sellerOrgId, orderId);
  return last !== undefined && last.outcome !== 'OK';
}

const filterOf = (f: ReceiverDecryptFilter): repo.DecryptFilter => ({
  ...(f.dateFrom ? { from: beijingDayStart(f.dateFrom) } : {}),
  ...(f.dateTo ? { to: beijingDayEnd(f.dateTo) } : {}),
  ...(f.shopId === undefined ? {} : { shopId: f.shopId }),
  ...(f.orderNo ? { orderNo: f.orderNo } : {}),
});

/** Names of the shops, purchasers and users of a page of rows (one query each, scoped by the rows' ids). */
async function viewOf(db: Db, rows: repo.ReceiverDecryptRecord[]): Promise<ReceiverDecryptRow[]> {
  const ids = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x !== null))];
  const names = async (table: 'shops' | 'organisations' | 'users', col: string, list: number[]) => {
    if (list.length === 0) return new Map<number, string>();
    const r = await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, ${sql.raw(col)} as name from ${sql.raw(table)} where id in (${sql.join(
        list.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    return new Map(r.map((x) => [Number(x.id), x.name]));
  };
  const [shopNames, orgNames, userNames] = await Promise.all([
    names('shops', 'name', ids(rows.map((r) => r.shopId))),
    names('organisations', 'name', ids(rows.map((r) => r.purchaserOrgId))),
    names('users', 'username', ids(rows.map((r) => r.userId))),
  ]);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    orderNo: r.orderNo,
    shopId: r.shopId,
    shopName: shopNames.get(r.shopId) ?? '',
    platformOrderId: r.platformOrderId,
    purchaserName: r.purchaserOrgId === null ? '' : (orgNames.get(r.purchaserOrgId) ?? ''),
    userName: r.userId === null ? '' : (userNames.get(r.userId) ?? ''),
    scene: r.scene,
    outcome: r.outcome,
    platformCode: r.platformCode,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function pageReceiverDecrypts(
  db: Db,
  sellerOrgId: number,
  q: ReceiverDecryptFilter & { pageNo: number; pageSize: number },
): Promise<ReceiverDecryptPage> {
  const { total, rows } = await repo.pageDecrypts(db, sellerOrgId, filterOf(q), q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total, list: await viewOf(db, rows) };
}

/** The export's pages (up to 50,000 rows, 1,000 a page). */
export async function* exportReceiverDecrypts(db: Db, sellerOrgId: number, f: ReceiverDecryptFilter): AsyncGenerator<ReceiverDecryptRow[]> {
  for (let page = 0; page < 50; page++) {
    const { rows } = await repo.pageDecrypts(db, sellerOrgId, filterOf(f), 1000, page * 1000);
    if (rows.length === 0) return;
    yield await viewOf(db, rows);
    if (rows.length < 1000) return;
  }
}
