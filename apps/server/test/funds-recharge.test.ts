/**
 * Recharge through Alipay, end to end against the Alipay emulator: the cashier URL, paying on the
 * emulator's 收银台, its signed async notify crediting once, the return landing, the trade.query
 * fallback, and every refusal (bad signature, wrong amount, unknown number…) logged and harmless.
 */
import { ErrorCode, fenToYuan, LIST_COUNT_CAP } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { recharges } from '../src/modules/funds/alipay/payments.table.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import {
  balance,
  callers,
  expectBadRequest,
  type FundsTestApp,
  moneyState,
  notifyFields,
  orgOf,
  postNotify,
  readXlsx,
  startFundsApp,
} from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let orgId: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, (await createSecondSeller(db(), 'rc')).username, PASSWORD);
  orgId = await orgOf(db(), seller);
});
afterAll(() => t?.close());

type PayResult = { outTradeNo: string; payUrl: string | null; orderString: string | null; amount: number };
const recharge = (amount: number, payMethod?: string) => post<PayResult>('/api/b2/funds/recharge', seller, { amount, ...(payMethod ? { payMethod } : {}) });
const rechargeRow = async (outTradeNo: string) => (await db().select().from(recharges).where(eq(recharges.outTradeNo, outTradeNo)))[0];

/** Opens the cashier page the URL leads to and presses 支付 (what a buyer does in the browser). */
async function payOnCashier(payUrl: string) {
  const page = await fetch(payUrl);
  const html = await page.text();
  expect(html).toContain('支付宝收银台');
  const outTradeNo = /name="out_trade_no" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const paid = await fetch(new URL('/cashier/pay', payUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ out_trade_no: outTradeNo }).toString(),
    redirect: 'manual',
  });
  return { html, location: paid.headers.get('location') ?? '' };
}

describe('POST /api/b2/funds/recharge', () => {
  it('refuses bad amounts and methods in Chinese and changes nothing', async () => {
    const before = await moneyState(db());
    const cases: [unknown, RegExp][] = [
      [{}, /请输入充值金额/],
      [{ amount: '100' }, /充值金额必须是数字/],
      [{ amount: 10.5 }, /充值金额必须是整数（单位：分）/],
      [{ amount: 0 }, /充值金额至少0.01元/],
      [{ amount: -100 }, /充值金额至少0.01元/],
      [{ amount: 1_000_000_001 }, /充值金额单笔不能超过1000万元/],
      [{ amount: 2 ** 60 }, /充值金额/],
      [{ amount: 100, payMethod: 'BALANCE' }, /支付方式/],
      [{ amount: 100, payMethod: 'WECHAT' }, /支付方式/],
    ];
    for (const [body, msg] of cases) expectBadRequest(await post('/api/b2/funds/recharge', seller, body), msg);
    expect(await moneyState(db())).toEqual(before);
  });

  it('answers the cashier URL of a signed page pay, with our notify and return URLs', async () => {
    const r = await recharge(12_345);
    expect(r.errorCode).toBe(0);
    expect(r.data).toMatchObject({ payMethod: 'ALIPAY_WEB', amount: 12_345, orderString: null });
    expect(r.data.outTradeNo).toMatch(/^RC\d{24}$/);
    const url = new URL(r.data.payUrl ?? '');
    expect(url.origin + url.pathname).toBe(t.alipay.url);
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(url.searchParams.get('notify_url')).toBe(`${t.baseUrl}/api/pay/alipay/notify`);
    expect(url.searchParams.get('return_url')).toBe('http://localhost:80/api/pay/alipay/return?payCallback=recharge');
    expect(JSON.parse(url.searchParams.get('biz_content') ?? '{}')).toMatchObject({ out_trade_no: r.data.outTradeNo, total_amount: '123.45' });
    expect(await rechargeRow(r.data.outTradeNo)).toMatchObject({ orgId, amountFen: 12_345, status: 'WAITING_PAYMENT', tradeNo: null });
  });

  it('wap opens the wap cashier; app answers the order string for the Alipay app', async () => {
    const wap = await recharge(100, 'ALIPAY_WAP');
    expect(new URL(wap.data.payUrl ?? '').searchParams.get('method')).toBe('alipay.trade.wap.pay');
    const app = await recharge(100, 'ALIPAY_APP');
    expect(app.data.payUrl).toBeNull();
    expect(new URLSearchParams(app.data.orderString ?? '').get('method')).toBe('alipay.trade.app.pay');
  });

  it('in production without ALIPAY_GATEWAY there is no emulator: recharging is refused, nothing written', async () => {
    const prod = await buildApp({
      db: db(),
      database: t.database,
      config: { ...t.config, production: true, alipay: { ...t.config.alipay, gateway: undefined } },
    });
    await prod.ready();
    try {
      const before = await moneyState(db());
      const r = (await prod.inject({ method: 'POST', url: '/api/b2/funds/recharge', headers: seller.headers(), payload: { amount: 100 } })).json();
      expect(r).toMatchObject({ errorCode: ErrorCode.ALIPAY_NOT_CONFIGURED, errorMsg: '尚未配置支付宝，暂不能在线支付，请联系平台客服' });
      expect(await moneyState(db())).toEqual(before);
    } finally {
      await prod.close();
    }
  });

  it('is for sellers with the page: purchasers get 403, no session 10000', async () => {
    const purchaser = await login(t.app, 'demo_purchaser');
    expect((await post('/api/b2/funds/recharge', purchaser, { amount: 100 })).errorCode).toBe(403);
    expect((await post('/api/b2/funds/recharge', undefined, { amount: 100 })).errorCode).toBe(10000);
  });
});

