/**
 * 支付宝分账 written by real payments: an order paid through the Alipay emulator by a seller with a
 * bound receiver splits its service fee (alipay.trade.order.settle on the queue, settle.query for
 * the result); an emulator failure is retried and settles once; a replayed notify or job settles
 * nothing twice; cancelling the order takes the split back before the balance refund; the list
 * filters, totals and export; the check beside the ledger check; bad input and another tenant.
 */
import { ErrorCode, fenToYuan } from '@dropship/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { royaltySettlements } from '../src/modules/funds/ali-ledger/ali-ledger.table.js';
import { checkRoyaltyLedger } from '../src/modules/funds/ali-ledger/royalty-settle.service.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { jobs } from '../src/modules/jobs/jobs.table.js';
import { draftOf, linkedShopOrder } from './dropship-orders-support.js';
import { balance, callers, expectBadRequest, type FundsTestApp, notifyFields, orgOf, postNotify, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { call, createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let operator: Session;
let orgId: number;
let otherOrg: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;

type Settlement = {
  id: number;
  businessId: string;
  tradeNo: string;
  orderNos: string[];
  amountFen: number;
  receivers: { account: string; amountFen: number }[];
  status: string;
  reason: string | null;
  account: string;
};
type Page = { total: number; list: Settlement[]; totals: { successFen: number; processingFen: number; failFen: number; reversedFen: number } };
const page = (s: Session, body: Record<string, unknown> = {}) => post<Page>('/api/b2/funds/aliLedger/page', s, { pageNo: 1, pageSize: 20, ...body });

async function place(s: Session, org: number) {
  const so = await linkedShopOrder(db(), org, [{ costFen: 4500 }]);
  const r = await post<{ orders: { id: number; orderNo: string; totalFen: number }[] }>('/api/b2/post/orders/create', s, { orders: [draftOf(so.id)] });
  expect(r.errorCode, r.errorMsg).toBe(0);
  const o = r.data.orders[0] as { id: number; orderNo: string; totalFen: number };
  const [row] = await db().select({ serviceFeeFen: dropshipOrders.serviceFeeFen }).from(dropshipOrders).where(eq(dropshipOrders.id, o.id));
  return { ...o, serviceFeeFen: row?.serviceFeeFen ?? 0 };
}

/** Pays the orders on the emulator's cashier; answers our trade number once the app has it PAID. */
async function payByAlipay(s: Session, orderIds: number[]) {
  const r = await post<{ alipay: { outTradeNo: string; payUrl: string } }>('/api/b2/post/orders/pay', s, {
    orderIds,
    payMethod: 'ALIPAY_WEB',
    requestKey: `royalty-key-${++keySeq}`,
  });
  expect(r.errorCode, r.errorMsg).toBe(0);
  await fetch(r.data.alipay.payUrl);
  await fetch(new URL('/cashier/pay', r.data.alipay.payUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ out_trade_no: r.data.alipay.outTradeNo }).toString(),
    redirect: 'manual',
  });
  const status = await get<{ status: string }>(`/api/b2/post/orders/pay/alipay/${r.data.alipay.outTradeNo}`, s);
  expect(status.data.status).toBe('PAID');
  return r.data.alipay.outTradeNo;
}

/** Makes every queued settle job due now (the queue's backoff would wait) and runs them. */
async function runSettleJobs() {
  await db()
    .update(jobs)
    .set({ runAt: new Date() })
    .where(and(eq(jobs.kind, 'funds.royalty.settle'), eq(jobs.status, 'QUEUED')));
  await t.app.jobs.runDue();
}

const rowOf = async (outTradeNo: string) => (await db().select().from(royaltySettlements).where(eq(royaltySettlements.businessId, outTradeNo)))[0];

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  operator = await login(t.app, 'demo_operator');
  const second = await createSecondSeller(db(), 'rs');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  otherOrg = second.orgId;
  const bound = await post('/api/b2/funds/aliLedger/bind', seller, { account: '13812345678', name: '张小美' });
  expect(bound.errorCode, bound.errorMsg).toBe(0);
});
afterAll(async () => {
  await t?.close();
});

let happy: { outTradeNo: string; order: Awaited<ReturnType<typeof place>> };

