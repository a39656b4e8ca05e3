/**
 * After-sales asked by the seller (申请售后): refund-only before shipping stops the line and refunds
 * its goods money exactly once through the ledger; after shipping refund-only completes with nothing
 * back and return / exchange wait for the return parcel; cancel and the return waybill; the dropship
 * order's combined status follows the open after-sales (and its tab counters stay true); bad input,
 * forbidden moves and another tenant's ids refused in Chinese, changing nothing; two requests on
 * one line at once make one after-sale; the list's filters and tab counts, the detail, the export
 * and the quick query.
 */
import { type AfterSaleDetail, AfterSalePageBody, type AfterSalePageResult, ErrorCode, type QuickQueryResult } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { afterSaleEntries, afterSaleEvents, afterSales } from '../src/modules/after-sale/after-sale.table.js';
import { pageAfterSales } from '../src/modules/after-sale/list.service.js';
import { recountStatuses } from '../src/modules/after-sale/status-counts.repository.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrderItems, dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { deliverOrder } from '../src/modules/dropship-orders/fulfilment/deliver.service.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { problemParcels } from '../src/modules/problem-parcel/problem-parcel.table.js';
import type { Caller } from '../src/plugins/auth.js';
import { draftOf, dropshipState, expectCountsTrue, type LineSpec, linkedShopOrder } from './dropship-orders-support.js';
import {
  balance,
  callers,
  expectBadRequest,
  type FundsTestApp,
  fund,
  orgOf,
  PAY_PASSWORD,
  readXlsx,
  setPayPassword,
  startFundsApp,
} from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { call, createSecondSeller, PASSWORD, snapshotCounts } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let orgId: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `as-test-key-${++keySeq}`;
const BASE = '/api/b2/aftersale/orders';

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  const second = await createSecondSeller(db(), 'as');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 1_000_000);
});
afterAll(() => t?.close());

interface Placed {
  id: number;
  orderNo: string;
  platformOrderId: string;
  items: { id: number; quantity: number; unitCostFen: number }[];
}

async function placed(lines: LineSpec[]): Promise<Placed> {
  const so = await linkedShopOrder(db(), orgId, lines);
  const r = await post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', seller, { orders: [draftOf(so.id)] });
  expect(r.errorCode, r.errorMsg).toBe(0);
  const o = r.data.orders[0] as { id: number; orderNo: string };
  const items = await db().select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, o.id)).orderBy(dropshipOrderItems.lineNo);
  return { ...o, platformOrderId: so.platformOrderId, items: items.map((i) => ({ id: i.id, quantity: i.quantity, unitCostFen: i.unitCostFen })) };
}
async function paid(lines: LineSpec[]) {
  const o = await placed(lines);
  const r = await post('/api/b2/post/orders/pay', seller, { orderIds: [o.id], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() });
  expect(r.errorCode, r.errorMsg).toBe(0);
  return o;
}
let waybillSeq = 0;
async function delivered(lines: LineSpec[]) {
  const o = await paid(lines);
  const [row] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, o.id));
  const trackingNo = `7811${String(Date.now() % 1e7).padStart(7, '0')}${String(++waybillSeq).padStart(3, '0')}`;
  await db().transaction((tx) =>
    deliverOrder(tx as unknown as Db, t.app.jobs, { purchaserOrgId: row?.purchaserOrgId as number, userId: null }, orgId, o.id, {
      courierCode: 'ZTO',
      courierName: '中通快递',
      trackingNo,
    }),
  );
  return { ...o, trackingNo };
}

type ApplyAnswer = { ids: number[]; afterSaleNos: string[] };
const apply = (body: Record<string, unknown>, s: Session = seller) =>
  post<ApplyAnswer>(`${BASE}/apply`, s, { reason: '买家不想要了', requestKey: key(), ...body });
const row = async (id: number) => (await db().select().from(afterSales).where(eq(afterSales.id, id)))[0];
const order = async (id: number) => (await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, id)))[0];
const detail = (id: number, s: Session = seller) => get<AfterSaleDetail>(`${BASE}/detail?id=${id}`, s);
const available = async () => (await balance(db(), orgId)).available;
const TABLES = { afterSales, afterSaleEvents, afterSaleEntries, ledgerEntries };
const everything = async () => ({ ...(await dropshipState(db())), ...(await snapshotCounts(db(), TABLES)) });

