/**
 * Pay password and SMS codes: set (login password), change (old pay password), reset (SMS code
 * from the Aliyun SMS emulator), the 5-try lockout stored in the database, bad input, tenant
 * isolation, and assertPayPassword as other features call it.
 */
import { ErrorCode } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { AppError } from '../src/lib/app-error.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { assertPayPassword } from '../src/modules/funds/pay-password/pay-password.service.js';
import { payPasswords } from '../src/modules/funds/pay-password/pay-password.table.js';
import { smsCodes } from '../src/modules/sms/sms.table.js';
import { callers, expectBadRequest, type FundsTestApp, moneyState, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let owner: { orgId: number; userId: number };
const { get, post } = callers(() => t);
const db = () => t.database.db;

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  const second = await createSecondSeller(db(), 'pp');
  other = await login(t.app, second.username, PASSWORD);
  owner = { orgId: await orgOf(db(), seller), userId: seller.userId };
});
afterAll(() => t?.close());

async function codeOf(p: Promise<unknown>) {
  return p.then(
    () => 0,
    (e: unknown) => {
      if (e instanceof AppError) return e.errorCode;
      throw e;
    },
  );
}
/** Moves the caller's last SMS past the 60 s cooldown, as time would. */
const ageSms = (userId: number) => db().update(smsCodes).set({ createdAt: sql`created_at - interval '61 seconds'` }).where(eq(smsCodes.userId, userId));

describe('setting the pay password', () => {
  it('reports not set, with the bound phone masked', async () => {
    const r = await get('/api/b2/funds/payPassword/status', seller);
    expect(r).toMatchObject({ errorCode: 0, data: { isSet: false, locked: false, remainingTries: 5, maskedPhone: '138****5678' } });
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    const before = await moneyState(db());
    const cases: [unknown, RegExp][] = [
      [{ loginPassword: DEMO_PASSWORD, payPassword: '12345' }, /支付密码必须是6位数字/],
      [{ loginPassword: DEMO_PASSWORD, payPassword: 123456 }, /支付密码必须是文字/],
      [{ loginPassword: DEMO_PASSWORD, payPassword: '12a456' }, /支付密码必须是6位数字/],
      [{ loginPassword: DEMO_PASSWORD, payPassword: '111111' }, /不能是重复或连续的数字/],
      [{ loginPassword: DEMO_PASSWORD, payPassword: '987654' }, /不能是重复或连续的数字/],
      [{ payPassword: PAY_PASSWORD }, /请输入登录密码/],
      [{ loginPassword: DEMO_PASSWORD }, /请输入支付密码/],
      [{ loginPassword: 'x'.repeat(129), payPassword: PAY_PASSWORD }, /登录密码不能超过128个字符/],
    ];
    for (const [body, msg] of cases) expectBadRequest(await post('/api/b2/funds/payPassword/set', seller, body), msg);
    expect(await moneyState(db())).toEqual(before);
  });

  it('asks the login password again; a wrong one is refused and counts as a failed sign-in', async () => {
    const r = await post('/api/b2/funds/payPassword/set', seller, { loginPassword: 'Wrong@2026', payPassword: PAY_PASSWORD });
    expect(r).toMatchObject({ errorCode: ErrorCode.LOGIN_PASSWORD_WRONG, errorMsg: '登录密码错误，请重新输入' });
    expect((await get<{ isSet: boolean }>('/api/b2/funds/payPassword/status', seller)).data.isSet).toBe(false);
  });

  it('sets it once, stores only an argon2 hash, and refuses a second set', async () => {
    await setPayPassword(t, seller, DEMO_PASSWORD);
    const [row] = await db().select().from(payPasswords).where(eq(payPasswords.userId, seller.userId));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(PAY_PASSWORD);
    const again = await post('/api/b2/funds/payPassword/set', seller, { loginPassword: DEMO_PASSWORD, payPassword: '260417' });
    expect(again.errorCode).toBe(ErrorCode.PAY_PASSWORD_ALREADY_SET);
    expect(await codeOf(assertPayPassword(db(), owner, PAY_PASSWORD))).toBe(0);
  });

  it('is personal and per tenant: the second seller has none, and the seller’s does not work there', async () => {
    expect((await get('/api/b2/funds/payPassword/status', other)).data).toMatchObject({ isSet: false, maskedPhone: null });
    const otherOwner = { orgId: await orgOf(db(), other), userId: other.userId };
    expect(await codeOf(assertPayPassword(db(), otherOwner, PAY_PASSWORD))).toBe(ErrorCode.PAY_PASSWORD_NOT_SET);
    // the seller's user id under another organisation is nobody's pay password
    expect(await codeOf(assertPayPassword(db(), { orgId: otherOwner.orgId, userId: seller.userId }, PAY_PASSWORD))).toBe(ErrorCode.PAY_PASSWORD_NOT_SET);
  });

  it('needs a session; a purchaser may set its own', async () => {
    expect((await get('/api/b2/funds/payPassword/status')).errorCode).toBe(10000);
    const purchaser = await login(t.app, 'demo_purchaser');
    expect((await get('/api/b2/funds/payPassword/status', purchaser)).data).toMatchObject({ isSet: false });
  });
});

