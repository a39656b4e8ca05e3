/**
 * 货到付款 (pay after delivery), paying: refused while the service is off or when the batch does
 * not fit into the credit left (nothing changed either way); accepted, the orders go to the
 * pickers like any paid order without a fen leaving the balance; the same request key again is a
 * success without change; of two concurrent payments that fit one but not both, exactly one wins.
 * The credit call: its numbers, its permission, and each tenant seeing only its own.
 */
import { ErrorCode } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { dropshipState, expectCountsTrue } from './dropship-orders-support.js';
import { expectBadRequest, PAY_PASSWORD, setPayPassword } from './funds-payments-support.js';
import { login } from './helpers.js';
import { nextKey, notesOf, orderOf, payLaterCalls } from './pay-later-support.js';
import { type PickingWorld, startPickingWorld } from './picking-support.js';
import { createSecondSeller, isChinese, PASSWORD } from './support.js';

let w: PickingWorld;
const c = payLaterCalls(() => w);
const db = () => w.t.database.db;

beforeAll(async () => {
  w = await startPickingWorld();
});
afterAll(() => w?.t.close());

describe('paying with 货到付款', () => {
  it('refuses bad input with a Chinese 400 naming the field, changing nothing', async () => {
    const o = await c.placed();
    const before = await dropshipState(db());
    expectBadRequest(
      await c.post('/api/b2/post/orders/pay', w.seller, { orderIds: [o.id], payMethod: 'PAY_LATER', requestKey: nextKey() }),
      /货到付款请输入支付密码/,
    );
    expectBadRequest(
      await c.post('/api/b2/post/orders/pay', w.seller, { orderIds: [o.id], payMethod: 'CREDIT', payPassword: PAY_PASSWORD, requestKey: nextKey() }),
      /支付方式/,
    );
    const wrong = await c.post('/api/b2/post/orders/pay', w.seller, { orderIds: [o.id], payMethod: 'PAY_LATER', payPassword: '147036', requestKey: nextKey() });
    expect(wrong.errorCode).toBe(ErrorCode.PAY_PASSWORD_WRONG);
    expect(await dropshipState(db())).toEqual(before);
  });

  it('is refused while the service is not enabled, and nothing changes', async () => {
    const o = await c.placed();
    const before = await dropshipState(db());
    const r = await c.payLater([o.id]);
    expect(r.errorCode).toBe(ErrorCode.PAY_LATER_NOT_ENABLED);
    expect(r.errorMsg).toContain('货到付款服务设置');
    expect(await dropshipState(db())).toEqual(before);
    expect((await c.credit()).data).toEqual({ enabled: false, limitFen: 0, usedFen: 0, leftFen: 0 });
  });

  it('is refused over the credit limit, saying what is left', async () => {
    await c.enable();
    const o = await c.placed();
    await c.limit(o.totalFen - 1);
    const before = await dropshipState(db());
    const r = await c.payLater([o.id]);
    expect(r.errorCode).toBe(ErrorCode.PAY_LATER_OVER_LIMIT);
    expect(r.errorMsg).toContain(`剩余 ¥${((o.totalFen - 1) / 100).toFixed(2)}`);
    expect(isChinese(r.errorMsg)).toBe(true);
    expect(await dropshipState(db())).toEqual(before);
  });

  it('pays on credit: the order goes to the pickers, no money moves, the credit is used; the same key again changes nothing', async () => {
    await c.limit(1_000_000);
    const o = await c.placed([{ costFen: 3000 }, { costFen: 1500, quantity: 2 }]);
    const start = await c.available();
    const key = nextKey();
    const r = await c.payLater([o.id], key);
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data).toMatchObject({ payMethod: 'PAY_LATER', amountFen: o.totalFen, paid: true });
    expect(await orderOf(db(), o.id)).toMatchObject({ status: 'WAITING_DELIVERING', payMethod: 'PAY_LATER', payLaterState: 'DUE', refundedFen: 0 });
    expect(await c.available()).toBe(start);
    const [takes] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from take_items where order_id = ${o.id}`);
    expect(takes?.n).toBe(2);
    expect((await notesOf(db(), o.id)).find((e) => e.operation === 'PAY')?.note).toContain('货到付款');
    expect((await c.credit()).data).toEqual({ enabled: true, limitFen: 1_000_000, usedFen: o.totalFen, leftFen: 1_000_000 - o.totalFen });

    const before = await dropshipState(db());
    const again = await c.payLater([o.id], key);
    expect(again.errorCode, again.errorMsg).toBe(0);
    expect(await dropshipState(db())).toEqual(before);
    const other = await c.payLater([o.id]);
    expect(other.errorCode).toBe(ErrorCode.DROPSHIP_NOT_PAYABLE);

    const detail = await c.get<{ payMethod: string; payLaterState: string }>(`/api/b2/post/orders/detail/${o.id}`, w.seller);
    expect(detail.data).toMatchObject({ payMethod: 'PAY_LATER', payLaterState: 'DUE' });
    const page = await c.post<{ list: { id: number; payLaterState: string | null }[] }>('/api/b2/post/orders/page', w.seller, { pageNo: 1, pageSize: 50 });
    expect(page.data.list.find((x) => x.id === o.id)?.payLaterState).toBe('DUE');
  });

  it('of two concurrent payments that fit one but not both, exactly one succeeds', async () => {
    const a = await c.placed();
    const b = await c.placed();
    const used = (await c.credit()).data.usedFen;
    await c.limit(used + Math.max(a.totalFen, b.totalFen) + Math.min(a.totalFen, b.totalFen) - 1);
    const [ra, rb] = await Promise.all([c.payLater([a.id]), c.payLater([b.id])]);
    expect([ra.errorCode, rb.errorCode].sort()).toEqual([0, ErrorCode.PAY_LATER_OVER_LIMIT].sort());
    const states = [(await orderOf(db(), a.id)).payLaterState, (await orderOf(db(), b.id)).payLaterState];
    expect(states.filter((s) => s === 'DUE')).toHaveLength(1);
    const credit = (await c.credit()).data;
    expect(credit.usedFen).toBeLessThanOrEqual(credit.limitFen);
    expect((await checkLedger(db(), w.sellerOrg)).mismatches).toEqual([]);
    await expectCountsTrue(db(), w.sellerOrg);
  });

  it('another tenant cannot pay the orders and sees only its own credit; a purchaser is refused', async () => {
    const o = await c.placed();
    const second = await createSecondSeller(db(), 'pl');
    const other = await login(w.t.app, second.username, PASSWORD);
    await setPayPassword(w.t, other, PASSWORD);
    expect((await c.payLater([o.id], nextKey(), other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await orderOf(db(), o.id)).status).toBe('WAITING_PAYMENT');
    expect((await c.credit(other)).data).toEqual({ enabled: false, limitFen: 0, usedFen: 0, leftFen: 0 });
    expect((await c.get('/api/b2/fulfilment/setPayment/credit', other)).data).toMatchObject({ usedFen: 0 });
    const mine = (await c.credit()).data;
    expect((await c.get('/api/b2/fulfilment/setPayment/credit', w.seller)).data).toEqual(mine);
    expect((await c.credit(w.main)).errorCode).toBe(ErrorCode.FORBIDDEN);
  });
});
