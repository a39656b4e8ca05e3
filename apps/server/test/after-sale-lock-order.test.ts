/**
 * After-sales take their locks in decision 0002's order: the order, then the seller's account, then
 * the counter rows. A seller's 仅退款 before shipping (the line stops, money moves) used to write the
 * new after-sale's counters first and lock the account after, while an intercept of a marketplace
 * refund of the same seller locks the account (the stop) and then writes its after-sale's counters:
 * on PostgreSQL the two deadlocked (40P01, answered 系统异常). Here they race round after round;
 * every call must answer, none with a 500. (PGlite runs one statement at a time: there it checks
 * the answers and the money only.)
 */
import type { NormalizedOrder } from '@dropship/channels';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { type PlatformRefundWorld, startPlatformRefundWorld } from './platform-refund-world.js';

let w: PlatformRefundWorld;
const ROUNDS = Number(process.env.LOCK_ORDER_ROUNDS) || 6;
/** Pairs racing in each round: one intercept and one seller's refund each. */
const PAIRS = 3;
const BASE = '/api/b2/aftersale/orders';

beforeAll(async () => {
  w = await startPlatformRefundWorld('锁序', '7824');
  // Marketplace refunds stay REFUNDING for the seller to intercept.
  expect((await w.post('/api/b2/fulfilment/settings/autoIntercept', { enabled: false, scope: 'LINES' })).errorCode).toBe(0);
}, 120_000);
afterAll(() => w?.close());

let key = 0;

describe("a seller's refunds before shipping race intercepts of the same seller", () => {
  it('answers every call (no deadlock), and the money adds up', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [intercepted, refunded] = [await w.freshWaitingOrders(PAIRS), await w.freshWaitingOrders(PAIRS)];
      // Paid one by one: six payments at once would reserve more pay-password tries than there are.
      const placed: Awaited<ReturnType<typeof w.placeAndPay>>[] = [];
      for (const o of [...intercepted, ...refunded]) placed.push(await w.placeAndPay(o));
      for (const o of intercepted) {
        const item = o.items[0] as NormalizedOrder['items'][number];
        w.emu.openRefund('TAOBAO', o.platformOrderId, { platformItemId: item.platformItemId, hasGoodReturn: false, reason: '不想要了' });
      }
      await w.sync();
      const ids = placed.slice(0, PAIRS).map((p) => p.id);
      const open = await queryRows<{ id: number }>(
        w.t.database.db,
        sql`select id::int from after_sales where order_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint) and status = 'REFUNDING'`,
      );
      expect(open).toHaveLength(PAIRS);
      const answers = await Promise.all([
        ...open.map((a) => w.post(`${BASE}/intercept`, { id: a.id, requestKey: `lock-order-${++key}` })),
        ...placed.slice(PAIRS).map((p) =>
          w.post(`${BASE}/apply`, {
            orderId: p.id,
            kind: 'REFUND_ONLY',
            reason: '不想要了',
            lines: p.lines.map((l) => ({ itemId: l.id, quantity: l.quantity })),
            requestKey: `lock-order-${++key}`,
          }),
        ),
      ]);
      expect(
        answers.map((a) => `${a.errorCode} ${a.errorMsg}`),
        `round ${round}`,
      ).toEqual(answers.map(() => '0 成功'));
    }
    expect((await checkLedger(w.t.database.db, w.orgId)).mismatches).toEqual([]);
  }, 300_000);
});
