/**
 * Paying replenish requests (补款): from the balance with the pay password (all or none, once
 * per request key, exactly one of concurrent payers wins) and through Alipay (the notify puts the
 * money on the balance and pays each request still waiting).
 */
import { ErrorCode } from '@dropship/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../src/lib/app-error.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { payWithBalance } from '../src/modules/funds/replenish/replenish.service.js';
import { replenishRequests } from '../src/modules/funds/replenish/replenish.table.js';
import {
  balance,
  callers,
  expectBadRequest,
  type FundsTestApp,
  fund,
  moneyState,
  notifyFields,
  orgOf,
  PAY_PASSWORD,
  postNotify,
  setPayPassword,
  startFundsApp,
} from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let orgId: number;
let otherOrg: number;
let seeded: number[];
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `replenish-test-key-${++keySeq}`;

async function newRequests(org: number, amounts: number[]) {
  const rows = await db()
    .insert(replenishRequests)
    .values(amounts.map((amountFen, i) => ({ orgId: org, amountFen, reason: `档口涨价：测试货号 T${i}` })))
    .returning({ id: replenishRequests.id });
  return rows.map((r) => r.id);
}
const statusOf = async (ids: number[]) =>
  (await db().select().from(replenishRequests).where(inArray(replenishRequests.id, ids))).sort((a, b) => a.id - b.id).map((r) => r.status);

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  const second = await createSecondSeller(db(), 'rp');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  otherOrg = second.orgId;
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await setPayPassword(t, other, PASSWORD);
  seeded = (await db().select().from(replenishRequests).where(eq(replenishRequests.orgId, orgId))).map((r) => r.id).sort((a, b) => a - b);
});
afterAll(() => t?.close());

type Row = { id: number; amount: number; status: string };
const pay = (s: Session, body: Record<string, unknown>) =>
  post<{ paid: boolean; amount: number; alipay: { outTradeNo: string; payUrl: string } | null }>('/api/b2/funds/replenish/pay', s, body);

describe('GET /api/b2/funds/replenish/list', () => {
  it('lists the pending ones of the caller only, or the named ones', async () => {
    const pending = await get<Row[]>('/api/b2/funds/replenish/list', seller);
    expect(pending.data.map((r) => [r.amount, r.status])).toEqual([
      [1200, 'WAITING_PAYMENT'],
      [850, 'WAITING_PAYMENT'],
    ]);
    expect((await get<Row[]>('/api/b2/funds/replenish/list', other)).data).toEqual([]);
    expect((await get<Row[]>(`/api/b2/funds/replenish/list?ids=${seeded.join(',')}`, seller)).data.map((r) => r.id)).toEqual(seeded);
    expect((await get(`/api/b2/funds/replenish/list?ids=${seeded[0]}`, other)).errorCode).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses bad ids in Chinese', async () => {
    expectBadRequest(await get('/api/b2/funds/replenish/list?ids=a', seller), /补款单编号/);
    expectBadRequest(await get('/api/b2/funds/replenish/list?ids=1,1', seller), /补款单编号不能重复/);
    expectBadRequest(await get('/api/b2/funds/replenish/list?ids=0', seller), /补款单编号必须大于0/);
    expectBadRequest(await get(`/api/b2/funds/replenish/list?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`, seller), /一次最多支付50个/);
  });
});

