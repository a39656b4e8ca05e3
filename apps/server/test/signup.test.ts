/**
 * Seller sign-up and password reset by SMS: codes from the Aliyun SMS emulator, the organisation a
 * sign-up makes, bad input refused in Chinese with nothing changed, a used phone, brute force
 * limits per code, per phone and per address, and two sign-ups of one phone at once.
 */
import { ErrorCode } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/modules/auth/accounts.js';
import { organisations, sessions, users } from '../src/modules/auth/auth.table.js';
import { accounts } from '../src/modules/funds/ledger/ledger.table.js';
import { phoneCodes } from '../src/modules/sms/sms.table.js';
import { type FundsTestApp, startFundsApp } from './funds-payments-support.js';
import { createTestApp, login, type Session } from './helpers.js';
import { envelope, isChinese, snapshotCounts } from './support.js';

let t: FundsTestApp;
const db = () => t.database.db;
const NEW_PASSWORD = 'Shop2026ok';

beforeAll(async () => {
  t = await startFundsApp();
});
afterAll(() => t?.close());

async function post<T = unknown>(url: string, payload: unknown, remoteAddress = '127.0.0.1') {
  const res = (await t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress })) as LightMyRequestResponse;
  return envelope<T>(res);
}

/** Moves a phone's codes past the 60 s resend cooldown, as time would. */
const age = (phone: string) => db().update(phoneCodes).set({ createdAt: sql`created_at - interval '61 seconds'` }).where(eq(phoneCodes.phone, phone));

async function codeFor(phone: string, ip = '127.0.0.1') {
  await age(phone);
  const r = await post('/api/auth/register/code', { phone }, ip);
  expect(r.errorCode, r.errorMsg).toBe(0);
  return t.sms.lastCode(phone) ?? '';
}

const tables = () => snapshotCounts(db(), { organisations, users, accounts, sessions });