describe('refund-only before shipping', () => {
  it('stops the whole line and refunds its goods money once, by the ledger; the same request key answers the first result', async () => {
    const o = await paid([{ costFen: 4500 }, { costFen: 3851, quantity: 3 }]);
    const line = o.items[1] as Placed['items'][number];
    const before = await available();
    const requestKey = key();
    const r = await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: line.id, quantity: 3 }], requestKey });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.afterSaleNos[0]).toMatch(/^AS\d{14}$/);
    const a = await row(r.data.ids[0] as number);
    expect(a).toMatchObject({
      source: 'SELLER',
      type: 'REFUND_UNDELIVERY',
      status: 'COMPLETE',
      returnStatus: null,
      quantity: 3,
      refundFen: 11553,
      refundedFen: 11553,
    });
    expect(a?.finishedAt).not.toBeNull();
    expect(await available()).toBe(before + 11553);
    const [l] = await db().select().from(dropshipOrderItems).where(eq(dropshipOrderItems.id, line.id));
    expect(l).toMatchObject({ takeStatus: 'E_STOP_TAKING', refundedFen: 11553 });
    // The order shows its own status again (nothing open), its counters true.
    expect((await order(o.id))?.combinedStatus).toBe('WAITING_TAKING');
    expect((await order(o.id))?.afterSaleStatus).toBeNull();
    await expectCountsTrue(db(), orgId);
    const d = await detail(a?.id as number);
    expect(d.data.money).toEqual([expect.objectContaining({ type: 'REFUND', amountFen: 11553 })]);
    expect(d.data.timeline.map((e) => [e.operation, e.fromStatus, e.toStatus])).toEqual([
      ['APPLY', null, 'REFUNDING'],
      ['STOP_REFUND', 'REFUNDING', 'COMPLETE'],
    ]);
    expect(d.data.actions).toEqual([]);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);

    const state = await everything();
    const again = await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: line.id, quantity: 3 }], requestKey });
    expect(again.data).toEqual(r.data);
    expect(await everything()).toEqual(state);
    // The whole line is in the after-sale: nothing is left to ask for.
    const none = await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: line.id, quantity: 3 }] });
    expect(none.errorCode).toBe(ErrorCode.AFTER_SALE_QUANTITY_TOO_LARGE);
    expect(none.errorMsg).toMatch(/还能售后0件/);
    // A line the seller stopped by hand is refused by the stop itself: nothing made, nothing refunded twice.
    const first = o.items[0]?.id as number;
    expect((await post('/api/b2/post/orders/item/stop', seller, { itemIds: [first] })).errorCode).toBe(0);
    const stopped = await everything();
    const refused = await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: first, quantity: 1 }] });
    expect(refused.errorCode).toBe(ErrorCode.DROPSHIP_ITEM_NOT_STOPPABLE);
    expect(refused.errorMsg).toMatch(/不能停止拿货/);
    expect(await everything()).toEqual(stopped);
  });

  it('refuses what the order does not allow, with a Chinese reason, changing nothing', async () => {
    const unpaid = await placed([{ costFen: 4500 }]);
    const o = await paid([{ costFen: 4500, quantity: 2 }, { costFen: 2000 }]);
    const elsewhere = await paid([{ costFen: 1000 }]);
    const [a, b] = o.items as [Placed['items'][number], Placed['items'][number]];
    const before = await everything();
    const refused: [Record<string, unknown>, number, RegExp][] = [
      [{ orderId: unpaid.id, kind: 'REFUND_ONLY', lines: [{ itemId: unpaid.items[0]?.id, quantity: 1 }] }, ErrorCode.AFTER_SALE_ORDER_NOT_ALLOWED, /尚未支付/],
      [{ orderId: o.id, kind: 'RETURN_REFUND', lines: [{ itemId: a.id, quantity: 2 }] }, ErrorCode.AFTER_SALE_NOT_SHIPPED, /还没有发货/],
      [{ orderId: o.id, kind: 'EXCHANGE', lines: [{ itemId: a.id, quantity: 2 }] }, ErrorCode.AFTER_SALE_NOT_SHIPPED, /换货/],
      [{ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: a.id, quantity: 1 }] }, ErrorCode.AFTER_SALE_PART_BEFORE_SHIPPING, /整行停止拿货.*改为2/],
      [{ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: a.id, quantity: 3 }] }, ErrorCode.AFTER_SALE_QUANTITY_TOO_LARGE, /下单2件，还能售后2件/],
      [
        { orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: elsewhere.items[0]?.id, quantity: 1 }] },
        ErrorCode.AFTER_SALE_ITEM_NOT_IN_ORDER,
        /不属于该订单/,
      ],
      [
        {
          orderId: o.id,
          kind: 'REFUND_ONLY',
          lines: [
            { itemId: b.id, quantity: 1 },
            { itemId: b.id, quantity: 1 },
          ],
        },
        ErrorCode.AFTER_SALE_DUPLICATE_LINE,
        /只能出现一次/,
      ],
    ];
    for (const [body, code, message] of refused) {
      const r = await apply(body);
      expect(r.errorCode, JSON.stringify(body)).toBe(code);
      expect(r.errorMsg).toMatch(message);
    }
    expectBadRequest(await post(`${BASE}/apply`, seller, {}), /请/);
    expectBadRequest(await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [] }), /请至少选择一行商品/);
    expectBadRequest(await apply({ orderId: o.id, kind: 'REFUND', lines: [{ itemId: b.id, quantity: 1 }] }), /售后类型只能是/);
    expectBadRequest(await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: b.id, quantity: 0 }] }), /售后数量至少1件/);
    expectBadRequest(await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: b.id, quantity: 1 }], reason: '' }), /售后原因/);
    expectBadRequest(await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: b.id, quantity: 1 }], photos: ['javascript:alert(1)'] }), /图片地址/);
    // Another tenant's order is not found, its line not reachable either.
    const theirs = await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: b.id, quantity: 1 }] }, other);
    expect(theirs.errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await everything()).toEqual(before);
  });
});

