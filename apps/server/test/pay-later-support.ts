/**
 * Shared by the 货到付款 test files: the picking world (seller funded, purchaser with pickers)
 * with the service switched on at a chosen credit limit, orders placed and paid on credit, the
 * delivery as the warehouse makes it (deliverOrder in its own transaction), and readers of what
 * the order and the money look like.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { deliverOrder } from '../src/modules/dropship-orders/fulfilment/deliver.service.js';
import { savePlatformPrices } from '../src/modules/fulfilment-settings/fulfilment-settings.service.js';
import { balanceOf, moveMoney } from '../src/modules/funds/ledger/ledger.service.js';
import { draftOf, type LineSpec, linkedShopOrder, RECEIVER } from './dropship-orders-support.js';
import { callers, PAY_PASSWORD } from './funds-payments-support.js';
import type { Session } from './helpers.js';
import type { PickingWorld } from './picking-support.js';

let seq = 0;
export const nextKey = (prefix = 'pay-later') => `${prefix}-${Date.now()}-${++seq}`;

export function payLaterCalls(w: () => PickingWorld) {
  const { get, post } = callers(() => w().t);
  const db = () => w().t.database.db;
  return {
    get,
    post,
    db,
    /** Switches the seller's 货到付款 on (terms agreed) or off through the settings call. */
    async enable(on = true) {
      const r = await post('/api/b2/fulfilment/settings/setPayment', w().seller, { enabled: on, agreedTerms: on });
      expect(r.errorCode, r.errorMsg).toBe(0);
    },
    limit: (fen: number) => savePlatformPrices(db(), { speedDeliveryFeeFen: 300, payLaterCreditFen: fen }),
    /** A WAITING_PAYMENT order of the seller with these lines (and receiver); answers its id, number and total. */
    async placed(lines: LineSpec[] = [{ costFen: 3000 }], receiver = RECEIVER) {
      const so = await linkedShopOrder(db(), w().sellerOrg, lines, receiver);
      const r = await post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', w().seller, {
        orders: [draftOf(so.id, { receiver })],
      });
      expect(r.errorCode, r.errorMsg).toBe(0);
      const o = r.data.orders[0] as { id: number; orderNo: string };
      return { ...o, totalFen: (await orderOf(db(), o.id)).totalFen };
    },
    payLater: (orderIds: number[], requestKey = nextKey(), s?: Session) =>
      post<{ payMethod: string; amountFen: number; paid: boolean }>('/api/b2/post/orders/pay', s ?? w().seller, {
        orderIds,
        payMethod: 'PAY_LATER',
        payPassword: PAY_PASSWORD,
        requestKey,
      }),
    credit: (s?: Session) =>
      get<{ enabled: boolean; limitFen: number; usedFen: number; leftFen: number }>('/api/b2/post/orders/payLater/credit', s ?? w().seller),
    available: async () => (await balanceOf(db(), w().sellerOrg)).available,
    /** Test setup: moves the seller's available balance to exactly `fen` through the ledger. */
    async setAvailable(fen: number) {
      const delta = fen - (await balanceOf(db(), w().sellerOrg)).available;
      if (delta !== 0) {
        await moveMoney(db(), { orgId: w().sellerOrg, transactionType: 'OTHER', purpose: 'OTHER', availableDeltaFen: delta, requestKey: nextKey('test-set') });
      }
    },
    /** The warehouse's delivery of the order (what ship and hand-over call), in its own transaction. */
    deliver: (orderId: number) =>
      db().transaction((tx) =>
        deliverOrder(tx as unknown as Db, w().t.app.jobs, { purchaserOrgId: w().purchaserOrg, userId: w().main.userId }, w().sellerOrg, orderId, {
          courierCode: 'ZTO',
          courierName: '中通快递',
          // 14 digits that differ per call (a slice of Date.now() would repeat within a second).
          trackingNo: `7800${String(Date.now() % 1e7).padStart(7, '0')}${String(++seq % 1000).padStart(3, '0')}`,
        }),
      ),
  };
}

export async function orderOf(db: Db, id: number) {
  const [o] = await db.select().from(dropshipOrders).where(eq(dropshipOrders.id, id));
  if (!o) throw new Error(`order ${id} missing`);
  return o;
}

export async function notesOf(db: Db, orderId: number) {
  const rows = await queryRows<{ operation: string; note: string }>(
    db,
    sql`select operation, note from dropship_order_events where order_id = ${orderId} order by id`,
  );
  return rows;
}

/** The ledger entries linked to the order (what its detail's money list shows). */
export async function entriesOfOrder(db: Db, orderId: number) {
  const rows = await queryRows<{ transaction_type: string; purpose: string; available_delta_fen: string | number; request_key: string }>(
    db,
    sql`select e.transaction_type, e.purpose, e.available_delta_fen, e.request_key from dropship_order_entries l
        join ledger_entries e on e.id = l.entry_id where l.order_id = ${orderId} order by e.id`,
  );
  // node-postgres answers bigint as text, PGlite as a number.
  return rows.map((r) => ({ ...r, available_delta_fen: Number(r.available_delta_fen) }));
}

export async function replenishOfOrder(db: Db, orderNo: string) {
  return queryRows<{ id: number; amount_fen: string | number; status: string; purpose: string; reason: string }>(
    db,
    sql`select r.id, r.amount_fen, r.status, d.purpose, r.reason from replenish_details d join replenish_requests r on r.id = d.replenish_id
        where d.order_no = ${orderNo} order by r.id`,
  );
}
