/**
 * The replacement's goods money (decision 0026): a 换货补发 replacement is paid express + service fee only, its
 * goods by the money the stall kept for the exchange. Cancelled before taking, or after the picker's 缺货, the
 * seller gets the fees back from the order and the goods money (unit cost × quantity) as one PROXY_RETURN_GOODS
 * entry under the exchange's `as-return:<id>` key, linked to the after-sale, with a timeline event and a message;
 * the balance ends where it was before the replacement plus the goods money, and the ledger checks. A second
 * cancel is refused and the handler run again moves nothing; a cancelled ordinary order moves no goods money.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { afterSaleEvents, afterSales } from '../src/modules/after-sale/after-sale.table.js';
import { goodsBackOnReplacementCanceled } from '../src/modules/after-sale/exchange-goods-back.service.js';
import { users } from '../src/modules/auth/auth.table.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrderItems, dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { deliverOrder } from '../src/modules/dropship-orders/fulfilment/deliver.service.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { messages } from '../src/modules/messages/messages.table.js';
import { assignItems } from '../src/modules/take-assignment/assign.service.js';
import { takeItems } from '../src/modules/take-assignment/take-items.table.js';
import { draftOf, linkedShopOrder } from './dropship-orders-support.js';
import { balance, callers, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { snapshotCounts } from './support.js';

let t: FundsTestApp;
let seller: Session;
let purchaser: Session;
let picker: Session;
let orgId: number;
let purchaserOrgId: number;
let pickerId: number;
const { post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `exchange-back-key-${Date.now()}-${++keySeq}`;
const COST = 2800;

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  picker = await login(t.app, 'demo_picker');
  orgId = await orgOf(db(), seller);
  purchaserOrgId = await orgOf(db(), purchaser);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 1_000_000);
  const [p] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'demo_picker'));
  pickerId = p?.id as number;
});
afterAll(() => t?.close());

let seq = 0;
/** A paid order of one stall line (COST a piece). */
async function paidOrder(quantity: number) {
  const so = await linkedShopOrder(db(), orgId, [{ costFen: COST, quantity }]);
  const made = await post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', seller, { orders: [draftOf(so.id)] });
  expect(made.errorCode, made.errorMsg).toBe(0);
  const o = made.data.orders[0] as { id: number; orderNo: string };
  const paid = await post('/api/b2/post/orders/pay', seller, { orderIds: [o.id], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() });
  expect(paid.errorCode, paid.errorMsg).toBe(0);
  return o;
}

/** An exchange of `quantity` pieces the stall took `received` of back, and its replacement placed: both ids and what was paid. */
async function replaced(quantity: number, received: number) {
  const o = await paidOrder(quantity);
  const [row] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, o.id));
  const n = String(++seq).padStart(3, '0');
  await db().transaction((tx) =>
    deliverOrder(tx as unknown as Db, t.app.jobs, { purchaserOrgId: row?.purchaserOrgId as number, userId: null }, orgId, o.id, {
      courierCode: 'ZTO',
      courierName: '中通快递',
      trackingNo: `7844${String(Date.now() % 1e7).padStart(7, '0')}${n}`,
    }),
  );
  const [item] = await db().select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, o.id));
  const returnWaybillNo = `sf66${String(Date.now() % 1e7).padStart(7, '0')}${n}`;
  const applied = await post<{ ids: number[] }>('/api/b2/aftersale/orders/apply', seller, {
    orderId: o.id,
    kind: 'EXCHANGE',
    lines: [{ itemId: item?.id, quantity }],
    reason: '尺码不合适',
    returnCourierName: '顺丰速运',
    returnWaybillNo,
    requestKey: key(),
  });
  expect(applied.errorCode, applied.errorMsg).toBe(0);
  const id = applied.data.ids[0] as number;
  expect((await post('/api/b2/purchaser/offlineReturn/register', purchaser, { waybillNo: returnWaybillNo })).errorCode).toBe(0);
  const ins = await post<{ returnLineId: number }>('/api/b2/purchaser/offlineReturn/afterSale/inspect', purchaser, {
    id,
    result: 'QUALIFIED',
    receivedQuantity: received,
  });
  expect(ins.errorCode, ins.errorMsg).toBe(0);
  const lineId = ins.data.returnLineId;
  expect((await post('/api/b2/purchaser/offlineReturn/lines/assign', purchaser, { lineIds: [lineId], pickerUserId: pickerId })).errorCode).toBe(0);
  expect((await post('/api/b2/purchaser/offlineReturn/lines/returned', purchaser, { lineId })).errorCode).toBe(0);
  const before = (await balance(db(), orgId)).available;
  const r = await post<{ orderId: number; orderNo: string; totalFen: number }>('/api/b2/aftersale/orders/exchange/reship', seller, {
    id,
    payPassword: PAY_PASSWORD,
    requestKey: key(),
  });
  expect(r.errorCode, r.errorMsg).toBe(0);
  const [a] = await db().select().from(afterSales).where(eq(afterSales.id, id));
  return { a: a as typeof afterSales.$inferSelect, before, ...r.data };
}