describe('seller sign-up', () => {
  it('sends a code, creates the organisation, main account and balance account, and signs in', async () => {
    const phone = '13900000001';
    const sent = await post('/api/auth/register/code', { phone });
    expect(sent).toMatchObject({ errorCode: 0, data: { maskedPhone: '139****0001', cooldownSeconds: 60, expiresInSeconds: 300 } });
    const code = t.sms.lastCode(phone) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const r = await post<{ userId: number; userHash: string; username: string; userType: number }>('/api/auth/register', {
      phone,
      code,
      password: NEW_PASSWORD,
      companyName: '义乌新店',
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data).toMatchObject({ username: phone, userType: 0 });
    const [u] = await db().select().from(users).where(eq(users.id, r.data.userId));
    expect(u).toMatchObject({ username: phone, phone, isMain: true, state: 'ENABLED' });
    const [org] = await db()
      .select()
      .from(organisations)
      .where(eq(organisations.id, u?.orgId ?? 0));
    expect(org).toMatchObject({ type: 'seller', name: '义乌新店', state: 'ENABLED' });
    expect(
      await db()
        .select()
        .from(accounts)
        .where(eq(accounts.orgId, org?.id ?? 0)),
    ).toHaveLength(1);

    // The session works, and the phone signs in with the password.
    const info = envelope(
      await t.app.inject({ method: 'GET', url: '/api/b2/user', headers: { 'x-token': r.data.userHash, 'x-user-id': String(r.data.userId) } }),
    );
    expect(info).toMatchObject({ errorCode: 0, data: { username: phone, orgName: '义乌新店', isMain: true } });
    await login(t.app, phone, NEW_PASSWORD);
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    const before = await tables();
    const codeCases: [unknown, RegExp][] = [
      [{}, /请输入手机号/],
      [{ phone: '1234' }, /手机号必须是11位手机号码/],
      [{ phone: '23900000002' }, /手机号必须是11位手机号码/],
      [{ phone: 13900000002 }, /手机号必须是文字/],
    ];
    for (const [payload, msg] of codeCases) {
      const r = await post('/api/auth/register/code', payload);
      expect(r.errorCode, JSON.stringify(payload)).toBe(400);
      expect(r.errorMsg).toMatch(msg);
    }
    const ok = { phone: '13900000002', code: '123456', password: NEW_PASSWORD, companyName: '某店' };
    const cases: [unknown, RegExp][] = [
      [{ ...ok, code: '12345' }, /短信验证码为6位数字/],
      [{ ...ok, code: 'abcdef' }, /短信验证码为6位数字/],
      [{ ...ok, password: 'short1' }, /密码至少8位/],
      [{ ...ok, password: 'onlyletters' }, /密码必须同时包含字母和数字/],
      [{ ...ok, password: '1234567890' }, /密码必须同时包含字母和数字/],
      [{ ...ok, companyName: '' }, /请输入公司名称/],
      [{ ...ok, companyName: '店'.repeat(51) }, /公司名称不能超过50个字符/],
      [{ ...ok, phone: '1390000000' }, /手机号必须是11位手机号码/],
    ];
    for (const [payload, msg] of cases) {
      const r = await post('/api/auth/register', payload);
      expect(r.errorCode, JSON.stringify(payload)).toBe(400);
      expect(r.errorMsg).toMatch(msg);
    }
    // Well-formed but no code was sent to the phone.
    const none = await post('/api/auth/register', ok);
    expect(none.errorCode).toBe(ErrorCode.SMS_CODE_WRONG);
    expect(isChinese(none.errorMsg)).toBe(true);
    expect(await tables()).toEqual(before);
  });

  it('refuses a used phone, at the code and at sign-up, in Chinese', async () => {
    const before = await tables();
    const demoPhone = '13812345678';
    const sent = await post('/api/auth/register/code', { phone: demoPhone });
    expect(sent.errorCode).toBe(ErrorCode.PHONE_ALREADY_USED);
    expect(sent.errorMsg).toBe('该手机号已注册，请直接登录或找回密码');
    expect(t.sms.messages(demoPhone).filter((m) => m.content.includes('验证码'))).toHaveLength(0);
    const r = await post('/api/auth/register', { phone: demoPhone, code: '123456', password: NEW_PASSWORD, companyName: '冒名店' });
    expect(r.errorCode).toBe(ErrorCode.PHONE_ALREADY_USED);
    expect(await tables()).toEqual(before);
  });

  it('keeps the resend cooldown per phone', async () => {
    const phone = '13900000003';
    expect((await post('/api/auth/register/code', { phone })).errorCode).toBe(0);
    const again = await post('/api/auth/register/code', { phone });
    expect(again.errorCode).toBe(ErrorCode.SMS_TOO_FREQUENT);
    expect(again.errorMsg).toMatch(/验证码已发送，请\d+秒后再试/);
  });

  it('kills a code after five wrong tries', async () => {
    const phone = '13900000004';
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 4; i >= 1; i--) {
      const r = await post('/api/auth/register', { phone, code: wrong, password: NEW_PASSWORD, companyName: '试错店' });
      expect(r).toMatchObject({ errorCode: ErrorCode.SMS_CODE_WRONG, errorMsg: `短信验证码错误，还可以尝试${i}次` });
    }
    const fifth = await post('/api/auth/register', { phone, code: wrong, password: NEW_PASSWORD, companyName: '试错店' });
    expect(fifth.errorMsg).toBe('短信验证码错误次数过多，请重新获取验证码');
    const right = await post('/api/auth/register', { phone, code, password: NEW_PASSWORD, companyName: '试错店' });
    expect(right.errorCode).toBe(ErrorCode.SMS_CODE_WRONG);
  });

  it('locks a phone after ten wrong codes in an hour, even against the right code', async () => {
    const phone = '13900000005';
    for (let round = 0; round < 2; round++) {
      const code = await codeFor(phone, `10.0.0.${round + 10}`);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5; i++)
        await post('/api/auth/register', { phone, code: wrong, password: NEW_PASSWORD, companyName: '试错店' }, `10.0.0.${round + 10}`);
    }
    const code = await codeFor(phone, '10.0.0.20');
    const r = await post('/api/auth/register', { phone, code, password: NEW_PASSWORD, companyName: '试错店' }, '10.0.0.20');
    expect(r).toMatchObject({ errorCode: ErrorCode.SMS_VERIFY_LOCKED, errorMsg: '验证码错误次数过多，请1小时后再试' });
    expect(await db().select().from(users).where(eq(users.username, phone))).toHaveLength(0);
  });

  it('locks an address after thirty wrong codes in an hour, whatever the phones', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 30; i++) {
      const r = await post(
        '/api/auth/register',
        { phone: `1370000${String(i).padStart(4, '0')}`, code: '000000', password: NEW_PASSWORD, companyName: '试错店' },
        ip,
      );
      expect(r.errorCode).toBe(ErrorCode.SMS_CODE_WRONG);
    }
    const phone = '13900000006';
    const code = await codeFor(phone, ip);
    const r = await post('/api/auth/register', { phone, code, password: NEW_PASSWORD, companyName: '试错店' }, ip);
    expect(r.errorCode).toBe(ErrorCode.SMS_VERIFY_LOCKED);
    // Another address still signs the same phone up with that code.
    const other = await post('/api/auth/register', { phone, code, password: NEW_PASSWORD, companyName: '试错店' }, '10.0.1.2');
    expect(other.errorCode, other.errorMsg).toBe(0);
  });

  it('caps the codes one address may ask for in a day', async () => {
    const ip = '10.0.2.1';
    await db()
      .insert(phoneCodes)
      .values(
        Array.from({ length: 20 }, (_, i) => ({ phone: `1360000${String(i).padStart(4, '0')}`, scene: 'SIGN_UP', codeHash: 'x', ip, expiresAt: new Date() })),
      );
    const r = await post('/api/auth/register/code', { phone: '13900000007' }, ip);
    expect(r).toMatchObject({ errorCode: ErrorCode.SMS_DAILY_LIMIT, errorMsg: '本网络今日发送验证码次数已达上限，请明天再试' });
  });

  it('lets one of two sign-ups of one phone at once through', async () => {
    const phone = '13900000008';
    const code = await codeFor(phone);
    const before = await tables();
    const body = { phone, code, password: NEW_PASSWORD, companyName: '并发店' };
    const [a, b] = await Promise.all([post('/api/auth/register', body), post('/api/auth/register', { ...body, companyName: '并发店二' })]);
    const codes = [a.errorCode, b.errorCode].sort();
    expect(codes[0]).toBe(0);
    expect([ErrorCode.PHONE_ALREADY_USED, ErrorCode.SMS_CODE_WRONG]).toContain(codes[1]);
    expect(isChinese((a.errorCode ? a : b).errorMsg)).toBe(true);
    const after = await tables();
    expect(after.organisations).toBe((before.organisations ?? 0) + 1);
    expect(after.users).toBe((before.users ?? 0) + 1);
  });

  it('asks for the image captcha before sending a code when captchas are on', async () => {
    const strict = await createTestApp({ env: { CAPTCHA_DISABLED: '0' } });
    try {
      const r = envelope(await strict.app.inject({ method: 'POST', url: '/api/auth/register/code', payload: { phone: '13900000009' } }));
      expect(r).toMatchObject({ errorCode: ErrorCode.CAPTCHA_WRONG, errorMsg: '请输入验证码' });
      const reset = envelope(await strict.app.inject({ method: 'POST', url: '/api/auth/password/code', payload: { username: 'demo_seller' } }));
      expect(reset.errorCode).toBe(ErrorCode.CAPTCHA_WRONG);
    } finally {
      await strict.close();
    }
  });
});