describe('a paid trade splits its service fee', () => {
  it('writes 处理中 with the payment, then the job settles it: 成功 for the bound account', async () => {
    const order = await place(seller, orgId);
    expect(order.serviceFeeFen).toBeGreaterThan(0);
    const outTradeNo = await payByAlipay(seller, [order.id]);
    happy = { outTradeNo, order };
    const written = await rowOf(outTradeNo);
    expect(written).toMatchObject({ status: 'PROCESSING', amountFen: order.serviceFeeFen, outRequestNo: `ST${outTradeNo}` });
    await runSettleJobs();
    const r = await page(seller, { tradeNo: outTradeNo });
    expect(r.data.total).toBe(1);
    expect(r.data.list[0]).toMatchObject({
      businessId: outTradeNo,
      orderNos: [order.orderNo],
      amountFen: order.serviceFeeFen,
      receivers: [{ account: '138****5678', amountFen: order.serviceFeeFen }],
      status: 'SUCCESS',
      reason: null,
      account: '138****5678',
    });
    expect(r.data.list[0]?.tradeNo).toMatch(/^\d{28}$/);
    // Alipay has exactly one settlement for the trade.
    expect(t.alipay.settlements().map((s) => [s.outRequestNo, s.receivers])).toEqual([
      [`ST${outTradeNo}`, [{ account: '13812345678', amountFen: order.serviceFeeFen }]],
    ]);
    expect((await checkRoyaltyLedger(db(), orgId)).mismatches).toEqual([]);
    // The first payment of the file warms every route it passes through: slow on a loaded machine.
  }, 180_000);

  it('a replayed notify and a repeated job settle nothing twice', async () => {
    const trade = t.alipay.trades().find((x) => x.outTradeNo === happy.outTradeNo);
    const replay = t.signAsAlipay(notifyFields(happy.outTradeNo, fenToYuan(happy.order.totalFen), { trade_no: trade?.tradeNo ?? '', subject: '代发订单' }));
    expect((await postNotify(t, replay)).body).toBe('success');
    const row = await rowOf(happy.outTradeNo);
    await t.app.jobs.enqueue('funds.royalty.settle', { id: row?.id });
    await runSettleJobs();
    expect(await db().select().from(royaltySettlements).where(eq(royaltySettlements.businessId, happy.outTradeNo))).toHaveLength(1);
    expect((await rowOf(happy.outTradeNo))?.status).toBe('SUCCESS');
    expect(t.alipay.settlements()).toHaveLength(1);
  });

  it('an emulator failure is retried by the queue and then settles once', async () => {
    const order = await place(seller, orgId);
    const outTradeNo = await payByAlipay(seller, [order.id]);
    // More failures than the client's own three tries: the job's first attempt fails.
    t.alipay.setSettleFault('fail', { times: 3 });
    await runSettleJobs();
    const failedOnce = await rowOf(outTradeNo);
    expect(failedOnce?.status).toBe('PROCESSING');
    expect(failedOnce?.reason).toMatch(/支付宝暂时无法分账.*第1次尝试失败，稍后自动重试/);
    await runSettleJobs();
    expect((await rowOf(outTradeNo))?.status).toBe('SUCCESS');
    expect(t.alipay.settlements().filter((s) => s.outRequestNo === `ST${outTradeNo}`)).toHaveLength(1);
  });

  it('a settlement Alipay still processes stays 处理中 until settle.query says 成功', async () => {
    const order = await place(seller, orgId);
    const outTradeNo = await payByAlipay(seller, [order.id]);
    t.alipay.setSettleFault('delay', { times: 1 });
    await runSettleJobs();
    expect(await rowOf(outTradeNo)).toMatchObject({ status: 'PROCESSING', reason: '支付宝分账处理中，稍后自动查询结果' });
    await runSettleJobs();
    expect((await rowOf(outTradeNo))?.status).toBe('SUCCESS');
  });

  it('a seller without a bound receiver pays by Alipay and gets no split', async () => {
    const before = await db().select().from(royaltySettlements);
    const order = await place(other, otherOrg);
    await payByAlipay(other, [order.id]);
    expect(await db().select().from(royaltySettlements)).toHaveLength(before.length);
  });
});

describe('a refund of a split trade', () => {
  it('cancelling the order takes the split back through Alipay first, the rest goes to the balance', async () => {
    const { order, outTradeNo } = happy;
    const before = await balance(db(), orgId);
    const r = await post<{ results: { ok: boolean; refundFen: number }[] }>('/api/b2/post/orders/cancel', seller, {
      orderIds: [order.id],
      reason: '买家不要了',
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.results[0]).toMatchObject({ ok: true, refundFen: order.totalFen - order.serviceFeeFen });
    expect((await balance(db(), orgId)).available).toBe(before.available + order.totalFen - order.serviceFeeFen);
    const trade = t.alipay.trades().find((x) => x.outTradeNo === outTradeNo);
    expect(trade?.refunds[`RR${order.orderNo}`]?.amountFen).toBe(order.serviceFeeFen);
    expect(t.alipay.settlements().find((s) => s.outRequestNo === `ST${outTradeNo}`)?.reversedFen).toEqual({ '13812345678': order.serviceFeeFen });
    expect(await rowOf(outTradeNo)).toMatchObject({ status: 'REVERSED', amountFen: 0 });
    const [o] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, order.id));
    expect(o).toMatchObject({ status: 'CANCELED', refundedFen: order.totalFen });
    const reversed = await page(seller, { status: 'REVERSED' });
    expect(reversed.data.list.map((x) => x.businessId)).toEqual([outTradeNo]);
    expect(reversed.data.totals.reversedFen).toBe(order.serviceFeeFen);
    expect((await checkRoyaltyLedger(db(), orgId)).mismatches).toEqual([]);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });
});

