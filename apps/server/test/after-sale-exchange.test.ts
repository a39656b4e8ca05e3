/**
 * 换货补发 (decision 0026, "Exchanges' replacement"): an exchange walked from the seller's application
 * through the warehouse's sign-in and inspection to the stall taking the goods back; then the seller
 * places and pays the replacement in one step (express + service fee only, one ledger entry, the goods
 * covered), whose take item waits at the original stall, is taken by a picker and shipped by the scan;
 * the original order shows 已换货. Refusals (wrong status, twice, wrong pay password, short balance, bad
 * input) change nothing; another tenant's after-sale is not found; the same request key is one order.
 */
import { ErrorCode, type WarehouseScanResult, type WarehouseShipResult } from '@dropship/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { afterSaleEvents, afterSales } from '../src/modules/after-sale/after-sale.table.js';
import { users } from '../src/modules/auth/auth.table.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrderItems, dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { deliverOrder } from '../src/modules/dropship-orders/fulfilment/deliver.service.js';
import { moveMoney } from '../src/modules/funds/index.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { messages } from '../src/modules/messages/messages.table.js';
import { assignItems } from '../src/modules/take-assignment/assign.service.js';
import { takeItems } from '../src/modules/take-assignment/take-items.table.js';
import { draftOf, linkedShopOrder, RECEIVER } from './dropship-orders-support.js';
import { balance, callers, expectBadRequest, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD, snapshotCounts } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let picker: Session;
let orgId: number;
let otherOrgId: number;
let purchaserOrgId: number;
let pickerId: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `exchange-test-key-${Date.now()}-${++keySeq}`;

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  picker = await login(t.app, 'demo_picker');
  const second = await createSecondSeller(db(), 'exr');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  otherOrgId = await orgOf(db(), other);
  purchaserOrgId = await orgOf(db(), purchaser);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 1_000_000);
  const [p] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'demo_picker'));
  pickerId = p?.id as number;
});
afterAll(() => t?.close());

let waybillSeq = 0;
/** A paid, delivered order of one stall line, and a 换货 on it with a return waybill. */
async function exchange(quantity = 2, s = seller, org = orgId) {
  const so = await linkedShopOrder(db(), org, [{ costFen: 2800, quantity }]);
  const made = await post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', s, { orders: [draftOf(so.id)] });
  expect(made.errorCode, made.errorMsg).toBe(0);
  const o = made.data.orders[0] as { id: number; orderNo: string };
  const paid = await post('/api/b2/post/orders/pay', s, { orderIds: [o.id], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() });
  expect(paid.errorCode, paid.errorMsg).toBe(0);
  const [row] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, o.id));
  const seq = String(++waybillSeq).padStart(3, '0');
  await db().transaction((tx) =>
    deliverOrder(tx as unknown as Db, t.app.jobs, { purchaserOrgId: row?.purchaserOrgId as number, userId: null }, org, o.id, {
      courierCode: 'ZTO',
      courierName: '中通快递',
      trackingNo: `7833${String(Date.now() % 1e7).padStart(7, '0')}${seq}`,
    }),
  );
  const [item] = await db().select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, o.id));
  const returnWaybillNo = `sf77${String(Date.now() % 1e7).padStart(7, '0')}${seq}`;
  const r = await post<{ ids: number[]; afterSaleNos: string[] }>('/api/b2/aftersale/orders/apply', s, {
    orderId: o.id,
    kind: 'EXCHANGE',
    lines: [{ itemId: item?.id, quantity }],
    reason: '尺码不合适',
    returnCourierName: '顺丰速运',
    returnWaybillNo,
    requestKey: key(),
  });
  expect(r.errorCode, r.errorMsg).toBe(0);
  return {
    id: r.data.ids[0] as number,
    afterSaleNo: r.data.afterSaleNos[0] as string,
    orderId: o.id,
    orderNo: o.orderNo,
    item: item as typeof dropshipOrderItems.$inferSelect,
    returnWaybillNo,
  };
}

