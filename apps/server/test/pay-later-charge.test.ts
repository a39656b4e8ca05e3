/**
 * 货到付款 after payment: refunds before the charge (a picker's out-of-stock, a stopped line, a
 * cancel, and their undos) move no balance and change only what is due; the delivery charges the
 * balance once (a retried delivery is refused and charges nothing); a short balance gets a 货到付款
 * replenish request (BILLED) that, paid from the balance or by Alipay, settles the order (CHARGED);
 * refunds after the charge go to the balance. The ledger and the tab counters stay true throughout.
 */
import { ErrorCode } from '@dropship/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { refundOrderMoney } from '../src/modules/dropship-orders/pay/order-refund.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { assignItems } from '../src/modules/take-assignment/assign.service.js';
import { takeItems } from '../src/modules/take-assignment/take-items.table.js';
import { expectCountsTrue, RECEIVER } from './dropship-orders-support.js';
import { notifyFields, PAY_PASSWORD, postNotify } from './funds-payments-support.js';
import type { Session } from './helpers.js';
import { entriesOfOrder, nextKey, notesOf, orderOf, payLaterCalls, replenishOfOrder } from './pay-later-support.js';
import { type PickingWorld, startPickingWorld } from './picking-support.js';
import { setTakeStatus, WAREHOUSE } from './warehouse-support.js';

let w: PickingWorld;
const c = payLaterCalls(() => w);
const db = () => w.t.database.db;
const mark = (s: Session, body: Record<string, unknown>) => c.post('/api/b2/purchaser/picking/mark', s, body);
const undo = (s: Session, takeItemIds: number[]) => c.post('/api/b2/purchaser/assigned/cancelTook', s, { takeItemIds });
const yuan = (fen: number) => (fen / 100).toFixed(2);

async function takeItemsOf(orderId: number) {
  return db().select().from(takeItems).where(eq(takeItems.orderId, orderId)).orderBy(asc(takeItems.id));
}

beforeAll(async () => {
  w = await startPickingWorld();
  await c.enable();
  await c.limit(10_000_000);
});
afterAll(() => w?.t.close());

describe('refunds before the charge', () => {
  it('a picker’s out-of-stock, a stopped line and their undos move no balance and change what is due', async () => {
    const o = await c.placed([{ costFen: 2000 }, { costFen: 1000, quantity: 2 }, { costFen: 500 }]);
    expect((await c.payLater([o.id])).errorCode).toBe(0);
    const [lack, stop] = await takeItemsOf(o.id);
    await assignItems(db(), w.mainCaller, [lack?.id as number], w.pickerA.userId);
    const start = await c.available();
    const used = (await c.credit()).data.usedFen;

    expect((await mark(w.pickerA, { takeItemIds: [lack?.id], result: 'E_LACK_TAKING' })).errorCode).toBe(0);
    expect((await orderOf(db(), o.id)).refundedFen).toBe(2000);
    expect((await notesOf(db(), o.id)).at(-1)?.note).toContain('货到付款订单，应付金额减少 ¥20.00');

    const stopped = await c.post<{ results: { ok: boolean; message: string; refundFen: number }[] }>('/api/b2/post/orders/item/stop', w.seller, {
      itemIds: [stop?.orderItemId],
    });
    expect(stopped.data.results[0]).toMatchObject({ ok: true, refundFen: 0, message: '货到付款订单，应付金额减少 ¥20.00' });
    expect((await orderOf(db(), o.id)).refundedFen).toBe(4000);
    expect(await c.available()).toBe(start);
    expect(await entriesOfOrder(db(), o.id)).toEqual([]);
    expect((await c.credit()).data.usedFen).toBe(used - 4000);

    // Undoing both puts the money back on what is due, still without touching the balance.
    expect((await undo(w.pickerA, [lack?.id as number])).errorCode).toBe(0);
    const revoked = await c.post<{ results: { ok: boolean; message: string }[] }>('/api/b2/post/orders/item/revokeStop', w.seller, {
      itemIds: [stop?.orderItemId],
    });
    expect(revoked.data.results[0]).toMatchObject({ ok: true, message: '货到付款订单，应付金额增加 ¥20.00' });
    expect((await orderOf(db(), o.id)).refundedFen).toBe(0);
    expect(await c.available()).toBe(start);
    expect((await c.credit()).data.usedFen).toBe(used);
    expect((await checkLedger(db(), w.sellerOrg)).mismatches).toEqual([]);
    await expectCountsTrue(db(), w.sellerOrg);
  });

  it('a cancelled DUE order owes nothing and leaves the credit; nothing comes to the balance', async () => {
    const o = await c.placed();
    expect((await c.payLater([o.id])).errorCode).toBe(0);
    const start = await c.available();
    const used = (await c.credit()).data.usedFen;
    const r = await c.post<{ results: { ok: boolean; message: string; refundFen: number }[] }>('/api/b2/post/orders/cancel', w.seller, {
      orderIds: [o.id],
      reason: '买家不要了',
    });
    expect(r.data.results[0]).toMatchObject({ ok: true, refundFen: 0, message: '已取消，货到付款订单无需付款' });
    expect(await orderOf(db(), o.id)).toMatchObject({ status: 'CANCELED', payLaterState: null, refundedFen: o.totalFen, payMethod: 'PAY_LATER' });
    expect(await c.available()).toBe(start);
    expect((await c.credit()).data.usedFen).toBe(used - o.totalFen);
    expect((await notesOf(db(), o.id)).at(-1)?.note).toContain(`货到付款订单，应付金额减少 ¥${yuan(o.totalFen)}`);
  });
});