describe('wrong pay passwords and the lockout', () => {
  it('says how many tries remain, locks on the fifth for 30 minutes, in the database', async () => {
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const e = await assertPayPassword(db(), owner, '000000').catch((err: AppError) => err);
      expect((e as AppError).errorCode).toBe(ErrorCode.PAY_PASSWORD_WRONG);
      messages.push((e as AppError).message);
    }
    expect(messages.map((m) => /还可以尝试(\d)次/.exec(m)?.[1])).toEqual(['4', '3', '2', '1']);
    const fifth = await assertPayPassword(db(), owner, '000000').catch((err: AppError) => err);
    expect((fifth as AppError).errorCode).toBe(ErrorCode.PAY_PASSWORD_LOCKED);
    expect((fifth as AppError).message).toContain('已锁定30分钟');
    // the right password is refused too while locked, and says how long
    const locked = await assertPayPassword(db(), owner, PAY_PASSWORD).catch((err: AppError) => err);
    expect((locked as AppError).message).toMatch(/请(29|30)分钟后再试/);
    const [row] = await db().select().from(payPasswords).where(eq(payPasswords.userId, seller.userId));
    const minutes = ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect((await get('/api/b2/funds/payPassword/status', seller)).data).toMatchObject({ isSet: true, locked: true, remainingTries: 0 });
  });

  it('unlocks when the 30 minutes are over, with a fresh count', async () => {
    await db().update(payPasswords).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(payPasswords.userId, seller.userId));
    expect((await get('/api/b2/funds/payPassword/status', seller)).data).toMatchObject({ locked: false, remainingTries: 5 });
    const e = await assertPayPassword(db(), owner, '000000').catch((err: AppError) => err);
    expect((e as AppError).message).toContain('还可以尝试4次');
    expect(await codeOf(assertPayPassword(db(), owner, PAY_PASSWORD))).toBe(0);
    expect((await get('/api/b2/funds/payPassword/status', seller)).data).toMatchObject({ remainingTries: 5 });
  });

  it('parallel right passwords all pass and lock nothing (a batch paid from several tabs at once)', async () => {
    const codes = await Promise.all(Array.from({ length: 12 }, () => codeOf(assertPayPassword(db(), owner, PAY_PASSWORD))));
    expect(codes).toEqual(Array(12).fill(0));
    expect((await get('/api/b2/funds/payPassword/status', seller)).data).toMatchObject({ locked: false, remainingTries: 5 });
  });

  it('20 parallel wrong guesses cost at most 5 tries before the lock', async () => {
    const codes = await Promise.all(Array.from({ length: 20 }, () => codeOf(assertPayPassword(db(), owner, '000000'))));
    expect(codes.filter((c) => c === ErrorCode.PAY_PASSWORD_WRONG).length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === ErrorCode.PAY_PASSWORD_LOCKED).length).toBeGreaterThanOrEqual(16);
    expect(codes.every((c) => c === ErrorCode.PAY_PASSWORD_WRONG || c === ErrorCode.PAY_PASSWORD_LOCKED)).toBe(true);
  });
});

