/**
 * Money and take items are locked in one order by every writer: the order, then the seller's account,
 * then take items and their rollup rows. A payment writes new take items' rollup rows after locking the
 * account; a picker's mark, its undo, and a seller's stop change a take item first and move money
 * after. Taken the other way round they deadlock on PostgreSQL (40P01, answered 系统异常) whenever
 * they meet on one rollup row: the shop's row of today, which every payment of today and every mark of
 * today's items share. Here they race round after round; every call must answer, none with a 500.
 * (PGlite runs one statement at a time: there it checks the money only.)
 */
import type { OperationResult, PickOutcomeResult } from '@dropship/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, linkedShopOrder } from './dropship-orders-support.js';
import { balance, callers, PAY_PASSWORD } from './funds-payments-support.js';
import { type PickingWorld, paidAssigned, startPickingWorld } from './picking-support.js';

let w: PickingWorld;
const db = () => w.t.database.db;
const { post } = callers(() => w.t);
const ROUNDS = Number(process.env.LOCK_ORDER_ROUNDS) || 6;

beforeAll(async () => {
  w = await startPickingWorld();
});
afterAll(() => w?.t.close());

let key = 0;
/** A created, unpaid order of the seller's shop, and its payment (not sent yet). */
async function payLater() {
  const so = await linkedShopOrder(db(), w.sellerOrg, [{ costFen: 1200, quantity: 1 }]);
  const created = await post<{ orders: { id: number }[] }>('/api/b2/post/orders/create', w.seller, { orders: [draftOf(so.id)] });
  expect(created.errorCode, created.errorMsg).toBe(0);
  const id = created.data.orders[0]?.id as number;
  return () =>
    post('/api/b2/post/orders/pay', w.seller, { orderIds: [id], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: `lock-order-${++key}` });
}

describe('payments race marks, undos and stops of the same shop and day', () => {
  it('answers every call (no deadlock), and the money adds up', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const marked = await paidAssigned(w, [{ costFen: 2100, quantity: 1 }], w.pickerA);
      const undone = await paidAssigned(w, [{ costFen: 2300, quantity: 1 }], w.pickerA);
      const stopped = await paidAssigned(w, [{ costFen: 2500, quantity: 1 }], null);
      const undoId = undone.items[0]?.id as number;
      const first = await post<PickOutcomeResult>('/api/b2/purchaser/picking/mark', w.pickerA, { takeItemIds: [undoId], result: 'E_LACK_TAKING' });
      expect(first.errorCode, first.errorMsg).toBe(0);
      const [pay0, pay1, pay2] = [await payLater(), await payLater(), await payLater()];
      const before = await balance(db(), w.sellerOrg);
      const answers = await Promise.all([
        pay0(),
        post('/api/b2/purchaser/picking/mark', w.pickerA, { takeItemIds: [marked.items[0]?.id], result: 'E_LACK_TAKING' }),
        pay1(),
        post('/api/b2/purchaser/assigned/cancelTook', w.pickerA, { takeItemIds: [undoId] }),
        post('/api/b2/post/orders/item/stop', w.seller, { itemIds: [stopped.items[0]?.orderItemId] }),
        pay2(),
      ]);
      for (const a of answers) expect(a.errorCode, `round ${round}: ${a.errorMsg}`).toBe(0);
      // The stop answers per line: a deadlock there is a line refused with 系统异常.
      expect((answers[4].data as OperationResult).results.map((r) => [r.ok, r.message])).toEqual([[true, expect.any(String)]]);
      // Three payments of 12 yuan goods (and their fees) out; 21 back for the stock-out, 23 taken back by
      // the undo, 25 back for the stop.
      const after = await balance(db(), w.sellerOrg);
      const paidOut = before.available - after.available + 2100 - 2300 + 2500;
      expect(paidOut % 3, `round ${round}: three equal payments`).toBe(0);
      expect(paidOut).toBeGreaterThanOrEqual(3 * 1200);
    }
  });
});