describe('paying from the balance', () => {
  it('refuses bad input in Chinese and changes nothing', async () => {
    await fund(db(), orgId, 100_000);
    const before = await moneyState(db());
    const ok = { ids: [seeded[0]], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() };
    const cases: [unknown, RegExp][] = [
      [{ ...ok, payPassword: undefined }, /余额支付请输入支付密码/],
      [{ ...ok, payPassword: '12345' }, /支付密码必须是6位数字/],
      [{ ...ok, payMethod: 'WECHAT' }, /支付方式/],
      [{ ...ok, ids: [] }, /请选择要支付的补款单/],
      [{ ...ok, ids: ['abc'] }, /补款单编号/],
      [{ ...ok, ids: '1' }, /补款单编号/],
      [{ ...ok, ids: [1.5] }, /补款单编号必须是整数/],
      [{ ...ok, ids: [-1] }, /补款单编号必须大于0/],
      [{ ...ok, requestKey: undefined }, /请求编号缺失/],
      [{ ...ok, requestKey: 'short' }, /请求编号无效/],
      [{ ...ok, requestKey: 'a b c d e f g h' }, /请求编号无效/],
    ];
    for (const [body, msg] of cases) expectBadRequest(await pay(seller, body as Record<string, unknown>), msg);
    expect(await moneyState(db())).toEqual(before);
  });

  it('a wrong pay password or another tenant’s request changes nothing', async () => {
    const before = await moneyState(db());
    const wrong = await pay(seller, { ids: [seeded[0]], payMethod: 'BALANCE', payPassword: '000000', requestKey: key() });
    expect(wrong.errorCode).toBe(ErrorCode.PAY_PASSWORD_WRONG);
    const foreign = await pay(other, { ids: [seeded[0]], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() });
    expect(foreign.errorCode).toBe(ErrorCode.NOT_FOUND);
    const mixed = await pay(seller, { ids: [...seeded, 2_000_000_000], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() });
    expect(mixed.errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await moneyState(db())).toEqual(before);
    expect(await statusOf(seeded)).toEqual(['WAITING_PAYMENT', 'WAITING_PAYMENT']);
  });

  it('pays several at once in one transaction; the same request key again moves nothing', async () => {
    const before = await balance(db(), orgId);
    const k = key();
    const r = await pay(seller, { ids: seeded, payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: k });
    expect(r).toMatchObject({ errorCode: 0, data: { paid: true, amount: 2050, alipay: null } });
    expect(await statusOf(seeded)).toEqual(['PAID', 'PAID']);
    expect((await balance(db(), orgId)).available).toBe(before.available - 2050);
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.transactionType, 'REPLENISH')));
    expect(entries.map((e) => [e.purpose, e.availableDeltaFen, e.businessId])).toEqual(
      expect.arrayContaining([
        ['UPDATE_PRICE', -1200, `BK${seeded[0]}`],
        ['UPDATE_PRICE', -850, `BK${seeded[1]}`],
      ]),
    );
    const replay = await pay(seller, { ids: seeded, payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: k });
    expect(replay).toMatchObject({ errorCode: 0, data: { paid: true, amount: 2050 } });
    expect((await balance(db(), orgId)).available).toBe(before.available - 2050);
    const again = await pay(seller, { ids: seeded, payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() });
    expect(again).toMatchObject({ errorCode: ErrorCode.REPLENISH_NOT_PAYABLE });
    expect(again.errorMsg).toContain('已支付或已取消');
    expect((await get<Row[]>('/api/b2/funds/replenish/list', seller)).data).toEqual([]);
  });

  it('all or none: without enough balance nothing is paid', async () => {
    const ids = await newRequests(otherOrg, [300, 500]);
    await fund(db(), otherOrg, 600);
    const before = await moneyState(db());
    const r = await pay(other, { ids, payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() });
    expect(r.errorCode).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect(r.errorMsg).toContain('可用余额不足');
    expect(await moneyState(db())).toEqual(before);
    expect(await statusOf(ids)).toEqual(['WAITING_PAYMENT', 'WAITING_PAYMENT']);
  });

  it('20 concurrent payers of one request: exactly one succeeds, money moves once', async () => {
    const [id] = await newRequests(orgId, [777]);
    const before = await balance(db(), orgId);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        payWithBalance(db(), { orgId, userId: seller.userId }, [id as number], `concurrent-${id}-${i}`).then(
          () => 0,
          (e: AppError) => e.errorCode,
        ),
      ),
    );
    expect(results.filter((c) => c === 0)).toHaveLength(1);
    expect(results.filter((c) => c === ErrorCode.REPLENISH_NOT_PAYABLE)).toHaveLength(19);
    expect((await balance(db(), orgId)).available).toBe(before.available - 777);
    expect(await statusOf([id as number])).toEqual(['PAID']);
  });

  it('the same call through the API twice at once with one key: both answer success, money moves once', async () => {
    const [id] = await newRequests(orgId, [123]);
    const before = await balance(db(), orgId);
    const k = key();
    const [a, b] = await Promise.all([1, 2].map(() => pay(seller, { ids: [id], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: k })));
    expect([a?.errorCode, b?.errorCode]).toEqual([0, 0]);
    expect((await balance(db(), orgId)).available).toBe(before.available - 123);
  });
});