/** The warehouse signs the return in, inspects it 合格 (`received` pieces) and the stall takes it back. */
async function stallTookBack(a: { id: number; returnWaybillNo: string }, received: number) {
  expect((await post('/api/b2/purchaser/offlineReturn/register', purchaser, { waybillNo: a.returnWaybillNo })).errorCode).toBe(0);
  const ins = await post<{ returnLineId: number }>('/api/b2/purchaser/offlineReturn/afterSale/inspect', purchaser, {
    id: a.id,
    result: 'QUALIFIED',
    receivedQuantity: received,
  });
  expect(ins.errorCode, ins.errorMsg).toBe(0);
  const lineId = ins.data.returnLineId;
  expect((await post('/api/b2/purchaser/offlineReturn/lines/assign', purchaser, { lineIds: [lineId], pickerUserId: pickerId })).errorCode).toBe(0);
  const done = await post('/api/b2/purchaser/offlineReturn/lines/returned', purchaser, { lineId });
  expect(done.errorCode, done.errorMsg).toBe(0);
}

type Quote = {
  receiver: { name: string; phone: string; province: string } | null;
  expressCode: string;
  quantity: number;
  quotes: { code: string; totalFen: number; expressFeeFen: number; serviceFeeFen: number }[];
  availableFen: number;
};
type Reshipped = { id: number; afterSaleNo: string; orderId: number; orderNo: string; totalFen: number };
const quote = (id: number, s = seller) => post<Quote>('/api/b2/aftersale/orders/exchange/quote', s, { id });
const reship = (id: number, extra: Record<string, unknown> = {}, s = seller) =>
  post<Reshipped>('/api/b2/aftersale/orders/exchange/reship', s, { id, payPassword: PAY_PASSWORD, requestKey: key(), ...extra });
const row = async (id: number) => (await db().select().from(afterSales).where(eq(afterSales.id, id)))[0];
const TABLES = { afterSales, afterSaleEvents, ledgerEntries, dropshipOrders, takeItems };
const counts = () => snapshotCounts(db(), TABLES);
const ledgerOk = async () => expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);