describe('after shipping', () => {
  it('refund-only completes with nothing back; return and exchange wait for the parcel, cancel and waybill by status; the order shows the code while open', async () => {
    const o = await delivered([{ costFen: 4500, quantity: 2 }, { costFen: 3850 }]);
    const [a, b] = o.items as [Placed['items'][number], Placed['items'][number]];
    const before = await available();
    const entries = (await snapshotCounts(db(), { ledgerEntries })).ledgerEntries;

    const refundOnly = await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: a.id, quantity: 1 }] });
    expect(refundOnly.errorCode, refundOnly.errorMsg).toBe(0);
    const r1 = await row(refundOnly.data.ids[0] as number);
    expect(r1).toMatchObject({ type: 'REFUND_DELIVERY', status: 'COMPLETE', refundFen: 0, refundedFen: 0 });
    expect((await detail(r1?.id as number)).data.timeline[0]?.note).toMatch(/档口不退货款.*在平台与买家自行处理退款/);
    expect((await order(o.id))?.combinedStatus).toBe('DELIVERED');

    expect((await apply({ orderId: o.id, kind: 'RETURN_REFUND', lines: [{ itemId: a.id, quantity: 2 }] })).errorMsg).toMatch(/还能售后1件/);
    const ret = await apply({
      orderId: o.id,
      kind: 'RETURN_REFUND',
      lines: [{ itemId: a.id, quantity: 1 }],
      reason: '尺码不合适',
      photos: ['/uploads/a.jpg'],
      returnCourierName: '中通快递',
      returnWaybillNo: 'ZT12345678',
    });
    expect(ret.errorCode, ret.errorMsg).toBe(0);
    const r2 = await row(ret.data.ids[0] as number);
    expect(r2).toMatchObject({
      type: 'RETURN_GOODS_DELIVERY',
      status: 'GOODS_RETURNING',
      returnStatus: 'WAIT_SIGNED',
      refundFen: 4500,
      refundedFen: 0,
      photos: ['/uploads/a.jpg'],
      returnWaybillNo: 'ZT12345678',
    });
    expect((await order(o.id))?.combinedStatus).toBe('GOODS_RETURNING');
    await expectCountsTrue(db(), orgId);
    // The line is in an open after-sale: another request on it is refused.
    const open = await apply({ orderId: o.id, kind: 'EXCHANGE', lines: [{ itemId: a.id, quantity: 1 }] });
    expect(open.errorCode).toBe(ErrorCode.AFTER_SALE_LINE_OPEN);
    expect(open.errorMsg).toContain(r2?.afterSaleNo as string);

    const ex = await apply({ orderId: o.id, kind: 'EXCHANGE', lines: [{ itemId: b.id, quantity: 1 }], reason: '颜色/款式与描述不符' });
    const r3 = await row(ex.data.ids[0] as number);
    expect(r3).toMatchObject({ type: 'EXCHANGE_GOODS', status: 'GOODS_RETURNING', returnStatus: 'WAIT_SIGNED', refundFen: 3850 });
    expect((await detail(r3?.id as number)).data.actions).toEqual(['CANCEL', 'FILL_WAYBILL']);

    const wb = await post(`${BASE}/waybill`, seller, { id: r3?.id, returnCourierName: '圆通速递', returnWaybillNo: 'YT9988776655' });
    expect(wb.errorCode, wb.errorMsg).toBe(0);
    expect(await row(r3?.id as number)).toMatchObject({ returnCourierName: '圆通速递', returnWaybillNo: 'YT9988776655' });
    expectBadRequest(await post(`${BASE}/waybill`, seller, { id: r3?.id, returnWaybillNo: '' }), /请输入退货快递单号/);
    expect((await post(`${BASE}/waybill`, seller, { id: r1?.id, returnWaybillNo: 'YT9988776655' })).errorCode).toBe(ErrorCode.AFTER_SALE_WAYBILL_NOT_ALLOWED);
    expect((await post(`${BASE}/intercept`, seller, { id: r3?.id })).errorCode).toBe(ErrorCode.AFTER_SALE_NOT_INTERCEPTABLE);

    const c = await post<{ status: string }>(`${BASE}/cancel`, seller, { id: r2?.id });
    expect(c.errorCode, c.errorMsg).toBe(0);
    expect(await row(r2?.id as number)).toMatchObject({ status: 'CLOSE' });
    expect((await order(o.id))?.combinedStatus).toBe('GOODS_RETURNING');
    const twice = await post(`${BASE}/cancel`, seller, { id: r2?.id });
    expect(twice.errorCode).toBe(ErrorCode.AFTER_SALE_NOT_CANCELABLE);
    expect(twice.errorMsg).toMatch(/售后已关闭/);
    expect((await post(`${BASE}/cancel`, seller, { id: r1?.id })).errorMsg).toMatch(/售后已完成/);
    // Another tenant's after-sale is not found for any operation.
    for (const url of ['cancel', 'intercept']) expect((await post(`${BASE}/${url}`, other, { id: r3?.id })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await post(`${BASE}/waybill`, other, { id: r3?.id, returnWaybillNo: 'YT1234567890' })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await detail(r3?.id as number, other)).errorCode).toBe(ErrorCode.NOT_FOUND);

    expect((await post(`${BASE}/cancel`, seller, { id: r3?.id })).errorCode).toBe(0);
    expect((await order(o.id))?.combinedStatus).toBe('DELIVERED');
    expect((await order(o.id))?.afterSaleStatus).toBeNull();
    await expectCountsTrue(db(), orgId);
    // The closed quantity is free again.
    expect((await apply({ orderId: o.id, kind: 'RETURN_REFUND', lines: [{ itemId: a.id, quantity: 1 }] })).errorCode).toBe(0);
    // Nothing in this slice moved money after shipping.
    expect(await available()).toBe(before);
    expect((await snapshotCounts(db(), { ledgerEntries })).ledgerEntries).toBe(entries);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('two requests on one line at once make one after-sale', async () => {
    const o = await delivered([{ costFen: 4500 }]);
    const item = o.items[0]?.id as number;
    const [x, y] = await Promise.all([
      apply({ orderId: o.id, kind: 'RETURN_REFUND', lines: [{ itemId: item, quantity: 1 }] }),
      apply({ orderId: o.id, kind: 'EXCHANGE', lines: [{ itemId: item, quantity: 1 }] }),
    ]);
    expect([x.errorCode, y.errorCode].sort()).toEqual([0, ErrorCode.AFTER_SALE_LINE_OPEN]);
    expect(await db().select().from(afterSales).where(eq(afterSales.itemId, item))).toHaveLength(1);

    const p = await paid([{ costFen: 3000 }]);
    const line = p.items[0]?.id as number;
    const before = await available();
    const [m, n] = await Promise.all([
      apply({ orderId: p.id, kind: 'REFUND_ONLY', lines: [{ itemId: line, quantity: 1 }] }),
      apply({ orderId: p.id, kind: 'REFUND_ONLY', lines: [{ itemId: line, quantity: 1 }] }),
    ]);
    expect([m.errorCode, n.errorCode].filter((c) => c === 0)).toHaveLength(1);
    expect(await available()).toBe(before + 3000);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });
});