describe('resetting by SMS code (Aliyun SMS emulator)', () => {
  it('v1 sends a code to the bound phone and answers nothing; a second send within 60 s is refused', async () => {
    const r = await post('/api/sms/code', seller, {});
    expect(r).toEqual({ errorCode: 0, errorMsg: '成功', data: null });
    expect(t.sms.lastCode('13812345678')).toMatch(/^\d{6}$/);
    expect(t.sms.messages('13812345678')[0]?.content).toMatch(/^【代发助手】您的验证码为\d{6}，5分钟内有效/);
    const again = await post('/api/sms/code/v2', seller, { scene: 'RESET_PAY_PASSWORD' });
    expect(again.errorCode).toBe(ErrorCode.SMS_TOO_FREQUENT);
    expect(again.errorMsg).toMatch(/请(5\d|60)秒后再试/);
    expect(t.sms.messages('13812345678')).toHaveLength(1);
  });

  it('v2 answers the masked phone, the cooldown and the lifetime', async () => {
    await ageSms(seller.userId);
    const r = await post('/api/sms/code/v2', seller, { scene: 'RESET_PAY_PASSWORD' });
    expect(r).toMatchObject({ errorCode: 0, data: { maskedPhone: '138****5678', cooldownSeconds: 60, expiresInSeconds: 300 } });
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    await ageSms(seller.userId);
    const before = await moneyState(db());
    expectBadRequest(await post('/api/sms/code/v2', seller, {}), /验证码用途/);
    expectBadRequest(await post('/api/sms/code/v2', seller, { scene: 'LOGIN' }), /验证码用途/);
    expectBadRequest(await post('/api/sms/code', seller, { scene: 'LOGIN' }), /验证码用途/);
    expectBadRequest(await post('/api/b2/funds/payPassword/reset', seller, { smsCode: '12345', payPassword: '260417' }), /短信验证码必须是6位数字/);
    expectBadRequest(await post('/api/b2/funds/payPassword/reset', seller, { smsCode: 123456, payPassword: '260417' }), /短信验证码/);
    expectBadRequest(await post('/api/b2/funds/payPassword/reset', seller, { smsCode: '123456', payPassword: '123456' }), /不能是重复或连续的数字/);
    expect(await moneyState(db())).toEqual(before);
  });

  it('a wrong code costs a try; the right one resets the password, lifts the lock and is used up', async () => {
    // locked from the parallel guesses above
    expect((await get('/api/b2/funds/payPassword/status', seller)).data).toMatchObject({ locked: true });
    const code = t.sms.lastCode('13812345678') ?? '';
    const wrong = code === '000000' ? '000001' : '000000';
    const bad = await post('/api/b2/funds/payPassword/reset', seller, { smsCode: wrong, payPassword: '260417' });
    expect(bad).toMatchObject({ errorCode: ErrorCode.SMS_CODE_WRONG, errorMsg: '短信验证码错误，还可以尝试4次' });
    // another tenant cannot use the seller's code
    expect((await post('/api/b2/funds/payPassword/reset', other, { smsCode: code, payPassword: '260417' })).errorCode).toBe(ErrorCode.SMS_CODE_WRONG);
    expect((await post('/api/b2/funds/payPassword/reset', seller, { smsCode: code, payPassword: '260417' })).errorCode).toBe(0);
    expect((await get('/api/b2/funds/payPassword/status', seller)).data).toMatchObject({ locked: false, remainingTries: 5 });
    expect(await codeOf(assertPayPassword(db(), owner, '260417'))).toBe(0);
    expect(await codeOf(assertPayPassword(db(), owner, PAY_PASSWORD))).toBe(ErrorCode.PAY_PASSWORD_WRONG);
    const reuse = await post('/api/b2/funds/payPassword/reset', seller, { smsCode: code, payPassword: '370528' });
    expect(reuse.errorCode).toBe(ErrorCode.SMS_CODE_WRONG);
  });

  it('five wrong codes kill the code', async () => {
    await ageSms(seller.userId);
    await post('/api/sms/code/v2', seller, { scene: 'RESET_PAY_PASSWORD' });
    const code = t.sms.lastCode('13812345678') ?? '';
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) await post('/api/b2/funds/payPassword/reset', seller, { smsCode: wrong, payPassword: '370528' });
    const r = await post('/api/b2/funds/payPassword/reset', seller, { smsCode: code, payPassword: '370528' });
    expect(r).toMatchObject({ errorCode: ErrorCode.SMS_CODE_WRONG, errorMsg: '短信验证码错误或已过期，请重新获取' });
  });

  it('an expired code is refused', async () => {
    await ageSms(seller.userId);
    await post('/api/sms/code/v2', seller, { scene: 'RESET_PAY_PASSWORD' });
    await db().update(smsCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(smsCodes.userId, seller.userId));
    const r = await post('/api/b2/funds/payPassword/reset', seller, { smsCode: t.sms.lastCode('13812345678'), payPassword: '370528' });
    expect(r.errorCode).toBe(ErrorCode.SMS_CODE_WRONG);
  });

  it('in production without SMS_* configured nothing is sent (no emulator there)', async () => {
    const prod = await buildApp({ db: db(), database: t.database, config: { ...t.config, production: true, sms: { ...t.config.sms, accessKeyId: '' } } });
    await prod.ready();
    try {
      await ageSms(seller.userId);
      const before = await moneyState(db());
      const r = (await prod.inject({ method: 'POST', url: '/api/sms/code/v2', headers: seller.headers(), payload: { scene: 'RESET_PAY_PASSWORD' } })).json();
      expect(r).toMatchObject({ errorCode: ErrorCode.SMS_SEND_FAILED, errorMsg: expect.stringContaining('尚未配置短信服务') });
      expect(await moneyState(db())).toEqual(before);
    } finally {
      await prod.close();
    }
  });

  it('an account without a bound phone is told so; nothing is sent or stored', async () => {
    const before = await moneyState(db());
    const r = await post('/api/sms/code/v2', other, { scene: 'RESET_PAY_PASSWORD' });
    expect(r.errorCode).toBe(ErrorCode.PHONE_NOT_BOUND);
    expect(r.errorMsg).toContain('未绑定手机号');
    expect(await moneyState(db())).toEqual(before);
  });

  it('a refused send neither holds the cooldown nor counts; ten a day at most', async () => {
    await ageSms(seller.userId);
    t.sms.setFailure('isv.AMOUNT_NOT_ENOUGH', { times: 1 });
    const before = await moneyState(db());
    expect((await post('/api/sms/code/v2', seller, { scene: 'RESET_PAY_PASSWORD' })).errorCode).toBe(ErrorCode.SMS_SEND_FAILED);
    expect(await moneyState(db())).toEqual(before);
    expect((await post('/api/sms/code/v2', seller, { scene: 'RESET_PAY_PASSWORD' })).errorCode).toBe(0);
    await ageSms(seller.userId);
    // Ten sent just now, after the ageing: aged rows may fall before Beijing midnight when the file runs
    // just after it, and would then not count for today.
    for (let i = 0; i < 10; i++)
      await db().insert(smsCodes).values({ userId: seller.userId, orgId: owner.orgId, phone: '13812345678', scene: 'X', codeHash: 'x', expiresAt: new Date() });
    const r = await post('/api/sms/code/v2', seller, { scene: 'RESET_PAY_PASSWORD' });
    expect(r).toMatchObject({ errorCode: ErrorCode.SMS_DAILY_LIMIT, errorMsg: '今日验证码发送次数已达上限，请明天再试' });
  });
});

