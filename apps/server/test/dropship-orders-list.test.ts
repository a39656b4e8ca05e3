/**
 * Following dropship orders: the list with tab counts and filters (receiver masked), the detail
 * (take codes and statuses, timeline, money), the Excel export, the purchaser's read-only take
 * items, the operator's serving purchaser, and paying a batch by Alipay (one trade; the query
 * fallback settles it). Bad input and tenant isolation for each call.
 */
import { ErrorCode } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { draftOf, linkedShopOrder, RECEIVER } from './dropship-orders-support.js';
import { balance, callers, expectBadRequest, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { call, createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let picker: Session;
let operator: Session;
let orgId: number;
let otherOrg: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;

type Row = { id: number; orderNo: string; combinedStatus: string; receiverName: string; receiverPhone: string; items: { takeStatus: string | null }[] };
type Page = { total: number; list: Row[]; counts: Record<string, number> };
const page = (s: Session, body: Record<string, unknown> = {}) => post<Page>('/api/b2/post/orders/page', s, { pageNo: 1, pageSize: 20, ...body });

async function place(s: Session, org: number, receiver = RECEIVER) {
  const so = await linkedShopOrder(db(), org, [{ costFen: 4500 }, { costFen: 3850 }], receiver);
  const r = await post<{ orders: { id: number; orderNo: string; totalFen: number }[] }>('/api/b2/post/orders/create', s, {
    orders: [draftOf(so.id, { receiver })],
  });
  expect(r.errorCode, r.errorMsg).toBe(0);
  return { ...(r.data.orders[0] as { id: number; orderNo: string; totalFen: number }), platformOrderId: so.platformOrderId };
}
const payBalance = (s: Session, orderIds: number[]) =>
  post('/api/b2/post/orders/pay', s, { orderIds, payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: `list-key-${++keySeq}` });

let unpaid: Awaited<ReturnType<typeof place>>;
let paidOrder: Awaited<ReturnType<typeof place>>;
let canceled: Awaited<ReturnType<typeof place>>;
/** The demo seed's two: 4012873365505 waiting for payment (ZTO), 4012873365506 cancelled (YTO). */
let seeded: { id: number; status: string }[];

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  picker = await login(t.app, 'demo_picker');
  operator = await login(t.app, 'demo_operator');
  const second = await createSecondSeller(db(), 'dl');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  otherOrg = second.orgId;
  seeded = (await db().select().from(dropshipOrders).where(eq(dropshipOrders.orgId, orgId))).map((o) => ({ id: o.id, status: o.status }));
  expect(seeded.map((o) => o.status).sort()).toEqual(['CANCELED', 'WAITING_PAYMENT']);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await setPayPassword(t, other, PASSWORD);
  await fund(db(), orgId, 500_000);
  await fund(db(), otherOrg, 500_000);
  unpaid = await place(seller, orgId, { ...RECEIVER, name: '周敏', phone: '13911112222' });
  paidOrder = await place(seller, orgId);
  canceled = await place(seller, orgId);
  expect((await payBalance(seller, [paidOrder.id, canceled.id])).errorCode).toBe(0);
  expect((await post('/api/b2/post/orders/cancel', seller, { orderIds: [canceled.id] })).errorCode).toBe(0);
  const foreign = await place(other, otherOrg);
  expect((await payBalance(other, [foreign.id])).errorCode).toBe(0);
});
afterAll(() => t?.close());

