/**
 * Withdrawal: binding the Alipay account (pay password), requesting (available → frozen,
 * REVIEWING), the operator's review (approve → Alipay transfer on the emulator → SUCCESS; reject
 * or a refused transfer → money back; an unknown outcome stays TRANSFERRING and is retried safely).
 */
import { ErrorCode } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { withdrawals } from '../src/modules/funds/withdraw/withdrawals.table.js';
import {
  balance,
  callers,
  expectBadRequest,
  type FundsTestApp,
  fund,
  moneyState,
  orgOf,
  PAY_PASSWORD,
  readXlsx,
  setPayPassword,
  startFundsApp,
} from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let operator: Session;
let orgId: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `withdraw-test-key-${++keySeq}`;
/** The emulator knows these payees: a transfer to anyone else is refused like Alipay does. */
const PAYEES = { '13812345678': '王小美', 'shop@example.com': '李四' };

beforeAll(async () => {
  t = await startFundsApp({ payees: PAYEES });
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, (await createSecondSeller(db(), 'wd')).username, PASSWORD);
  operator = await login(t.app, 'demo_operator');
  orgId = await orgOf(db(), seller);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await setPayPassword(t, other, PASSWORD);
  await fund(db(), orgId, 1_000_000);
});
afterAll(() => t?.close());

type WRow = { id: number; withdrawNo: string; amount: number; status: string; alipayAccount: string; realName: string; failReason: string | null };
const withdraw = (s: Session, amount: unknown, requestKey = key(), payPassword = PAY_PASSWORD) =>
  post<WRow>('/api/b2/funds/withdraw', s, { amount, payPassword, requestKey });
const approve = (id: number) => post<WRow>(`/api/operator/funds/withdrawals/${id}/approve`, operator, {});
const reject = (id: number, reason = '账户信息有误') => post<WRow>(`/api/operator/funds/withdrawals/${id}/reject`, operator, { reason });
const row = async (id: number) => (await db().select().from(withdrawals).where(eq(withdrawals.id, id)))[0];

describe('binding the withdrawal Alipay account', () => {
  it('starts unbound; withdrawing then says to bind first', async () => {
    expect((await get('/api/b2/funds/withdrawAccount', seller)).data).toEqual({ bound: false, alipayAccount: null, realName: null, updatedAt: null });
    const r = await withdraw(seller, 1_000);
    expect(r).toMatchObject({ errorCode: ErrorCode.WITHDRAW_ACCOUNT_NOT_BOUND, errorMsg: '尚未绑定提现支付宝账号，请先绑定后再提现' });
  });

  it('refuses bad input in Chinese and a wrong pay password, changing nothing', async () => {
    const before = await moneyState(db());
    const ok = { alipayAccount: '13812345678', realName: '王小美', payPassword: PAY_PASSWORD };
    const cases: [unknown, RegExp][] = [
      [{ ...ok, alipayAccount: '' }, /请输入支付宝账号/],
      [{ ...ok, alipayAccount: '12345' }, /支付宝账号必须是手机号或邮箱/],
      [{ ...ok, alipayAccount: 13812345678 }, /支付宝账号必须是文字/],
      [{ ...ok, realName: '王' }, /真实姓名至少2个字/],
      [{ ...ok, realName: '王小美1' }, /真实姓名只能包含汉字、字母和间隔号/],
      [{ ...ok, realName: '王'.repeat(31) }, /真实姓名不能超过30个字符/],
      [{ ...ok, payPassword: undefined }, /请输入支付密码/],
    ];
    for (const [body, msg] of cases) expectBadRequest(await post('/api/b2/funds/withdrawAccount/bind', seller, body), msg);
    expect((await post('/api/b2/funds/withdrawAccount/bind', seller, { ...ok, payPassword: '000000' })).errorCode).toBe(ErrorCode.PAY_PASSWORD_WRONG);
    expect(await moneyState(db())).toEqual(before);
  });

  it('binds with the pay password and shows the account masked, to its own tenant only', async () => {
    const r = await post('/api/b2/funds/withdrawAccount/bind', seller, { alipayAccount: '13812345678', realName: '王小美', payPassword: PAY_PASSWORD });
    expect(r).toMatchObject({ errorCode: 0, data: { bound: true, alipayAccount: '138****5678', realName: '王*美' } });
    expect((await get('/api/b2/funds/withdrawAccount', other)).data).toMatchObject({ bound: false });
  });
});