describe('changing the pay password', () => {
  it('needs the old one (a wrong one costs a try) and then works with the new one only', async () => {
    const wrong = await post('/api/b2/funds/payPassword/change', seller, { oldPayPassword: '000000', payPassword: '481736' });
    expect(wrong.errorCode).toBe(ErrorCode.PAY_PASSWORD_WRONG);
    expect(wrong.errorMsg).toMatch(/还可以尝试\d次/);
    expectBadRequest(
      await post('/api/b2/funds/payPassword/change', seller, { oldPayPassword: '260417', payPassword: '222222' }),
      /新支付密码不能是重复或连续的数字/,
    );
    expect((await post('/api/b2/funds/payPassword/change', seller, { oldPayPassword: '260417', payPassword: '481736' })).errorCode).toBe(0);
    expect(await codeOf(assertPayPassword(db(), owner, '481736'))).toBe(0);
    expect(await codeOf(assertPayPassword(db(), owner, '260417'))).toBe(ErrorCode.PAY_PASSWORD_WRONG);
    // the second seller has none to change
    expect((await post('/api/b2/funds/payPassword/change', other, { oldPayPassword: '481736', payPassword: '592847' })).errorCode).toBe(
      ErrorCode.PAY_PASSWORD_NOT_SET,
    );
  });
});

describe('the login password asked again by the first set', () => {
  it('counts under sign-in’s own limit: 5 wrong tries lock both the set and signing in', async () => {
    const third = await createSecondSeller(db(), 'pl');
    const s = await login(t.app, third.username, PASSWORD);
    for (let i = 0; i < 5; i++) {
      const r = await post('/api/b2/funds/payPassword/set', s, { loginPassword: 'Wrong@2026', payPassword: PAY_PASSWORD });
      expect(r.errorCode).toBe(ErrorCode.LOGIN_PASSWORD_WRONG);
    }
    // The right password is refused unchecked now, here and at sign-in.
    const locked = await post('/api/b2/funds/payPassword/set', s, { loginPassword: PASSWORD, payPassword: PAY_PASSWORD });
    expect(locked.errorCode).toBe(ErrorCode.LOGIN_LOCKED);
    const signIn = await post('/api/auth/login', undefined, { username: third.username, password: PASSWORD });
    expect(signIn.errorCode).toBe(ErrorCode.LOGIN_LOCKED);
    expect(await db().select().from(payPasswords).where(eq(payPasswords.userId, s.userId))).toHaveLength(0);
  });
});