describe('the charge at delivery', () => {
  it('takes what is due from the balance once; a retried delivery is refused and takes nothing', async () => {
    const o = await c.placed([{ costFen: 2000 }, { costFen: 1500 }]);
    expect((await c.payLater([o.id])).errorCode).toBe(0);
    const [, second] = await takeItemsOf(o.id);
    await c.post('/api/b2/post/orders/item/stop', w.seller, { itemIds: [second?.orderItemId] });
    const due = o.totalFen - 1500;
    const start = await c.available();
    await c.deliver(o.id);
    expect(await orderOf(db(), o.id)).toMatchObject({ status: 'DELIVERED', payLaterState: 'CHARGED' });
    expect(await c.available()).toBe(start - due);
    expect(await entriesOfOrder(db(), o.id)).toEqual([
      { transaction_type: 'ORDER', purpose: 'GOODS_PAY_LATER', available_delta_fen: -due, request_key: `order:${o.orderNo}` },
    ]);
    await expect(c.deliver(o.id)).rejects.toMatchObject({ errorCode: ErrorCode.DELIVER_NOT_ALLOWED });
    expect(await c.available()).toBe(start - due);
    expect((await notesOf(db(), o.id)).at(-1)).toEqual({ operation: 'PAY_LATER', note: `发货时从余额扣款 ¥${yuan(due)}` });
    const page = await c.post<{ list: { id: number; payLaterState: string | null }[] }>('/api/b2/post/orders/page', w.seller, { pageNo: 1, pageSize: 50 });
    expect(page.data.list.find((x) => x.id === o.id)?.payLaterState).toBe('CHARGED');

    // After the charge a refund goes to the balance as for any paid order.
    const charged = await orderOf(db(), o.id);
    await db().transaction(async (tx) => {
      const back = await refundOrderMoney(tx as unknown as Db, charged, 100, nextKey('after-charge'), '售后退款');
      expect(back).toMatchObject({ toBalance: true, fen: 100 });
    });
    expect(await c.available()).toBe(start - due + 100);
  });

  it('is made by the warehouse’s own shipping: the last scan ships the order and charges it', async () => {
    expect((await c.post('/api/b2/purchaser/warehouse/setting', w.main, WAREHOUSE)).errorCode).toBe(0);
    // Its own receiver: the warehouse would otherwise hold it to merge with the other orders to 林晓.
    const o = await c.placed([{ costFen: 3000 }], { ...RECEIVER, name: '陈晨', phone: '13800138123' });
    expect((await c.payLater([o.id])).errorCode).toBe(0);
    const start = await c.available();
    const [item] = await takeItemsOf(o.id);
    await setTakeStatus(db(), item?.takeCode as string, 'TOOK');
    const scanned = await c.post<{ outcome: string }>('/api/b2/purchaser/warehouse/scan', w.main, { takeCode: item?.takeCode });
    expect(scanned.data.outcome, scanned.errorMsg).toBe('SHIPPED');
    expect(await orderOf(db(), o.id)).toMatchObject({ status: 'DELIVERED', payLaterState: 'CHARGED' });
    expect(await c.available()).toBe(start - o.totalFen);
  });

  it('a short balance gets a 货到付款 replenish request (BILLED); paying it from the balance settles the order', async () => {
    const o = await c.placed();
    expect((await c.payLater([o.id])).errorCode).toBe(0);
    await c.setAvailable(o.totalFen - 1);
    const used = (await c.credit()).data.usedFen;
    await c.deliver(o.id);
    const row = await orderOf(db(), o.id);
    const [bill] = await replenishOfOrder(db(), o.orderNo);
    expect(bill).toMatchObject({ status: 'WAITING_PAYMENT', purpose: 'GOODS_PAY_LATER' });
    expect(Number(bill?.amount_fen)).toBe(o.totalFen);
    expect(bill?.reason).toContain('货到付款');
    expect(row).toMatchObject({ status: 'DELIVERED', payLaterState: 'BILLED', payLaterReplenishId: bill?.id });
    expect(await c.available()).toBe(o.totalFen - 1);
    expect((await c.credit()).data.usedFen).toBe(used);

    // A refund while the bill waits goes to the balance; the bill stays what the seller owes.
    await db().transaction(async (tx) => {
      await refundOrderMoney(tx as unknown as Db, row, 50, nextKey('billed'), '售后退款');
    });
    expect(await c.available()).toBe(o.totalFen + 49);

    const paid = await c.post('/api/b2/funds/replenish/pay', w.seller, {
      ids: [bill?.id],
      payMethod: 'BALANCE',
      payPassword: PAY_PASSWORD,
      requestKey: nextKey(),
    });
    expect(paid.errorCode, paid.errorMsg).toBe(0);
    expect((await orderOf(db(), o.id)).payLaterState).toBe('CHARGED');
    expect(await c.available()).toBe(49);
    expect((await c.credit()).data.usedFen).toBe(used - o.totalFen);
    expect((await notesOf(db(), o.id)).at(-1)?.note).toBe(`补款单 ${bill?.id} 已支付，货到付款已结清`);
    await c.setAvailable(10_000_000);
  });

  it('a bill paid by Alipay settles the order too', async () => {
    const o = await c.placed();
    expect((await c.payLater([o.id])).errorCode).toBe(0);
    await c.setAvailable(0);
    await c.deliver(o.id);
    const [bill] = await replenishOfOrder(db(), o.orderNo);
    const r = await c.post<{ alipay: { outTradeNo: string } }>('/api/b2/funds/replenish/pay', w.seller, {
      ids: [bill?.id],
      payMethod: 'ALIPAY_WEB',
      requestKey: nextKey(),
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect((await postNotify(w.t, w.t.signAsAlipay(notifyFields(r.data.alipay.outTradeNo, yuan(o.totalFen))))).body).toBe('success');
    expect((await orderOf(db(), o.id)).payLaterState).toBe('CHARGED');
    expect((await replenishOfOrder(db(), o.orderNo))[0]?.status).toBe('PAID');
    expect(await c.available()).toBe(0);
    expect((await checkLedger(db(), w.sellerOrg)).mismatches).toEqual([]);
    await expectCountsTrue(db(), w.sellerOrg);
    await c.setAvailable(10_000_000);
  });
});