describe('requesting a withdrawal', () => {
  it('refuses bad amounts in Chinese and changes nothing', async () => {
    const before = await moneyState(db());
    const cases: [unknown, RegExp][] = [
      ['100', /提现金额必须是数字/],
      [1.5, /提现金额必须是整数/],
      [0, /提现金额至少0.01元/],
      [-500, /提现金额至少0.01元/],
      [1_000_000_001, /提现金额单笔不能超过1000万元/],
      [undefined, /请输入提现金额/],
    ];
    for (const [amount, msg] of cases) expectBadRequest(await withdraw(seller, amount), msg);
    expectBadRequest(await post('/api/b2/funds/withdraw', seller, { amount: 100, payPassword: PAY_PASSWORD }), /请求编号缺失/);
    expect((await withdraw(seller, 9)).errorCode).toBe(ErrorCode.WITHDRAW_TOO_SMALL);
    expect((await withdraw(seller, 1_000, key(), '000000')).errorCode).toBe(ErrorCode.PAY_PASSWORD_WRONG);
    const over = await withdraw(seller, 999_999_999);
    expect(over.errorCode).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect(await moneyState(db())).toEqual(before);
  });

  it('freezes the amount and creates the withdrawal under review; the same key again answers the same one', async () => {
    const before = await balance(db(), orgId);
    const k = key();
    const r = await withdraw(seller, 50_000, k);
    expect(r).toMatchObject({ errorCode: 0, data: { amount: 50_000, status: 'REVIEWING', alipayAccount: '138****5678', realName: '王*美' } });
    expect(r.data.withdrawNo).toMatch(/^TX\d{24}$/);
    expect(await balance(db(), orgId)).toEqual({ available: before.available - 50_000, frozen: before.frozen + 50_000 });
    const again = await withdraw(seller, 50_000, k);
    expect(again.data.id).toBe(r.data.id);
    expect(await balance(db(), orgId)).toEqual({ available: before.available - 50_000, frozen: before.frozen + 50_000 });
    expect((await withdraw(seller, 60_000, k)).errorCode).toBe(ErrorCode.REQUEST_KEY_CONFLICT);
  });

  it('lists the caller’s withdrawals only; the operator sees all with the organisation', async () => {
    const mine = await get<{ total: number; list: WRow[] }>('/api/b2/funds/withdrawals?status=REVIEWING', seller);
    expect(mine.data.total).toBe(1);
    expect((await get<{ total: number }>('/api/b2/funds/withdrawals', other)).data.total).toBe(0);
    const all = await get<{ list: (WRow & { orgName: string })[] }>('/api/operator/funds/withdrawals', operator);
    expect(all.data.list[0]).toMatchObject({ orgName: '杭州小美服饰', status: 'REVIEWING' });
    expectBadRequest(await get('/api/b2/funds/withdrawals?status=DONE', seller), /提现状态/);
    expectBadRequest(await get('/api/b2/funds/withdrawals?pageSize=1000', seller), /每页最多100条/);
    expectBadRequest(await get('/api/operator/funds/withdrawals?status=DONE', operator), /提现状态/);
    expect((await get('/api/operator/funds/withdrawals', seller)).errorCode).toBe(403);
    expect((await post('/api/operator/funds/withdrawals/1/approve', seller, {})).errorCode).toBe(403);
  });
});