const cancel = (orderId: number) =>
  post<{ results: { ok: boolean; message: string }[] }>('/api/b2/post/orders/cancel', seller, { orderIds: [orderId], reason: '换货补发不要了' });
const afterSale = async (id: number) => (await db().select().from(afterSales).where(eq(afterSales.id, id)))[0];
const goodsBackEntries = (afterSaleNo: string) =>
  db()
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.businessId, afterSaleNo)));
const ledgerOk = async () => expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
const counts = () => snapshotCounts(db(), { afterSales, afterSaleEvents, ledgerEntries, messages });

describe('换货补发 cancelled: the goods money the stall kept goes back to the seller', () => {
  it('cancelled before taking: the fees from the order, the goods money once under as-return:<id>, and nothing more on a repeat', async () => {
    const { a, before, orderId, orderNo } = await replaced(2, 2);
    expect((await balance(db(), orgId)).available).toBeLessThan(before);
    const done = await cancel(orderId);
    expect(done.data.results[0]?.ok, done.data.results[0]?.message).toBe(true);
    const goods = COST * 2;
    expect((await balance(db(), orgId)).available).toBe(before + goods);
    const entries = await goodsBackEntries(a.afterSaleNo);
    expect(entries.map((e) => [e.transactionType, e.availableDeltaFen, e.requestKey])).toEqual([['PROXY_RETURN_GOODS', goods, `as-return:${a.id}`]]);
    expect(await afterSale(a.id)).toMatchObject({ status: 'COMPLETE', refundedFen: goods, replacementOrderNo: orderNo });
    const events = await db().select().from(afterSaleEvents).where(eq(afterSaleEvents.afterSaleId, a.id));
    expect(events.filter((e) => e.operation === 'EXCHANGE_GOODS_BACK').map((e) => e.note.includes(orderNo))).toEqual([true]);
    const told = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.orgId, orgId), eq(messages.title, '换货货款已退回')));
    expect(told.filter((m) => m.content.includes(a.afterSaleNo))).toHaveLength(1);
    await ledgerOk();

    // A second cancel is refused, and the handler run again (a replayed hook) moves nothing.
    const s = await counts();
    const money = await balance(db(), orgId);
    const again = await cancel(orderId);
    expect(again.data.results[0]?.ok).toBe(false);
    await db().transaction((tx) => goodsBackOnReplacementCanceled(tx as unknown as Db, { sellerOrgId: orgId, orderId, why: 'CANCELED' }));
    expect(await counts()).toEqual(s);
    expect(await balance(db(), orgId)).toEqual(money);
  });

  it("after the picker's 缺货 (which gives back what is left of the fees), the cancel gives back the goods money the stall kept", async () => {
    const { a, before, orderId } = await replaced(3, 2);
    const [take] = await db().select().from(takeItems).where(eq(takeItems.orderId, orderId));
    await assignItems(
      db(),
      { userId: purchaser.userId, orgId: purchaserOrgId, orgType: 'purchaser', isMain: true, sessionId: 0 },
      [take?.id as number],
      pickerId,
    );
    const marked = await post('/api/b2/purchaser/picking/mark', picker, { takeItemIds: [take?.id], result: 'E_LACK_TAKING' });
    expect(marked.errorCode, marked.errorMsg).toBe(0);
    // Before the cancel the goods money is still with the stall: the order gave back only its own payment.
    expect((await goodsBackEntries(a.afterSaleNo)).length).toBe(0);
    expect((await balance(db(), orgId)).available).toBe(before);
    const done = await cancel(orderId);
    expect(done.data.results[0]?.ok, done.data.results[0]?.message).toBe(true);
    const goods = COST * 2;
    expect((await balance(db(), orgId)).available).toBe(before + goods);
    expect((await goodsBackEntries(a.afterSaleNo)).map((e) => e.availableDeltaFen)).toEqual([goods]);
    expect(await afterSale(a.id)).toMatchObject({ refundedFen: goods });
    await ledgerOk();
  });

  it('a cancelled ordinary order moves no goods money of any after-sale', async () => {
    const o = await paidOrder(1);
    const [paid] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, o.id));
    const s = await counts();
    const before = await balance(db(), orgId);
    expect((await cancel(o.id)).data.results[0]?.ok).toBe(true);
    const after = await counts();
    expect(after.afterSales).toBe(s.afterSales);
    expect(after.afterSaleEvents).toBe(s.afterSaleEvents);
    expect((await balance(db(), orgId)).available).toBe(before.available + (paid?.totalFen ?? 0));
    await ledgerOk();
  });
});