describe('POST /api/b2/post/orders/page', () => {
  it('lists the caller’s orders newest first, receiver masked, with the count of every tab', async () => {
    const r = await page(seller);
    expect(r.errorCode).toBe(0);
    const older = seeded.map((o) => o.id).sort((a, b) => b - a);
    expect(r.data.list.map((x) => x.id)).toEqual([canceled.id, paidOrder.id, unpaid.id, ...older]);
    expect(r.data.counts).toMatchObject({ ALL: 5, WAITING_PAYMENT: 2, WAITING_TAKING: 1, CANCELED: 2 });
    expect(r.data.total).toBe(5);
    const zhou = r.data.list.find((x) => x.id === unpaid.id);
    expect([zhou?.receiverName, zhou?.receiverPhone]).toEqual(['周*', '139****2222']);
    expect(r.data.list.find((x) => x.id === paidOrder.id)?.items.map((i) => i.takeStatus)).toEqual(['WAITING_TAKING', 'WAITING_TAKING']);
  });

  it('filters by tab, numbers, phone tail and day; the total follows the filter', async () => {
    const tab = await page(seller, { status: 'WAITING_TAKING' });
    expect([tab.data.total, tab.data.list.map((x) => x.id)]).toEqual([1, [paidOrder.id]]);
    expect((await page(seller, { orderNo: unpaid.orderNo })).data.list.map((x) => x.id)).toEqual([unpaid.id]);
    expect((await page(seller, { platformOrderId: canceled.platformOrderId })).data.list.map((x) => x.id)).toEqual([canceled.id]);
    const tail = await page(seller, { phoneTail: '2222' });
    expect([tail.data.total, tail.data.list.map((x) => x.id)]).toEqual([1, [unpaid.id]]);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await page(seller, { createdFrom: today, createdTo: today, expressCode: 'ZTO' })).data.total).toBe(4);
    expect((await page(seller, { expressCode: 'YTO' })).data.list.map((x) => x.id)).toEqual(seeded.filter((o) => o.status === 'CANCELED').map((o) => o.id));
    expect((await page(seller, { createdFrom: '2020-01-01', createdTo: '2020-01-02' })).data).toMatchObject({ total: 0, list: [] });
    // Empty form fields mean "not set".
    expect((await page(seller, { orderNo: '', phoneTail: '', status: '' })).data.total).toBe(5);
  });

  it('another tenant sees only its own', async () => {
    const r = await page(other);
    expect(r.data.total).toBe(1);
    expect(r.data.list.map((x) => x.id)).not.toContain(unpaid.id);
    expect((await page(other, { orderNo: unpaid.orderNo })).data.total).toBe(0);
  });

  it('filters by platform (a statistics row by platform links here) within the caller’s own orders', async () => {
    const all = await db().select({ id: dropshipOrders.id, channel: dropshipOrders.channel }).from(dropshipOrders).where(eq(dropshipOrders.orgId, orgId));
    const ids = (channel: string) =>
      all
        .filter((o) => o.channel === channel)
        .map((o) => o.id)
        .sort((a, b) => b - a);
    const channels = [...new Set(all.map((o) => o.channel).filter((c): c is string => c !== null))];
    expect(ids('TAOBAO')).toEqual(expect.arrayContaining([unpaid.id, paidOrder.id, canceled.id]));
    for (const channel of channels) {
      const r = await page(seller, { channel });
      expect(r.errorCode, r.errorMsg).toBe(0);
      expect([r.data.total, r.data.list.map((x) => x.id)], channel).toEqual([ids(channel).length, ids(channel)]);
    }
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const withDays = await page(seller, { channel: 'TAOBAO', createdFrom: today, createdTo: today, status: 'WAITING_TAKING' });
    expect(withDays.data.list.map((x) => x.id)).toEqual([paidOrder.id]);
    expect((await page(seller, { channel: 'KUAISHOU' })).data).toMatchObject({ total: 0, list: [] });
    // Another seller's orders of the same platform stay its own.
    const theirs = await page(other, { channel: 'TAOBAO' });
    expect(theirs.data.total).toBe(1);
    expect(theirs.data.list.map((x) => x.id)).not.toContain(paidOrder.id);
  });

  it('refuses bad filters in Chinese', async () => {
    expectBadRequest(await page(seller, { channel: 'AMAZON' }), /平台不正确/);
    expectBadRequest(await page(seller, { channel: 7 }), /平台不正确/);
    expectBadRequest(await page(seller, { status: 'NOPE' }), /订单状态/);
    expectBadRequest(await page(seller, { phoneTail: '12' }), /手机尾号必须是4位数字/);
    expectBadRequest(await page(seller, { createdFrom: '2026-02-01', createdTo: '2026-01-01' }), /下单开始日期不能晚于结束日期/);
    expectBadRequest(await page(seller, { createdFrom: '2026/01/01' }), /下单开始日期格式应为 YYYY-MM-DD/);
    expectBadRequest(await page(seller, { pageSize: 0 }), /每页条数/);
  });
});