describe('list, detail, export and quick query', () => {
  it('filters, counts every tab under the same filters, masks the receiver, and keeps tenants apart', async () => {
    const o = await delivered([{ costFen: 4200 }, { costFen: 4300 }]);
    const [a, b] = o.items as [Placed['items'][number], Placed['items'][number]];
    const r1 = await apply({ orderId: o.id, kind: 'RETURN_REFUND', lines: [{ itemId: a.id, quantity: 1 }], returnWaybillNo: 'RT20261126001' });
    const r2 = await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: b.id, quantity: 1 }] });
    const page = (body: Record<string, unknown>, s: Session = seller) => post<AfterSalePageResult>(`${BASE}/page`, s, { pageNo: 1, pageSize: 20, ...body });

    const mine = await page({ orderNo: o.orderNo });
    expect(mine.errorCode, mine.errorMsg).toBe(0);
    expect(mine.data.total).toBe(2);
    expect(mine.data.counts).toMatchObject({ ALL: 2, GOODS_RETURNING: 1, COMPLETE: 1 });
    expect(mine.data.list.map((r) => r.afterSaleNo).sort()).toEqual([...r1.data.afterSaleNos, ...r2.data.afterSaleNos].sort());
    expect(mine.data.list[0]?.receiverName).toContain('*');
    expect(mine.data.list[0]?.receiverPhone).toMatch(/^138\*{4}8001$/);
    const tab = await page({ orderNo: o.orderNo, status: 'COMPLETE' });
    expect(tab.data.total).toBe(1);
    expect(tab.data.counts).toMatchObject({ ALL: 2, GOODS_RETURNING: 1, COMPLETE: 1 });
    expect(tab.data.list.map((r) => r.type)).toEqual(['REFUND_DELIVERY']);
    expect((await page({ orderNo: o.platformOrderId, type: 'RETURN_GOODS_DELIVERY' })).data.list.map((r) => r.afterSaleNo)).toEqual(r1.data.afterSaleNos);
    expect((await page({ orderNo: r2.data.afterSaleNos[0] })).data.total).toBe(1);
    expect((await page({ trackingNo: 'RT20261126001' })).data.list.map((r) => r.afterSaleNo)).toEqual(r1.data.afterSaleNos);
    expect((await page({ trackingNo: o.trackingNo })).data.total).toBe(2);
    expect((await page({ orderNo: o.orderNo, source: 'PLATFORM' })).data.total).toBe(0);
    expect((await page({ phoneTail: '8001' })).data.total).toBeGreaterThanOrEqual(2);
    expectBadRequest(await page({ phoneTail: '80' }), /手机尾号必须是4位数字/);
    expectBadRequest(await page({ createdFrom: '2026-11-02', createdTo: '2026-11-01' }), /申请开始日期不能晚于结束日期/);
    const theirs = await page({ orderNo: o.orderNo }, other);
    expect(theirs.data).toMatchObject({ total: 0, list: [] });

    const res = await call(t.app, { method: 'POST', url: `${BASE}/export`, session: seller, payload: { orderNo: o.orderNo } });
    const rows = await readXlsx(res);
    expect(rows[0]).toContain('售后单号');
    expect(rows).toHaveLength(3);
    const phoneCol = (rows[0] as string[]).indexOf('手机号');
    expect(rows[1]?.[phoneCol]).toMatch(/^138\*{4}8001$/);
    const moneyCol = (rows[0] as string[]).indexOf('应退货款(元)');
    expect(
      rows
        .slice(1)
        .map((r) => r[moneyCol])
        .sort(),
    ).toEqual(['0.00', '42.00']);
    const otherExport = await readXlsx(await call(t.app, { method: 'POST', url: `${BASE}/export`, session: other, payload: { orderNo: o.orderNo } }));
    expect(otherExport).toHaveLength(1);
  });

  it('counts the unfiltered tabs from the kept counters (equal to the rows) and caps each filtered tab, saying so', async () => {
    const o = await delivered([{ costFen: 4100 }, { costFen: 4100 }, { costFen: 4100 }]);
    for (const i of o.items) {
      const r = await apply({ orderId: o.id, kind: 'REFUND_ONLY', lines: [{ itemId: i.id, quantity: 1 }] });
      expect(r.errorCode, r.errorMsg).toBe(0);
    }
    const all = await post<AfterSalePageResult>(`${BASE}/page`, seller, { pageNo: 1, pageSize: 20 });
    const raw = await recountStatuses(db(), orgId);
    expect(Object.keys(raw).length).toBeGreaterThan(1);
    expect(all.data.counts).toEqual({ ...raw, ALL: Object.values(raw).reduce((a, b) => a + b, 0) });
    expect(all.data).toMatchObject({ total: all.data.counts.ALL, totalCapped: false, countsCapped: [] });

    // A small cap stands in for 10,000: three COMPLETE after-sales of the order, counted up to 2 or up to 3.
    const caller: Caller = { orgId, userId: 0, orgType: 'seller', isMain: true, sessionId: 0 };
    const body = (status?: 'COMPLETE') => AfterSalePageBody.parse({ pageNo: 1, pageSize: 20, orderNo: o.orderNo, status });
    const capped = await pageAfterSales(db(), caller, body('COMPLETE'), 2);
    expect(capped).toMatchObject({ total: 2, totalCapped: true, counts: { COMPLETE: 2, ALL: 2 }, countsCapped: ['COMPLETE', 'ALL'] });
    expect(capped.list).toHaveLength(3);
    // Without a tab the sample's 3 rows say "at least 2" for 全部 and its one status; with one, that status is counted.
    expect(await pageAfterSales(db(), caller, body(), 2)).toMatchObject({
      total: 2,
      totalCapped: true,
      counts: { COMPLETE: 2, ALL: 2 },
      countsCapped: ['COMPLETE', 'ALL'],
    });
    const exact = await pageAfterSales(db(), caller, body(), 3);
    expect(exact).toMatchObject({ total: 3, totalCapped: false, counts: { COMPLETE: 3, ALL: 3 }, countsCapped: [] });
    const otherCaller: Caller = { ...caller, orgId: await orgOf(db(), other) };
    expect(await pageAfterSales(db(), otherCaller, body(), 2)).toMatchObject({ total: 0, totalCapped: false, counts: { ALL: 0 }, list: [] });
  });

  it('quick query finds orders, after-sales and problem parcels by each key, and nothing of another tenant', async () => {
    const o = await delivered([{ costFen: 5100 }]);
    const r = await apply({ orderId: o.id, kind: 'RETURN_REFUND', lines: [{ itemId: o.items[0]?.id, quantity: 1 }], returnWaybillNo: 'QQ20261126777' });
    await db()
      .insert(problemParcels)
      .values({ orgId, trackingNo: 'PP20261126555', reason: '破损', deadlineAt: new Date(Date.now() + 86_400_000) });
    const q = (keyword: string, s: Session = seller) => post<QuickQueryResult>(`${BASE}/quickQuery`, s, { keyword });
    for (const k of [o.orderNo, o.platformOrderId, o.trackingNo]) {
      const found = await q(k);
      expect(found.errorCode, found.errorMsg).toBe(0);
      expect(found.data.orders.map((x) => x.id)).toContain(o.id);
      expect(found.data.afterSales.map((x) => x.afterSaleNo)).toEqual(r.data.afterSaleNos);
    }
    const byReturn = await q('QQ20261126777');
    expect(byReturn.data.afterSales.map((x) => x.afterSaleNo)).toEqual(r.data.afterSaleNos);
    expect(byReturn.data.orders).toEqual([]);
    expect((await q(r.data.afterSaleNos[0] as string)).data.afterSales).toHaveLength(1);
    const tail = await q('8001');
    expect(tail.data.orders.length).toBeGreaterThan(0);
    expect(tail.data.orders.length).toBeLessThanOrEqual(20);
    expect(tail.data.orders.every((x) => x.receiverPhone.endsWith('8001'))).toBe(true);
    expect((await q('PP20261126555')).data.parcels.map((p) => p.trackingNo)).toEqual(['PP20261126555']);
    expect((await q(o.orderNo, other)).data).toEqual({ orders: [], afterSales: [], parcels: [] });
    expect((await q('PP20261126555', other)).data.parcels).toEqual([]);
    expectBadRequest(await q(''), /订单号\/快递单号\/手机尾号/);
  });
});

describe('the ledger', () => {
  it('holds for every entry these tests wrote', async () => {
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
    const linked = await queryRows<{ n: string | number }>(db(), sql`select count(*) as n from after_sale_entries`);
    expect(Number(linked[0]?.n)).toBeGreaterThan(0);
  });
});