describe('paying on the emulator cashier', () => {
  it('the signed notify credits the balance once; the return lands on the page with payCallback', async () => {
    const before = await balance(db(), orgId);
    const r = await recharge(10_000);
    const { location } = await payOnCashier(r.data.payUrl ?? '');
    await vi.waitFor(async () => expect((await rechargeRow(r.data.outTradeNo))?.status).toBe('PAID'), { timeout: 5_000 });
    expect(await balance(db(), orgId)).toEqual({ ...before, available: before.available + 10_000 });
    await vi.waitFor(() => expect(t.alipay.notifyLog().filter((n) => n.outTradeNo === r.data.outTradeNo && n.accepted)).toHaveLength(1), { timeout: 10_000 });
    const row = await rechargeRow(r.data.outTradeNo);
    expect(row?.tradeNo).toMatch(/^\d{28}$/);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.businessId, r.data.outTradeNo));
    expect(entries).toMatchObject([{ transactionType: 'RECHARGE', availableDeltaFen: 10_000, requestKey: `alipay:${r.data.outTradeNo}` }]);

    // the browser follows the cashier's redirect to our return URL
    const back = new URL(location);
    expect(back.pathname).toBe('/api/pay/alipay/return');
    const landed = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe(`/funds/pay?payCallback=recharge&bizType=RECHARGE&outTradeNo=${r.data.outTradeNo}`);
    // a forged return (signature broken) still lands, but names no trade
    back.searchParams.set('total_amount', '99999.00');
    const forged = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(forged.headers.location).toBe('/funds/pay?payCallback=recharge');
  });

  it('GET …/recharge/{outTradeNo} shows it, and only to its own tenant', async () => {
    const r = await recharge(700);
    const mine = await get(`/api/b2/funds/recharge/${r.data.outTradeNo}`, seller);
    expect(mine).toMatchObject({ errorCode: 0, data: { outTradeNo: r.data.outTradeNo, amount: 700, status: 'WAITING_PAYMENT', payMethod: 'ALIPAY_WEB' } });
    expect((await get(`/api/b2/funds/recharge/${r.data.outTradeNo}`, other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expectBadRequest(await get('/api/b2/funds/recharge/not-a-number', seller), /商户订单号格式不正确/);
  });
});

describe('the async notify', () => {
  it('a notify replayed 10 times (and 10 more at once) credits once', async () => {
    const r = await recharge(5_000);
    const before = await moneyState(db());
    const fields = t.signAsAlipay(notifyFields(r.data.outTradeNo, '50.00'));
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push((await postNotify(t, fields)).body);
    answers.push(...(await Promise.all(Array.from({ length: 10 }, () => postNotify(t, fields)))).map((a) => a.body));
    expect(answers).toEqual(Array(20).fill('success'));
    const after = await moneyState(db());
    expect(Number(after.entries) - Number(before.entries)).toBe(1);
    expect(Number(after.available) - Number(before.available)).toBe(5_000);
    expect(await rechargeRow(r.data.outTradeNo)).toMatchObject({ status: 'PAID', tradeNo: fields.trade_no });
  });

  it('refuses a bad signature, a wrong amount, an unknown number, another app, and logs each as a warning', async () => {
    const logs: { level: number; msg: string; reason?: string }[] = [];
    const logged = await buildApp(
      { db: db(), database: t.database, config: t.config },
      { level: 'warn', stream: { write: (s: string) => logs.push(JSON.parse(s)) } },
    );
    await logged.ready();
    try {
      const r = await recharge(3_300);
      const good = notifyFields(r.data.outTradeNo, '33.00');
      const signed = t.signAsAlipay(good);
      const cases: Record<string, Record<string, string>> = {
        'amount changed after signing': { ...signed, total_amount: '3300.00' },
        'signature of someone else': { ...signed, sign: t.signAsAlipay({ ...good, subject: 'x' }).sign ?? '' },
        'no signature': { ...good },
        'wrong amount, correctly signed': t.signAsAlipay({ ...good, total_amount: '33.01' }),
        'amount in fen, correctly signed': t.signAsAlipay({ ...good, total_amount: '3300' }),
        'unknown out_trade_no': t.signAsAlipay(notifyFields('RC20260301000000999999999', '33.00')),
        'another app': t.signAsAlipay({ ...good, app_id: '2021000000000001' }),
        'unknown trade status': t.signAsAlipay({ ...good, trade_status: 'PAID' }),
      };
      const before = await moneyState(db());
      for (const [name, fields] of Object.entries(cases)) {
        const res = await logged.inject({
          method: 'POST',
          url: '/api/pay/alipay/notify',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        });
        expect([name, res.body]).toEqual([name, 'fail']);
      }
      expect(await moneyState(db())).toEqual(before);
      expect((await rechargeRow(r.data.outTradeNo))?.status).toBe('WAITING_PAYMENT');
      const warnings = logs.filter((l) => l.level === 40 && l.msg.startsWith('支付宝通知被拒绝'));
      expect(warnings).toHaveLength(Object.keys(cases).length);
      expect(warnings.map((w) => w.reason)).toEqual(expect.arrayContaining(['bad_signature', 'amount_mismatch', 'unknown', 'invalid_notify']));
      // the genuine one still credits afterwards
      expect((await postNotify(t, signed)).body).toBe('success');
      expect((await rechargeRow(r.data.outTradeNo))?.status).toBe('PAID');
    } finally {
      await logged.close();
    }
  });

  it('a body that is not Alipay’s form is refused without touching anything', async () => {
    const before = await moneyState(db());
    const json = await t.app.inject({ method: 'POST', url: '/api/pay/alipay/notify', payload: { out_trade_no: 'RC1' } });
    expect(json.body).toBe('fail');
    const huge = await postNotify(t, { out_trade_no: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(400);
    expect(await moneyState(db())).toEqual(before);
  });

  it('TRADE_CLOSED closes a waiting recharge; money Alipay took later is still credited', async () => {
    const r = await recharge(800);
    expect((await postNotify(t, t.signAsAlipay(notifyFields(r.data.outTradeNo, '8.00', { trade_status: 'TRADE_CLOSED' })))).body).toBe('success');
    expect((await rechargeRow(r.data.outTradeNo))?.status).toBe('CLOSED');
    const before = await balance(db(), orgId);
    expect((await postNotify(t, t.signAsAlipay(notifyFields(r.data.outTradeNo, '8.00', { trade_status: 'TRADE_FINISHED' })))).body).toBe('success');
    expect((await rechargeRow(r.data.outTradeNo))?.status).toBe('PAID');
    expect((await balance(db(), orgId)).available).toBe(before.available + 800);
  });
});

describe('the trade.query fallback', () => {
  it('a recharge whose notify never arrived is credited when its status is asked for', async () => {
    // A server whose notify URL Alipay cannot reach: the cashier's notify is lost.
    const deaf = await buildApp({
      db: db(),
      database: t.database,
      config: { ...t.config, alipay: { ...t.config.alipay, notifyUrl: 'http://127.0.0.1:9/lost' } },
    });
    await deaf.ready();
    try {
      const res = await deaf.inject({ method: 'POST', url: '/api/b2/funds/recharge', headers: seller.headers(), payload: { amount: 4_321 } });
      const r = res.json().data as PayResult;
      // before paying, Alipay does not know the trade: still waiting, nothing credited
      expect((await get(`/api/b2/funds/recharge/${r.outTradeNo}`, seller)).data).toMatchObject({ status: 'WAITING_PAYMENT' });
      await payOnCashier(r.payUrl ?? '');
      await vi.waitFor(() => expect(t.alipay.notifyLog().some((n) => n.outTradeNo === r.outTradeNo && !n.accepted)).toBe(true), { timeout: 10_000 });
      expect((await rechargeRow(r.outTradeNo))?.status).toBe('WAITING_PAYMENT');
      const before = await balance(db(), orgId);
      const status = await get<{ status: string; amount: number }>(`/api/b2/funds/recharge/${r.outTradeNo}`, seller);
      expect(status.data).toMatchObject({ status: 'PAID', amount: 4_321 });
      expect((await balance(db(), orgId)).available).toBe(before.available + 4_321);
      // asking again does not credit again
      await get(`/api/b2/funds/recharge/${r.outTradeNo}`, seller);
      expect((await balance(db(), orgId)).available).toBe(before.available + 4_321);
    } finally {
      await deaf.close();
    }
  });

  it('an unreachable gateway leaves the recharge waiting', async () => {
    const r = await recharge(900);
    t.alipay.setFailure('service_unavailable');
    try {
      const s = await get(`/api/b2/funds/recharge/${r.data.outTradeNo}`, seller);
      expect(s.data).toMatchObject({ status: 'WAITING_PAYMENT' });
    } finally {
      t.alipay.setFailure(null);
    }
  });
});

describe('GET /api/b2/funds/entries and its Excel export (the balance page)', () => {
  type Entry = { id: number; transactionType: string; amount: number; availableAfter: number; businessId: string | null; createdAt: string };
  const entries = (q: string, s: Session = seller) => get<{ total: number; list: Entry[] }>(`/api/b2/funds/entries${q}`, s);

  it('pages the caller’s entries newest first, filtered by type and time', async () => {
    const all = await entries('?pageSize=100');
    expect(all.errorCode).toBe(0);
    expect(all.data.total).toBeGreaterThan(3);
    const ids = all.data.list.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.data.list[0]?.availableAfter).toBe((await balance(db(), orgId)).available);
    const page2 = await entries('?pageNo=2&pageSize=2');
    expect(page2.data.list.map((e) => e.id)).toEqual(ids.slice(2, 4));
    const recharges = await entries('?transactionType=RECHARGE&pageSize=100');
    expect(recharges.data.list.every((e) => e.transactionType === 'RECHARGE' && e.amount > 0)).toBe(true);
    const future = await entries(`?startTime=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`);
    expect(future.data).toEqual({ total: 0, totalCapped: false, list: [] });
    const past = await entries(`?endTime=${encodeURIComponent('2020-01-01T00:00:00+08:00')}`);
    expect(past.data.total).toBe(0);
  });

  it('refuses bad filters in Chinese; other tenants see none of them', async () => {
    expectBadRequest(await entries('?pageSize=1000'), /每页最多100条/);
    expectBadRequest(await entries('?pageNo=0'), /页码至少为1/);
    expectBadRequest(await entries('?transactionType=GIFT'), /交易类型/);
    expectBadRequest(await entries('?startTime=yesterday'), /开始时间格式不正确/);
    expectBadRequest(await entries(`?startTime=2026-03-02T00:00:00Z&endTime=2026-03-01T00:00:00Z`), /开始时间不能晚于结束时间/);
    expect((await entries('', other)).data).toEqual({ total: 0, totalCapped: false, list: [] });
    const purchaser = await login(t.app, 'demo_purchaser');
    expect((await entries('', purchaser)).errorCode).toBe(403);
  });

  it('exports the filtered entries as .xlsx with Chinese headers and yuan', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/b2/funds/entries/export?transactionType=RECHARGE', headers: seller.headers() });
    const rows = await readXlsx(res);
    expect(rows[0]).toEqual([
      '时间',
      '交易类型',
      '用途',
      '可用余额变动（元）',
      '冻结金额变动（元）',
      '变动后可用（元）',
      '变动后冻结（元）',
      '业务单号',
      '备注',
    ]);
    const listed = await entries('?transactionType=RECHARGE&pageSize=100');
    expect(rows.length - 1).toBe(listed.data.total);
    expect(rows.slice(1).every((r) => r[1] === '充值')).toBe(true);
    expect(rows[1]?.[3]).toBe(fenToYuan(listed.data.list[0]?.amount ?? 0));
    expect(rows[1]?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const theirs = await readXlsx(await t.app.inject({ method: 'GET', url: '/api/b2/funds/entries/export', headers: other.headers() }));
    expect(theirs).toHaveLength(1);
  });

  it('more than 50,000 entries: asks to narrow the range instead of exporting', async () => {
    const big = await orgOf(db(), other);
    await db().execute(
      sql`insert into ledger_entries (org_id, transaction_type, purpose, available_delta_fen, frozen_delta_fen, available_after_fen, frozen_after_fen, request_key)
          select ${big}, 'OTHER', 'OTHER', 0, 0, 0, 0, 'bulk-' || g from generate_series(1, 50001) g`,
    );
    const r = await t.app.inject({ method: 'GET', url: '/api/b2/funds/entries/export', headers: other.headers() });
    expect(r.json()).toMatchObject({ errorCode: ErrorCode.ENTRIES_EXPORT_TOO_LARGE, errorMsg: expect.stringContaining('请缩小日期范围') });
    // The list counts up to 10,000 and says there are more; a narrower filter is exact again.
    const listed = await get<{ total: number; totalCapped: boolean; list: unknown[] }>('/api/b2/funds/entries?pageSize=20', other);
    expect(listed.data).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(listed.data.list).toHaveLength(20);
    const few = await get<{ total: number; totalCapped: boolean }>('/api/b2/funds/entries?transactionType=RECHARGE', other);
    expect(few.data).toMatchObject({ totalCapped: false });
    expect(few.data.total).toBeLessThan(LIST_COUNT_CAP);
    const narrowed = await t.app.inject({ method: 'GET', url: '/api/b2/funds/entries/export?transactionType=RECHARGE', headers: other.headers() });
    expect(narrowed.statusCode).toBe(200);
  });
});