describe('paying through Alipay', () => {
  it('answers the cashier; the notify pays the requests through the balance, replayed 10 times it pays once', async () => {
    const ids = await newRequests(orgId, [1_000, 2_500]);
    const r = await pay(seller, { ids, payMethod: 'ALIPAY_WEB', requestKey: key() });
    expect(r).toMatchObject({ errorCode: 0, data: { paid: false, amount: 3_500 } });
    const outTradeNo = r.data.alipay?.outTradeNo ?? '';
    expect(outTradeNo).toMatch(/^RP\d{24}$/);
    expect(new URL(r.data.alipay?.payUrl ?? '').searchParams.get('return_url')).toContain('payCallback=bukuan');
    const before = await moneyState(db());
    const fields = t.signAsAlipay(notifyFields(outTradeNo, '35.00'));
    for (let i = 0; i < 10; i++) expect((await postNotify(t, fields)).body).toBe('success');
    expect(await statusOf(ids)).toEqual(['PAID', 'PAID']);
    const after = await moneyState(db());
    // in: +3500 (RECHARGE), out: −1000 −2500 (REPLENISH); the balance nets to zero
    expect(Number(after.entries) - Number(before.entries)).toBe(3);
    expect(after.available).toBe(before.available);
    const [paid] = await db()
      .select()
      .from(replenishRequests)
      .where(eq(replenishRequests.id, ids[0] as number));
    expect(paid?.payMethod).toBe('ALIPAY_WEB');
    const status = await get(`/api/b2/funds/replenish/payment/${outTradeNo}`, seller);
    expect(status.data).toMatchObject({ status: 'PAID', amount: 3_500, ids });
    expect((await get(`/api/b2/funds/replenish/payment/${outTradeNo}`, other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expectBadRequest(await get('/api/b2/funds/replenish/payment/RP1', seller), /商户订单号格式不正确/);
  });

  it('a request paid from the balance meanwhile keeps its share on the balance', async () => {
    const ids = await newRequests(orgId, [400, 600]);
    const r = await pay(seller, { ids, payMethod: 'ALIPAY_WAP', requestKey: key() });
    await payWithBalance(db(), { orgId, userId: seller.userId }, [ids[0] as number], key());
    const before = await balance(db(), orgId);
    expect((await postNotify(t, t.signAsAlipay(notifyFields(r.data.alipay?.outTradeNo ?? '', '10.00')))).body).toBe('success');
    expect((await balance(db(), orgId)).available).toBe(before.available + 400);
    expect(await statusOf(ids)).toEqual(['PAID', 'PAID']);
  });

  it('refuses to start on a request no longer waiting, or another tenant’s', async () => {
    const before = await moneyState(db());
    expect((await pay(seller, { ids: seeded, payMethod: 'ALIPAY_WEB', requestKey: key() })).errorCode).toBe(ErrorCode.REPLENISH_NOT_PAYABLE);
    const [theirs] = await newRequests(otherOrg, [50]);
    const after = await moneyState(db());
    expect((await pay(seller, { ids: [theirs], payMethod: 'ALIPAY_WEB', requestKey: key() })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await moneyState(db())).toEqual(after);
    expect(before.replenishPayments).toBe(after.replenishPayments);
  });

  it('a wrong amount is refused and pays nothing', async () => {
    const ids = await newRequests(orgId, [900]);
    const r = await pay(seller, { ids, payMethod: 'ALIPAY_WEB', requestKey: key() });
    const before = await moneyState(db());
    expect((await postNotify(t, t.signAsAlipay(notifyFields(r.data.alipay?.outTradeNo ?? '', '0.90')))).body).toBe('fail');
    expect(await moneyState(db())).toEqual(before);
    expect((await checkLedger(db())).mismatches).toEqual([]);
  });
});