describe('GET /api/b2/post/orders/detail/:id', () => {
  type Detail = {
    receiverName: string;
    receiverPhone: string;
    items: { takeCode: string | null; takeStatus: string | null; assignmentStatus: string | null; stallName: string }[];
    events: { operation: string; operationName: string; fromStatus: string | null; toStatus: string; actor: string }[];
    entries: { transactionType: string; amountFen: number }[];
    allowed: { pay: boolean; cancel: boolean; updateReceiver: boolean };
  };

  it('shows the items with take codes and statuses, the timeline and the money of the order', async () => {
    const r = await get<Detail>(`/api/b2/post/orders/detail/${paidOrder.id}`, seller);
    expect(r.errorCode).toBe(0);
    expect([r.data.receiverName, r.data.receiverPhone]).toEqual([RECEIVER.name, RECEIVER.phone]);
    expect(r.data.items.map((i) => [i.takeStatus, i.assignmentStatus, i.stallName])).toEqual([
      ['WAITING_TAKING', 'WAITING_ASSIGNED', '测试档口'],
      ['WAITING_TAKING', 'WAITING_ASSIGNED', '测试档口'],
    ]);
    for (const i of r.data.items) expect(i.takeCode).toMatch(/^\d{12}$/);
    expect(r.data.events.map((e) => [e.operationName, e.fromStatus, e.toStatus, e.actor])).toEqual([
      ['提交订单', null, 'WAITING_PAYMENT', 'demo_seller'],
      ['支付订单', 'WAITING_PAYMENT', 'WAITING_DELIVERING', 'demo_seller'],
    ]);
    expect(r.data.entries).toMatchObject([{ transactionType: 'ORDER', amountFen: -paidOrder.totalFen }]);
    expect(r.data.allowed).toEqual({ pay: false, cancel: true, updateReceiver: true });
    const c = await get<Detail>(`/api/b2/post/orders/detail/${canceled.id}`, seller);
    expect(c.data.entries.map((e) => [e.transactionType, e.amountFen])).toEqual([
      ['ORDER', -canceled.totalFen],
      ['REFUND', canceled.totalFen],
    ]);
    expect(c.data.events.at(-1)?.operation).toBe('CANCEL');
    expect(c.data.allowed).toEqual({ pay: false, cancel: false, updateReceiver: false });
  });

  it('another tenant’s order is not found; a bad id is a Chinese 400', async () => {
    expect((await get(`/api/b2/post/orders/detail/${paidOrder.id}`, other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expectBadRequest(await get('/api/b2/post/orders/detail/abc', seller), /订单/);
  });
});

describe('POST /api/b2/post/orders/export', () => {
  async function rowsOf(s: Session, body: Record<string, unknown>) {
    const res = await call(t.app, { method: 'POST', url: '/api/b2/post/orders/export', session: s, payload: body });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const out: string[][] = [];
    wb.worksheets[0]?.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return out;
  }

  it('exports the filtered orders, receiver masked', async () => {
    const rows = await rowsOf(seller, { status: 'WAITING_PAYMENT', phoneTail: '2222' });
    expect(rows[0]?.slice(0, 3)).toEqual(['代发订单号', '订单状态', '店铺']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[0]).toBe(unpaid.orderNo);
    expect(rows[1]).toContain('周*');
    expect(rows[1]).toContain('139****2222');
    expect(await rowsOf(other, { orderNo: unpaid.orderNo })).toHaveLength(1);
  });

  it('walks a set larger than one chunk (1,000): every order once, newest first', async () => {
    const third = await createSecondSeller(db(), 'ex');
    const s = await login(t.app, third.username, PASSWORD);
    const n = 2_345;
    await db().execute(sql`
      insert into dropship_orders (org_id, order_no, source, shop_name, channel, receiver_name, receiver_phone, receiver_phone_tail,
        receiver_province, receiver_city, receiver_district, receiver_address, express_code, express_name, express_fee_fen,
        service_fee_fen, goods_fen, total_fen, item_count, status, combined_status, created_at)
      select ${third.orgId}::int, 'EX' || lpad(g::text, 6, '0'), 'SHOP_ORDER', '导出店铺', 'TAOBAO', '买家', '13800000000', '0000',
        '浙江省', '杭州市', '西湖区', '文三路1号', 'ZTO', '中通快递', 450, 100, 4500, 5050, 1, 'WAITING_PAYMENT', 'WAITING_PAYMENT', now()
      from generate_series(1, ${n}::int) g`);
    const nos = (await rowsOf(s, {})).slice(1).map((r) => r[0]);
    expect(nos).toHaveLength(n);
    expect(new Set(nos).size).toBe(n);
    expect([nos[0], nos[999], nos[1000], nos.at(-1)]).toEqual(['EX002345', 'EX001346', 'EX001345', 'EX000001']);
  });

  it('refuses bad filters in Chinese', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/b2/post/orders/export', session: seller, payload: { phoneTail: 'abcd' } });
    expectBadRequest(res.json(), /手机尾号/);
  });
});

describe('the purchaser’s take items', () => {
  type Items = { total: number; list: { takeCode: string; orderNo: string; sellerName: string; assignmentStatus: string }[] };
  it('the serving purchaser and its picker see the take items; sellers are refused (10001)', async () => {
    const r = await post<Items>('/api/b2/purchaser/takeItems/page', purchaser, { pageNo: 1, pageSize: 50 });
    expect(r.errorCode).toBe(0);
    const mine = r.data.list.filter((x) => x.orderNo === paidOrder.orderNo);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ sellerName: '杭州小美服饰', assignmentStatus: 'WAITING_ASSIGNED' });
    expect(r.data.list.filter((x) => x.orderNo === canceled.orderNo).map((x) => x.assignmentStatus)).toEqual(['CLOSE', 'CLOSE']);
    const code = mine[0]?.takeCode ?? '';
    expect((await post<Items>('/api/b2/purchaser/takeItems/page', picker, { takeCode: code })).data.list.map((x) => x.takeCode)).toEqual([code]);
    expect(await post<Items>('/api/b2/purchaser/takeItems/page', seller, {})).toMatchObject({ errorCode: 10001, data: null });
    expectBadRequest(await post('/api/b2/purchaser/takeItems/page', purchaser, { takeCode: '123' }), /拿货码必须是12位数字/);
    expectBadRequest(await post('/api/b2/purchaser/takeItems/page', purchaser, { assignmentStatus: 'X' }), /分配状态/);
  });

  it('the operator decides which purchaser serves a seller', async () => {
    const url = '/api/operator/dropship/servingPurchaser';
    expect((await post(url, seller, { sellerOrgId: orgId, purchaserOrgId: orgId })).errorCode).toBe(ErrorCode.FORBIDDEN);
    expect((await post(url, operator, { sellerOrgId: orgId, purchaserOrgId: orgId })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expectBadRequest(await post(url, operator, { sellerOrgId: orgId }), /采购商组织/);
    const purchaserOrg = await orgOf(db(), purchaser);
    expect(await post(url, operator, { sellerOrgId: otherOrg, purchaserOrgId: purchaserOrg })).toMatchObject({
      errorCode: 0,
      data: { sellerOrgId: otherOrg, purchaserOrgId: purchaserOrg },
    });
  });
});

describe('paying a batch by Alipay', () => {
  it('one trade for the batch; once Alipay says paid, the money goes onto the balance and pays each order', async () => {
    const a = await place(seller, orgId);
    const b = await place(seller, orgId);
    const before = await balance(db(), orgId);
    const r = await post<{ paid: boolean; amountFen: number; alipay: { outTradeNo: string; payUrl: string } }>('/api/b2/post/orders/pay', seller, {
      orderIds: [a.id, b.id],
      payMethod: 'ALIPAY_WEB',
      requestKey: `list-key-${++keySeq}`,
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data).toMatchObject({ paid: false, amountFen: a.totalFen + b.totalFen });
    expect(r.data.alipay.outTradeNo).toMatch(/^DP\d{24}$/);
    const statusUrl = `/api/b2/post/orders/pay/alipay/${r.data.alipay.outTradeNo}`;
    expect((await get<{ status: string }>(statusUrl, seller)).data.status).toBe('WAITING_PAYMENT');
    expect((await get(statusUrl, other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    // The buyer pays on the cashier.
    const cashier = await fetch(r.data.alipay.payUrl);
    expect(await cashier.text()).toContain('代发订单 2 笔');
    await fetch(new URL('/cashier/pay', r.data.alipay.payUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ out_trade_no: r.data.alipay.outTradeNo }).toString(),
      redirect: 'manual',
    });
    const s = await get<{ status: string; orderIds: number[] }>(statusUrl, seller);
    expect(s.data).toMatchObject({ status: 'PAID', orderIds: [a.id, b.id] });
    const rows = await db().select().from(dropshipOrders).where(eq(dropshipOrders.orgId, orgId));
    expect(rows.filter((x) => x.id === a.id || x.id === b.id).map((x) => [x.status, x.payMethod])).toEqual([
      ['WAITING_DELIVERING', 'ALIPAY_WEB'],
      ['WAITING_DELIVERING', 'ALIPAY_WEB'],
    ]);
    // In through Alipay, out to the orders: the balance is where it was.
    expect((await balance(db(), orgId)).available).toBe(before.available);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.businessId, r.data.alipay.outTradeNo));
    expect(entries.map((e) => [e.transactionType, e.availableDeltaFen])).toEqual([['RECHARGE', a.totalFen + b.totalFen]]);
    // Asking again settles nothing twice.
    expect((await get<{ status: string }>(statusUrl, seller)).data.status).toBe('PAID');
    expect((await balance(db(), orgId)).available).toBe(before.available);
  });

  it('refuses orders that are not waiting for payment, and bad trade numbers', async () => {
    const r = await post('/api/b2/post/orders/pay', seller, { orderIds: [paidOrder.id], payMethod: 'ALIPAY_WEB', requestKey: `list-key-${++keySeq}` });
    expect(r.errorCode).toBe(ErrorCode.DROPSHIP_NOT_PAYABLE);
    expectBadRequest(await get('/api/b2/post/orders/pay/alipay/nope', seller), /商户订单号格式不正确/);
  });
});