describe('换货补发', () => {
  it('places and pays the replacement (fees only, once), a picker takes it at the same stall, the scan ships it, the original shows 已换货', async () => {
    const a = await exchange(2);
    // Before the stall took the goods back: refused, nothing changed.
    const early = await reship(a.id);
    expect(early.errorCode).toBe(ErrorCode.AFTER_SALE_EXCHANGE_NOT_RESHIPPABLE);
    expect((await get<{ actions: string[] }>(`/api/b2/aftersale/orders/detail?id=${a.id}`, seller)).data.actions).not.toContain('EXCHANGE_RESHIP');

    await stallTookBack(a, 1);
    expect(await row(a.id)).toMatchObject({ status: 'COMPLETE', returnStatus: 'FACTORY_RETURNED', refundedFen: 0, replacementOrderId: null });
    const told = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.orgId, orgId), eq(messages.title, '换货待补发')));
    expect(told.some((m) => m.content.includes(a.afterSaleNo) && m.content.includes('换货补发'))).toBe(true);
    const detail = await get<{ actions: string[] }>(`/api/b2/aftersale/orders/detail?id=${a.id}`, seller);
    expect(detail.data.actions).toContain('EXCHANGE_RESHIP');

    const q = await quote(a.id);
    expect(q.errorCode, q.errorMsg).toBe(0);
    expect(q.data).toMatchObject({ expressCode: 'ZTO', quantity: 1, receiver: { name: RECEIVER.name, phone: RECEIVER.phone, province: RECEIVER.province } });
    const zto = q.data.quotes.find((x) => x.code === 'ZTO');
    expect(zto?.totalFen).toBe((zto?.expressFeeFen ?? 0) + (zto?.serviceFeeFen ?? 0));

    const before = await balance(db(), orgId);
    const requestKey = key();
    const [r, twin] = await Promise.all([reship(a.id, { requestKey }), reship(a.id, { requestKey })]);
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(twin.data?.orderId).toBe(r.data.orderId);
    expect((await reship(a.id, { requestKey })).data.orderNo).toBe(r.data.orderNo);
    expect(r.data.totalFen).toBe(zto?.totalFen);
    expect((await balance(db(), orgId)).available).toBe(before.available - r.data.totalFen);
    const paidEntries = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.businessId, r.data.orderNo)));
    expect(paidEntries.map((e) => e.availableDeltaFen)).toEqual([-r.data.totalFen]);

    expect(await row(a.id)).toMatchObject({ status: 'COMPLETE', replacementOrderId: r.data.orderId, replacementOrderNo: r.data.orderNo });
    const events = await db().select().from(afterSaleEvents).where(eq(afterSaleEvents.afterSaleId, a.id));
    expect(events.filter((e) => e.operation === 'EXCHANGE_RESHIP').map((e) => e.note.includes(r.data.orderNo))).toEqual([true]);
    const [original] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, a.orderId));
    expect(original).toMatchObject({ afterSaleStatus: 'TOOK_EXCHANGE', combinedStatus: 'TOOK_EXCHANGE' });

    const order = await get<{
      source: string;
      status: string;
      goodsFen: number;
      items: { stallName: string; artNo: string; color: string; size: string; quantity: number; unitCostFen: number; takeStatus: string }[];
    }>(`/api/b2/post/orders/detail/${r.data.orderId}`, seller);
    expect(order.data).toMatchObject({ source: 'AFTER_SALE_EXCHANGE', status: 'WAITING_DELIVERING', goodsFen: 0 });
    const { item } = a;
    expect(order.data.items.map((i) => [i.stallName, i.artNo, i.color, i.size, i.quantity, i.unitCostFen])).toEqual([
      [item.stallName, item.artNo, item.color, item.size, 1, item.unitCostFen],
    ]);
    const takes = await db().select().from(takeItems).where(eq(takeItems.orderId, r.data.orderId));
    expect(takes.map((x) => [x.takingStatus, x.stallName, x.artNo, x.color, x.size, x.quantity])).toEqual([
      ['WAITING_TAKING', item.stallName, item.artNo, item.color, item.size, 1],
    ]);

    // A picker takes it at the stall at its original price; the warehouse's scan ships it.
    const take = takes[0] as typeof takeItems.$inferSelect;
    await assignItems(db(), { userId: purchaser.userId, orgId: purchaserOrgId, orgType: 'purchaser', isMain: true, sessionId: 0 }, [take.id], pickerId);
    const marked = await post('/api/b2/purchaser/picking/mark', picker, { takeItemIds: [take.id], result: 'TOOK', priceFen: item.unitCostFen });
    expect(marked.errorCode, marked.errorMsg).toBe(0);
    const scan = await post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', purchaser, { takeCode: take.takeCode });
    expect(scan.errorCode, scan.errorMsg).toBe(0);
    if (scan.data.outcome === 'READY') {
      const shipped = await post<WarehouseShipResult>('/api/b2/purchaser/warehouse/ship', purchaser, { orderId: r.data.orderId });
      expect(shipped.errorCode, shipped.errorMsg).toBe(0);
    }
    const [sent] = await queryRows<{ status: string }>(db(), sql`select status from dropship_orders where id = ${r.data.orderId}`);
    expect(sent?.status).toBe('DELIVERED');
    await ledgerOk();
  });

  it('refuses a second replacement, a wrong pay password, a short balance, bad input and another tenant, changing nothing', async () => {
    const a = await exchange(1);
    await stallTookBack(a, 1);
    const before = await counts();
    const wrongPass = await reship(a.id, { payPassword: '000000' });
    expect(wrongPass.errorCode).not.toBe(0);
    expectBadRequest(await reship(a.id, { payPassword: undefined }), /请输入支付密码/);
    expectBadRequest(await reship(a.id, { receiver: { ...RECEIVER, phone: '12' } }), /收货人手机号/);
    expect((await reship(a.id, { expressCode: 'NOPE' })).errorMsg).toMatch(/快递（NOPE）暂不可用/);
    expect((await reship(a.id, {}, other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await quote(a.id, other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await counts()).toEqual(before);
    // Short balance: the seller's money taken out for the moment (by the ledger), then put back.
    const { available } = await balance(db(), orgId);
    await moveMoney(db(), { orgId, transactionType: 'OTHER', purpose: 'OTHER', availableDeltaFen: -available, requestKey: key() });
    const drained = await counts();
    const short = await reship(a.id);
    expect(short.errorCode).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect(short.errorMsg).toMatch(/可用余额不足.*补发/);
    expect(await counts()).toEqual(drained);
    await fund(db(), orgId, available);
    expect((await row(a.id))?.replacementOrderId).toBeNull();

    const first = await reship(a.id);
    expect(first.errorCode, first.errorMsg).toBe(0);
    const afterFirst = await counts();
    const second = await reship(a.id);
    expect(second.errorCode).toBe(ErrorCode.AFTER_SALE_EXCHANGE_ALREADY_RESHIPPED);
    expect(second.errorMsg).toContain(first.data.orderNo);
    expect(await counts()).toEqual(afterFirst);
    expect(otherOrgId).not.toBe(orgId);
    await ledgerOk();
  });
});