describe('password reset by SMS', () => {
  it('sets a new password for a seller and ends every session of the account', async () => {
    const old: Session = await login(t.app, 'demo_seller');
    const sent = await post('/api/auth/password/code', { username: 'DEMO_SELLER' });
    expect(sent).toMatchObject({ errorCode: 0, data: { maskedPhone: '138****5678' } });
    const code = t.sms.lastCode('13812345678') ?? '';
    const before = await tables();
    const bad = await post('/api/auth/password/reset', { username: 'demo_seller', code, password: 'weak' });
    expect(bad.errorCode).toBe(400);
    expect(await tables()).toEqual(before);

    const r = await post('/api/auth/password/reset', { username: 'demo_seller', code, password: NEW_PASSWORD });
    expect(r.errorCode, r.errorMsg).toBe(0);
    const stale = await t.app.inject({ method: 'GET', url: '/api/b2/user', headers: old.headers() });
    expect(stale.json().errorCode).toBe(ErrorCode.SESSION_INVALID);
    await login(t.app, 'demo_seller', NEW_PASSWORD);
    // The code was used once.
    const reuse = await post('/api/auth/password/reset', { username: 'demo_seller', code, password: 'Another2026' });
    expect(reuse.errorCode).toBe(ErrorCode.SMS_CODE_WRONG);
  });

  it('works for a purchaser sub-account with a bound phone', async () => {
    const [p] = await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.type, 'purchaser')).limit(1);
    await createUser(db(), { orgId: p?.id ?? 0, username: 'picker_phone', password: 'Picker2026', isMain: false, phone: '13700009999' });
    expect((await post('/api/auth/password/code', { username: 'picker_phone' })).errorCode).toBe(0);
    const r = await post('/api/auth/password/reset', { username: 'picker_phone', code: t.sms.lastCode('13700009999'), password: NEW_PASSWORD });
    expect(r.errorCode, r.errorMsg).toBe(0);
    await login(t.app, 'picker_phone', NEW_PASSWORD);
  });

  it('refuses an account without a bound phone, or unknown, in Chinese', async () => {
    for (const username of ['demo_purchaser', 'nobody_here']) {
      const r = await post('/api/auth/password/code', { username });
      expect(r.errorCode).toBe(ErrorCode.ACCOUNT_NOT_RESETTABLE);
      expect(isChinese(r.errorMsg)).toBe(true);
      const reset = await post('/api/auth/password/reset', { username, code: '123456', password: NEW_PASSWORD });
      expect(reset.errorCode).toBe(ErrorCode.ACCOUNT_NOT_RESETTABLE);
    }
  });
});
