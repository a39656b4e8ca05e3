/**
 * 充值记录 and 补款: recharge records and replenish requests, paged and filtered
 * from the database, their Excel exports, the pay-later statistic, bad input and tenant isolation.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.js';
import { recharges } from '../src/modules/funds/alipay/payments.table.js';
import { createReplenishRequest } from '../src/modules/funds/records/records.service.js';
import { replenishDetails } from '../src/modules/funds/records/records.table.js';
import { replenishRequests } from '../src/modules/funds/replenish/replenish.table.js';
import { callers, expectBadRequest, orgOf, readWorkbook } from './funds-records-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { createSecondSeller, PASSWORD, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let sellerOrg: number;
let otherOrg: number;
const { get, post, raw } = callers(() => t);
const db = () => t.database.db;

type Page<R> = { total: number; list: R[] };
type RechargeRow = { id: number; outTradeNo: string; amountFen: number; method: string; status: string; createdAt: string; paidAt: string | null };
type ReplenishRow = { id: number; amountFen: number; reason: string | null; orderNo: string | null; purpose: string; status: string };

beforeAll(async () => {
  t = await createTestApp();
  const second = await createSecondSeller(db(), 'rec');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  purchaser = await login(t.app, 'demo_purchaser');
  sellerOrg = await orgOf(t, seller);
  otherOrg = second.orgId;
  const at = (s: string) => new Date(s);
  await db()
    .insert(recharges)
    .values([
      {
        orgId: sellerOrg,
        outTradeNo: 'RC2026030100000001',
        amountFen: 10_000,
        payMethod: 'ALIPAY_WEB',
        status: 'PAID',
        paidAt: at('2026-03-01T02:00:00Z'),
        createdAt: at('2026-03-01T01:59:00Z'),
      },
      // 23:30 on 31 March in Beijing is still March there, although it is 15:30 UTC.
      {
        orgId: sellerOrg,
        outTradeNo: 'RC2026033100000002',
        amountFen: 5_050,
        payMethod: 'ALIPAY_WAP',
        status: 'WAITING_PAYMENT',
        createdAt: at('2026-03-31T15:30:00Z'),
      },
      { orgId: sellerOrg, outTradeNo: 'RC2026040100000003', amountFen: 1, payMethod: 'ALIPAY_WEB', status: 'CLOSED', createdAt: at('2026-03-31T16:30:00Z') },
      { orgId: otherOrg, outTradeNo: 'RC2026030100000009', amountFen: 99_999, payMethod: 'ALIPAY_WEB', status: 'PAID', createdAt: at('2026-03-02T01:00:00Z') },
    ]);
});
afterAll(() => t?.close());

const tables = { recharges, replenishRequests, replenishDetails };

describe('POST /api/b2/funds/recharges/page', () => {
  it("lists the caller's recharges newest first, with method and status", async () => {
    const r = await post<Page<RechargeRow>>('/api/b2/funds/recharges/page', seller, { pageNo: 1, pageSize: 20 });
    expect(r.errorCode).toBe(0);
    expect(r.data.total).toBe(3);
    expect(r.data.list.map((x) => x.outTradeNo)).toEqual(['RC2026040100000003', 'RC2026033100000002', 'RC2026030100000001']);
    expect(r.data.list[2]).toMatchObject({ amountFen: 10_000, method: 'ALIPAY_WEB', status: 'PAID', paidAt: '2026-03-01T02:00:00.000Z' });
  });

  it('filters by status and by Beijing calendar days, and pages', async () => {
    const paid = await post<Page<RechargeRow>>('/api/b2/funds/recharges/page', seller, { pageNo: 1, pageSize: 20, status: 'PAID' });
    expect(paid.data.list.map((x) => x.outTradeNo)).toEqual(['RC2026030100000001']);
    const march31 = await post<Page<RechargeRow>>('/api/b2/funds/recharges/page', seller, {
      pageNo: 1,
      pageSize: 20,
      dateFrom: '2026-03-31',
      dateTo: '2026-03-31',
    });
    expect(march31.data.list.map((x) => x.outTradeNo)).toEqual(['RC2026033100000002']);
    const second = await post<Page<RechargeRow>>('/api/b2/funds/recharges/page', seller, { pageNo: 2, pageSize: 2 });
    expect(second.data).toMatchObject({ total: 3, list: [{ outTradeNo: 'RC2026030100000001' }] });
  });

  it("another seller sees only its own recharge; a purchaser may not open the page's calls", async () => {
    const r = await post<Page<RechargeRow>>('/api/b2/funds/recharges/page', other, { pageNo: 1, pageSize: 20 });
    expect(r.data.list.map((x) => x.outTradeNo)).toEqual(['RC2026030100000009']);
    expect((await raw('/api/b2/funds/recharges/page', purchaser, { pageNo: 1, pageSize: 20 })).statusCode).toBe(403);
  });

  it('exports the filtered records as a workbook with Chinese headers and yuan', async () => {
    const [sheet] = await readWorkbook(await raw('/api/b2/funds/recharges/export', seller, { dateFrom: '2026-03-01', dateTo: '2026-03-31' }));
    expect(sheet?.name).toBe('充值记录');
    expect(sheet?.rows[0]).toEqual(['充值时间', '商户订单号', '充值金额（元）', '充值方式', '状态', '到账时间']);
    expect(sheet?.rows.slice(1)).toEqual([
      ['2026-03-31 23:30:00', 'RC2026033100000002', '50.50', '支付宝', '待支付', ''],
      ['2026-03-01 09:59:00', 'RC2026030100000001', '100.00', '支付宝', '已支付', '2026-03-01 10:00:00'],
    ]);
  });

  it('refuses an export past the row limit with a Chinese message, not a huge file', async () => {
    const org = otherOrg;
    await db().execute(sql`insert into recharges (org_id, out_trade_no, amount_fen, pay_method, status)
      select ${org}, 'RCBULK' || g, 100, 'ALIPAY_WEB', 'PAID' from generate_series(1, 10001) g`);
    const res = await raw('/api/b2/funds/recharges/export', other, {});
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json()).toMatchObject({ errorCode: 13055, errorMsg: expect.stringContaining('缩小日期范围') });
    await db().execute(sql`delete from recharges where org_id = ${org} and out_trade_no like 'RCBULK%'`);
  });

  it.each([
    [{ pageNo: 0, pageSize: 20 }, /页码/],
    [{ pageNo: 1, pageSize: 'lots' }, /每页条数/],
    [{ pageNo: 1, pageSize: 20, status: 'DONE' }, /状态/],
    [{ pageNo: 1, pageSize: 20, dateFrom: '2026-02-30' }, /开始日期不是有效日期/],
    [{ pageNo: 1, pageSize: 20, dateFrom: '2026/03/01' }, /开始日期格式应为 YYYY-MM-DD/],
    [{ pageNo: 1, pageSize: 20, dateFrom: '2026-03-02', dateTo: '2026-03-01' }, /开始日期不能晚于结束日期/],
    [{ pageNo: 1, pageSize: 20, dateTo: 20260301 }, /结束日期必须是日期文字/],
  ])('bad input %j answers a Chinese 400 and changes nothing', async (payload, message) => {
    const before = await snapshotCounts(db(), tables);
    expectBadRequest(await post('/api/b2/funds/recharges/page', seller, payload), message);
    expect(await snapshotCounts(db(), tables)).toEqual(before);
  });
});

describe('POST /api/b2/funds/replenish/page', () => {
  it('lists replenish requests with purpose and order reference; the waiting count is the badge', async () => {
    const waiting = await post<Page<ReplenishRow>>('/api/b2/funds/replenish/page', seller, { pageNo: 1, pageSize: 20, status: 'WAITING_PAYMENT' });
    const badge = await post<{ count: number }>('/api/home/replenish/waitingPayment/statistics', seller);
    expect(waiting.data.total).toBe(badge.data.count);
    expect(waiting.data.list.map((r) => [r.amountFen, r.purpose, r.orderNo])).toEqual([
      [850, 'UPDATE_PRICE', 'DF202603150022'],
      [1200, 'UPDATE_PRICE', 'DF202603150021'],
    ]);
  });

  it('a request without details reads as a price rise with no order; paid ones filter out', async () => {
    await db()
      .insert(replenishRequests)
      .values([
        { orgId: sellerOrg, amountFen: 300, reason: '旧补款' },
        { orgId: sellerOrg, amountFen: 700, reason: '已付补款', status: 'PAID' },
      ]);
    const all = await post<Page<ReplenishRow>>('/api/b2/funds/replenish/page', seller, { pageNo: 1, pageSize: 2 });
    expect(all.data.total).toBe(4);
    expect(all.data.list[0]).toMatchObject({ amountFen: 700, status: 'PAID', purpose: 'UPDATE_PRICE', orderNo: null });
    const paid = await post<Page<ReplenishRow>>('/api/b2/funds/replenish/page', seller, { pageNo: 1, pageSize: 20, status: 'PAID' });
    expect(paid.data.list.map((r) => r.reason)).toEqual(['已付补款']);
  });

  it('another seller sees none of them', async () => {
    expect((await post<Page<ReplenishRow>>('/api/b2/funds/replenish/page', other, { pageNo: 1, pageSize: 20 })).data).toEqual({ total: 0, list: [] });
  });

  it('exports with Chinese purpose and status names', async () => {
    const [sheet] = await readWorkbook(await raw('/api/b2/funds/replenish/export', seller, { status: 'WAITING_PAYMENT' }));
    expect(sheet?.rows[0]).toEqual(['补款单号', '创建时间', '补款金额（元）', '类型', '原因', '关联订单', '状态']);
    expect(sheet?.rows.slice(1).map((r) => [r[2], r[3], r[6]])).toEqual([
      ['3.00', '改价补款', '待付款'],
      ['8.50', '改价补款', '待付款'],
      ['12.00', '改价补款', '待付款'],
    ]);
  });

  it('bad input answers a Chinese 400', async () => {
    expectBadRequest(await post('/api/b2/funds/replenish/page', seller, { pageNo: 1, pageSize: 20, status: 'UNPAID' }), /状态/);
    expectBadRequest(await post('/api/b2/funds/replenish/page', seller, { pageNo: -1 }), /页码/);
  });
});

describe('先拿货后付款: createReplenishRequest and GET /api/home/goods/pay/later/statistics', () => {
  const url = '/api/home/goods/pay/later/statistics';

  it('counts only GOODS_PAY_LATER requests still waiting, of the caller', async () => {
    expect((await get(url, seller)).data).toEqual({ count: 0, amountFen: 0 });
    const a = await createReplenishRequest(db(), {
      orgId: sellerOrg,
      amountFen: 4560,
      reason: '先拿货后付款：C330',
      purpose: 'GOODS_PAY_LATER',
      orderNo: 'DF1',
    });
    await createReplenishRequest(db(), { orgId: sellerOrg, amountFen: 1000, reason: '先拿货后付款：C331', purpose: 'GOODS_PAY_LATER' });
    await createReplenishRequest(db(), { orgId: sellerOrg, amountFen: 999, reason: '涨价', purpose: 'UPDATE_PRICE' });
    await createReplenishRequest(db(), { orgId: otherOrg, amountFen: 777, reason: '别人的', purpose: 'GOODS_PAY_LATER' });
    expect((await get(url, seller)).data).toEqual({ count: 2, amountFen: 5560 });
    await db().update(replenishRequests).set({ status: 'PAID' }).where(eq(replenishRequests.id, a));
    expect((await get(url, seller)).data).toEqual({ count: 1, amountFen: 1000 });
    expect((await get(url, other)).data).toEqual({ count: 1, amountFen: 777 });
    expect((await get(url, purchaser)).data).toEqual({ count: 0, amountFen: 0 });
  });

  it('refuses fractional, huge or zero amounts, unknown purposes and empty reasons, writing nothing', async () => {
    const before = await snapshotCounts(db(), tables);
    const bad = [
      { amountFen: 1.5, reason: 'x', purpose: 'GOODS_PAY_LATER' },
      { amountFen: 0, reason: 'x', purpose: 'GOODS_PAY_LATER' },
      { amountFen: 2e9, reason: 'x', purpose: 'GOODS_PAY_LATER' },
      { amountFen: 100, reason: 'x', purpose: 'LATER' },
      { amountFen: 100, reason: '  ', purpose: 'GOODS_PAY_LATER' },
    ];
    for (const b of bad) {
      const e = await createReplenishRequest(db(), { orgId: sellerOrg, ...(b as { amountFen: number; reason: string; purpose: 'OTHER' }) }).catch(
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).errorCode).toBe(400);
    }
    expect(await snapshotCounts(db(), tables)).toEqual(before);
  });
});