describe('the list, its export and the check', () => {
  it('filters by status, date and number, with totals of the filtered rows', async () => {
    const all = await page(seller);
    expect(all.data.total).toBeGreaterThanOrEqual(3);
    const success = await page(seller, { status: 'SUCCESS' });
    expect(success.data.list.every((x) => x.status === 'SUCCESS')).toBe(true);
    expect(success.data.totals.successFen).toBe(success.data.list.reduce((n, x) => n + x.amountFen, 0));
    expect(success.data.totals.failFen).toBe(0);
    const byOrder = await page(seller, { tradeNo: happy.order.orderNo });
    expect(byOrder.data.list.map((x) => x.businessId)).toEqual([happy.outTradeNo]);
    expect((await page(seller, { createdFrom: '2000-01-01', createdTo: '2000-01-02' })).data.total).toBe(0);
  });

  it('exports the filtered rows to Excel', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/b2/funds/aliLedger/export', session: seller, payload: { status: 'SUCCESS' } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.getRow(1).values).toContain('支付宝交易号');
    expect(sheet?.rowCount).toBe(1 + (await page(seller, { status: 'SUCCESS' })).data.total);
  });

  it('the operator check finds ledger and settlements in agreement, and a broken row', async () => {
    const ok = await get<{ settlements: number; mismatches: unknown[] }>('/api/operator/funds/royaltyCheck', operator);
    expect(ok.errorCode, ok.errorMsg).toBe(0);
    expect(ok.data.mismatches).toEqual([]);
    expect(ok.data.settlements).toBeGreaterThanOrEqual(3);
    // A split the ledger never took money in for is caught.
    const [one] = await db().select().from(royaltySettlements).where(eq(royaltySettlements.orgId, orgId)).limit(1);
    await db()
      .update(royaltySettlements)
      .set({ businessId: 'DP_NO_SUCH_TRADE' })
      .where(eq(royaltySettlements.id, one?.id ?? 0));
    const bad = await checkRoyaltyLedger(db(), orgId);
    expect(bad.mismatches).toEqual([{ orgId, settlementId: one?.id, reason: '分账对应的支付宝交易在余额流水中没有入账记录' }]);
    await db()
      .update(royaltySettlements)
      .set({ businessId: one?.businessId ?? '' })
      .where(eq(royaltySettlements.id, one?.id ?? 0));
    expect((await get('/api/operator/funds/royaltyCheck', seller)).errorCode).not.toBe(0);
  });
});

describe('bad input and other tenants', () => {
  it('refuses bad filters in Chinese, changing nothing', async () => {
    expectBadRequest(await page(seller, { status: 'DONE' }), /分账状态/);
    expectBadRequest(await page(seller, { createdFrom: '2026-03-02', createdTo: '2026-03-01' }), /开始日期不能晚于结束日期/);
    expectBadRequest(await page(seller, { tradeNo: 'x'.repeat(65) }), /交易号不能超过64个字符/);
    expectBadRequest(await page(seller, { pageSize: 0 }), /./);
  });

  it("another seller sees none of this seller's splits, by any number", async () => {
    const r = await page(other, { tradeNo: happy.outTradeNo });
    expect(r.data).toMatchObject({ total: 0, list: [], totals: { successFen: 0, processingFen: 0, failFen: 0, reversedFen: 0 } });
    expect((await page(other)).data.total).toBe(0);
    // Nor can its cancellation reach them: the order is not its own.
    const order = await place(seller, orgId);
    await payByAlipay(seller, [order.id]);
    const cancel = await post('/api/b2/post/orders/cancel', other, { orderIds: [order.id], reason: '试试' });
    expect(cancel.errorCode).toBe(ErrorCode.NOT_FOUND);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.businessId, order.orderNo));
    expect(entries.map((e) => e.transactionType)).toEqual(['ORDER']);
  });
});