describe('the operator’s review', () => {
  it('approve pays out through Alipay: SUCCESS, the frozen money leaves, once', async () => {
    const w = await withdraw(seller, 12_300);
    const before = await balance(db(), orgId);
    const r = await approve(w.data.id);
    expect(r).toMatchObject({ errorCode: 0, data: { status: 'SUCCESS' } });
    expect(await balance(db(), orgId)).toEqual({ available: before.available, frozen: before.frozen - 12_300 });
    expect(t.alipay.transfers().filter((x) => x.outBizNo === w.data.withdrawNo)).toMatchObject([
      { amountFen: 12_300, payeeAccount: '13812345678', payeeName: '王小美' },
    ]);
    expect((await row(w.data.id))?.transferOrderId).toBeTruthy();
    const twice = await approve(w.data.id);
    expect(twice.errorCode).toBe(ErrorCode.STATE_CONFLICT);
    expect(twice.errorMsg).toContain('提现成功');
    expect((await reject(w.data.id)).errorCode).toBe(ErrorCode.STATE_CONFLICT);
  });

  it('reject returns the frozen money; rejecting needs a reason', async () => {
    const w = await withdraw(seller, 2_000);
    const before = await balance(db(), orgId);
    expectBadRequest(await reject(w.data.id, ''), /请填写驳回原因/);
    const r = await reject(w.data.id, '收款人信息待核实');
    expect(r).toMatchObject({ errorCode: 0, data: { status: 'REJECTED' } });
    expect((await row(w.data.id))?.rejectReason).toBe('收款人信息待核实');
    expect(await balance(db(), orgId)).toEqual({ available: before.available + 2_000, frozen: before.frozen - 2_000 });
    expect((await approve(w.data.id)).errorCode).toBe(ErrorCode.STATE_CONFLICT);
  });

  it('a transfer Alipay refuses (name does not match) is FAILED with the money back', async () => {
    await post('/api/b2/funds/withdrawAccount/bind', seller, { alipayAccount: 'shop@example.com', realName: '张三', payPassword: PAY_PASSWORD });
    const w = await withdraw(seller, 3_000);
    const before = await balance(db(), orgId);
    const r = await approve(w.data.id);
    expect(r.errorCode).toBe(ErrorCode.WITHDRAW_TRANSFER_FAILED);
    expect(r.errorMsg).toContain('支付宝账号和姓名不匹配');
    expect(await row(w.data.id)).toMatchObject({ status: 'FAILED', failReason: expect.stringContaining('姓名不匹配') });
    expect(await balance(db(), orgId)).toEqual({ available: before.available + 3_000, frozen: before.frozen - 3_000 });
    const list = await get<{ list: WRow[] }>('/api/b2/funds/withdrawals?status=FAILED', seller);
    expect(list.data.list[0]).toMatchObject({ alipayAccount: 'sh***@example.com', realName: '张*' });
  });

  it('an unknown outcome stays TRANSFERRING; approving again after it clears pays exactly once', async () => {
    await post('/api/b2/funds/withdrawAccount/bind', seller, { alipayAccount: 'shop@example.com', realName: '李四', payPassword: PAY_PASSWORD });
    const w = await withdraw(seller, 4_000);
    const before = await balance(db(), orgId);
    t.alipay.setFailure('service_unavailable');
    const r = await approve(w.data.id);
    t.alipay.setFailure(null);
    expect(r.errorCode).toBe(ErrorCode.WITHDRAW_TRANSFER_UNKNOWN);
    expect((await row(w.data.id))?.status).toBe('TRANSFERRING');
    expect(await balance(db(), orgId)).toEqual(before);
    // reject is no longer possible: the money may be on its way
    expect((await reject(w.data.id)).errorCode).toBe(ErrorCode.STATE_CONFLICT);
    expect((await approve(w.data.id)).data).toMatchObject({ status: 'SUCCESS' });
    expect(t.alipay.transfers().filter((x) => x.outBizNo === w.data.withdrawNo)).toHaveLength(1);
    expect(await balance(db(), orgId)).toEqual({ available: before.available, frozen: before.frozen - 4_000 });
  });

  it('approve and reject at the same time: exactly one wins', async () => {
    const w = await withdraw(seller, 1_500);
    const [a, b] = await Promise.all([approve(w.data.id), reject(w.data.id)]);
    expect([a, b].filter((x) => x.errorCode === 0)).toHaveLength(1);
    expect(['SUCCESS', 'REJECTED']).toContain((await row(w.data.id))?.status);
    expect((await checkLedger(db())).mismatches).toEqual([]);
  });

  it('the seller exports its withdrawals with the payee masked; another tenant exports none', async () => {
    const rows = await readXlsx(await t.app.inject({ method: 'GET', url: '/api/b2/funds/withdrawals/export', headers: seller.headers() }));
    expect(rows[0]).toEqual(['提现单号', '申请时间', '提现金额（元）', '收款支付宝', '收款人', '状态', '驳回/失败原因', '审核时间', '完成时间']);
    const listed = await get<{ total: number }>('/api/b2/funds/withdrawals', seller);
    expect(rows.length - 1).toBe(listed.data.total);
    expect(rows.flat().join(',')).not.toContain('13812345678');
    expect(rows.some((r) => r[5] === '已驳回' && r[6] === '收款人信息待核实')).toBe(true);
    const failed = await readXlsx(await t.app.inject({ method: 'GET', url: '/api/b2/funds/withdrawals/export?status=FAILED', headers: seller.headers() }));
    expect(failed.slice(1).map((r) => r[5])).toEqual(['打款失败']);
    expect(await readXlsx(await t.app.inject({ method: 'GET', url: '/api/b2/funds/withdrawals/export', headers: other.headers() }))).toHaveLength(1);
    expectBadRequest((await t.app.inject({ method: 'GET', url: '/api/b2/funds/withdrawals/export?status=X', headers: seller.headers() })).json(), /提现状态/);
  });

  it('unknown or malformed ids are refused', async () => {
    expect((await approve(2_000_000_000)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expectBadRequest(await post('/api/operator/funds/withdrawals/abc/approve', operator, {}), /提现单编号/);
  });
});
