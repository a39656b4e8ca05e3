/**
 * Identity: the two sign-in portals, user info, what makes a session valid or not, the
 * anti-forgery signature, sign-in rate limiting, and route-path permissions of sub-accounts.
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADERS, SIGN_MAX_SKEW_MS } from '@dropship/contract';
import fastifyCookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../src/lib/envelope.js';
import { installErrorHandler } from '../src/lib/error-handler.js';
import { createUser } from '../src/modules/auth/accounts.js';
import { loginAttempts, organisations, sessions, systemSettings, users } from '../src/modules/auth/auth.table.js';
import { PASSWORD_HASH_COST } from '../src/modules/auth/password.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { feedback } from '../src/modules/system/system.table.js';
import { authPlugin, expectedSign, sha256 } from '../src/plugins/auth.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { envelope, rowCount } from './support.js';

let t: TestApp;
let seller: Session;
let purchaser: Session;
let picker: Session;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  picker = await login(t.app, 'demo_picker');
});
afterAll(() => t?.close());

const SELLER_LOGIN = '/api/auth/login';
const PURCHASER_LOGIN = '/api/b2/purchaser/auth/login';

function postLogin(url: string, username: string, password: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url, payload: { username, password }, remoteAddress });
}

function getUser(headers: Record<string, string>, cookies?: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/b2/user', headers, cookies });
}

describe('seller and purchaser sign-in', () => {
  it('a seller signs in on the seller portal and gets user_id / user_hash cookies', async () => {
    const res = await postLogin(SELLER_LOGIN, 'demo_seller', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = envelope<Record<string, unknown>>(res);
    expect(body.errorCode).toBe(0);
    expect(body.data).toMatchObject({ userType: 0, username: 'demo_seller', subUsername: null });
    expect(typeof body.data.userId).toBe('number');
    expect(body.data.userHash).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cookies.user_id?.value).toBe(String(body.data.userId));
    expect(cookies.user_hash?.value).toBe(body.data.userHash);
    expect(cookies.user_hash?.path).toBe('/');
  });

  it('a purchaser signs in on the purchaser portal with userType 1', async () => {
    const res = await postLogin(PURCHASER_LOGIN, 'demo_purchaser', DEMO_PASSWORD);
    expect(envelope(res)).toMatchObject({ errorCode: 0, data: { userType: 1, username: 'demo_purchaser', subUsername: null } });
  });

  it('demo_picker is a sub-account: username is the main account, subUsername its own', async () => {
    const res = await postLogin(PURCHASER_LOGIN, 'demo_picker', DEMO_PASSWORD);
    expect(envelope(res)).toMatchObject({ errorCode: 0, data: { userType: 1, username: 'demo_purchaser', subUsername: 'demo_picker' } });
  });

  it('usernames are matched case-insensitively', async () => {
    const res = await postLogin(SELLER_LOGIN, 'Demo_Seller', DEMO_PASSWORD);
    expect(envelope(res)).toMatchObject({ errorCode: 0, data: { username: 'demo_seller' } });
  });

  it('a purchaser on the seller portal gets 11005 and no session', async () => {
    const before = await rowCount(t.database.db, sessions);
    const res = await postLogin(SELLER_LOGIN, 'demo_purchaser', DEMO_PASSWORD);
    const body = envelope(res);
    expect(body.errorCode).toBe(11005);
    expect(body.data).toBeNull();
    expect(res.cookies).toHaveLength(0);
    expect(await rowCount(t.database.db, sessions)).toBe(before);
  });

  it('a seller on the purchaser portal gets 10001 and no session', async () => {
    const before = await rowCount(t.database.db, sessions);
    const res = await postLogin(PURCHASER_LOGIN, 'demo_seller', DEMO_PASSWORD);
    expect(envelope(res)).toMatchObject({ errorCode: 10001, errorMsg: '进入采购商系统请使用采购商账号登录', data: null });
    expect(await rowCount(t.database.db, sessions)).toBe(before);
  });

  it('a wrong password and an unknown account answer the same 11001', async () => {
    const wrong = envelope(await postLogin(SELLER_LOGIN, 'demo_seller', 'not-the-password', '10.1.0.1'));
    const unknown = envelope(await postLogin(SELLER_LOGIN, 'nobody_here', 'not-the-password', '10.1.0.1'));
    expect(wrong).toEqual({ errorCode: 11001, errorMsg: '账号或密码错误', data: null });
    expect(unknown).toEqual(wrong);
  });
});

describe('user info', () => {
  it('GET /api/b2/user answers the seller fields, with userIdAesStr encrypting the user id', async () => {
    const body = envelope<Record<string, unknown>>(await getUser(seller.headers()));
    expect(body.errorCode).toBe(0);
    expect(body.data).toMatchObject({ userId: seller.userId, username: 'demo_seller', subUsername: null, userType: 0, source: 'MAIN_WEB' });
    const aes = body.data.userIdAesStr as string;
    expect(aes).toMatch(/^[A-Za-z0-9_-]+$/);
    // Decrypt with the database's key: it really is this user's id.
    const [setting] = await t.database.db.select().from(systemSettings).where(eq(systemSettings.key, 'user_id_aes_key'));
    const raw = Buffer.from(aes, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(setting?.value ?? '', 'base64'), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    expect(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')).toBe(String(seller.userId));
  });

  it('the picker sub-account reads as the main account with its own subUsername', async () => {
    const body = envelope(await getUser(picker.headers()));
    expect(body).toMatchObject({ errorCode: 0, data: { userId: picker.userId, username: 'demo_purchaser', subUsername: 'demo_picker', userType: 1 } });
  });
});

describe('what makes a session valid', () => {
  it('no token at all → 10000', async () => {
    const res = await getUser({});
    expect(envelope(res)).toMatchObject({ errorCode: 10000, data: null });
  });

  it('a forged token → 10000', async () => {
    const forged = randomBytes(32).toString('base64url');
    const res = await getUser({ [HEADERS.token]: forged, [HEADERS.userId]: String(seller.userId) });
    expect(envelope(res).errorCode).toBe(10000);
    // The hash of a real token is not a token either.
    const hashAsToken = await getUser({ [HEADERS.token]: sha256(seller.token), [HEADERS.userId]: String(seller.userId) });
    expect(envelope(hashAsToken).errorCode).toBe(10000);
  });

  it('an absurdly long token → 10000, not an error', async () => {
    const res = await getUser({ [HEADERS.token]: 'x'.repeat(5000) });
    expect(envelope(res).errorCode).toBe(10000);
  });

  it('an X-USER-ID that is not the token owner → 10000', async () => {
    const res = await getUser({ [HEADERS.token]: seller.token, [HEADERS.userId]: String(purchaser.userId) });
    expect(envelope(res).errorCode).toBe(10000);
  });

  it('an expired session → 10000', async () => {
    const s = await login(t.app, 'demo_seller');
    expect(envelope(await getUser(s.headers())).errorCode).toBe(0);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(s.token)));
    expect(envelope(await getUser(s.headers())).errorCode).toBe(10000);
  });

  it('a session revoked by logout → 10000; logout clears the cookies; other sessions keep working', async () => {
    const s = await login(t.app, 'demo_seller');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers() });
    expect(envelope(out)).toMatchObject({ errorCode: 0 });
    const cleared = Object.fromEntries(out.cookies.map((c) => [c.name, c]));
    expect(cleared.user_hash?.value).toBe('');
    expect(cleared.user_id?.value).toBe('');
    expect(envelope(await getUser(s.headers())).errorCode).toBe(10000);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(s.token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect(envelope(await getUser(seller.headers())).errorCode).toBe(0);
  });

  it('a disabled account loses its open sessions at once', async () => {
    const orgId = (await t.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.username, 'demo_seller')))[0]?.orgId;
    const uid = await createUser(t.database.db, { orgId: orgId ?? 0, username: 'soon_disabled', password: DEMO_PASSWORD, isMain: false });
    const s = await login(t.app, 'soon_disabled');
    expect(envelope(await getUser(s.headers())).errorCode).toBe(0);
    await t.database.db.update(users).set({ state: 'DISABLED' }).where(eq(users.id, uid));
    expect(envelope(await getUser(s.headers())).errorCode).toBe(10000);
    expect(envelope(await postLogin(SELLER_LOGIN, 'soon_disabled', DEMO_PASSWORD)).errorCode).toBe(11004);
  });

  it('the user_hash / user_id cookies alone authenticate a GET', async () => {
    const res = await getUser({}, { user_hash: seller.token, user_id: String(seller.userId) });
    expect(envelope(res)).toMatchObject({ errorCode: 0, data: { userId: seller.userId } });
    const mismatch = await getUser({}, { user_hash: seller.token, user_id: String(picker.userId) });
    expect(envelope(mismatch).errorCode).toBe(10000);
  });

  it('cookies alone cannot make a state-changing call (no signature) → 11006 and nothing written', async () => {
    const before = await rowCount(t.database.db, feedback);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      cookies: { user_hash: seller.token, user_id: String(seller.userId) },
      payload: { content: '跨站请求不应写入这条反馈' },
    });
    expect(envelope(res).errorCode).toBe(11006);
    expect(await rowCount(t.database.db, feedback)).toBe(before);
  });

  it('x-request-source: purchase from a non-purchaser → 10001; from a purchaser it passes', async () => {
    const sellerRes = await getUser(seller.headers({ [HEADERS.requestSource]: 'purchase' }));
    expect(envelope(sellerRes)).toMatchObject({ errorCode: 10001, data: null });
    const purchaserRes = await getUser(purchaser.headers({ [HEADERS.requestSource]: 'purchase' }));
    expect(envelope(purchaserRes).errorCode).toBe(0);
    const pickerRes = await getUser(picker.headers({ [HEADERS.requestSource]: 'purchase' }));
    expect(envelope(pickerRes).errorCode).toBe(0);
  });

  it('the sessions table stores only the SHA-256 of each token, never the token', async () => {
    const rows = await t.database.db.select().from(sessions);
    const dump = JSON.stringify(rows);
    for (const s of [seller, purchaser, picker]) {
      expect(dump).not.toContain(s.token);
      expect(rows.some((r) => r.tokenHash === sha256(s.token))).toBe(true);
    }
    for (const r of rows) expect(r.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('passwords are stored as argon2id hashes', async () => {
    const rows = await t.database.db.select({ username: users.username, hash: users.passwordHash }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const r of rows) {
      expect(r.hash.startsWith('$argon2id$'), r.username).toBe(true);
      expect(r.hash).not.toContain(DEMO_PASSWORD);
    }
  });

  it('the server hashes with the argon2id parameters docs/security.md names; only the tests lower them', () => {
    expect(PASSWORD_HASH_COST).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    // A process that never lowered the cost, as the server never does (this one has: setup.ts).
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const made = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', "console.log(await (await import('./apps/server/src/modules/auth/password.ts')).hashPassword('x'))"],
      { cwd: root, encoding: 'utf8' },
    );
    expect(made.trim()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const src = path.join(root, 'apps/server/src');
    const callers = (readdirSync(src, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('password.ts') && readFileSync(path.join(src, f), 'utf8').includes('useTestPasswordCost'),
    );
    expect(callers).toEqual([]);
  });
});

describe('anti-forgery signature on state-changing calls', () => {
  const url = '/api/b2/message/unread/count';
  const base = () => ({ [HEADERS.token]: seller.token, [HEADERS.userId]: String(seller.userId) });
  const post = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url, headers, payload: {} });

  it('a correctly signed POST passes', async () => {
    expect(envelope(await post(seller.headers())).errorCode).toBe(0);
  });

  it('missing timestamp or signature → 11006', async () => {
    expect(envelope(await post(base())).errorCode).toBe(11006);
    const ts = String(Date.now());
    expect(envelope(await post({ ...base(), [HEADERS.timestamp]: ts })).errorCode).toBe(11006);
    expect(envelope(await post({ ...base(), [HEADERS.sign]: expectedSign(seller.token, ts) })).errorCode).toBe(11006);
  });

  it('a wrong signature → 11006', async () => {
    const ts = String(Date.now());
    for (const sign of [sha256('nonsense'), expectedSign(seller.token, String(Number(ts) + 1)), expectedSign(purchaser.token, ts), 'abc']) {
      const res = await post({ ...base(), [HEADERS.timestamp]: ts, [HEADERS.sign]: sign });
      expect(envelope(res).errorCode, sign).toBe(11006);
    }
  });

  it('a timestamp more than 10 minutes off (past or future) → 11006; within the window passes', async () => {
    const signed = (ts: number) => ({ ...base(), [HEADERS.timestamp]: String(ts), [HEADERS.sign]: expectedSign(seller.token, String(ts)) });
    const old = envelope(await post(signed(Date.now() - SIGN_MAX_SKEW_MS - 60_000)));
    expect(old.errorCode).toBe(11006);
    expect(old.errorMsg).toContain('请求已过期');
    expect(envelope(await post(signed(Date.now() + SIGN_MAX_SKEW_MS + 60_000))).errorCode).toBe(11006);
    expect(envelope(await post(signed(Date.now() - 9 * 60_000))).errorCode).toBe(0);
    expect(envelope(await post({ ...base(), [HEADERS.timestamp]: 'yesterday', [HEADERS.sign]: expectedSign(seller.token, 'yesterday') })).errorCode).toBe(
      11006,
    );
  });

  it('an uppercase hex signature is accepted', async () => {
    const ts = String(Date.now());
    const res = await post({ ...base(), [HEADERS.timestamp]: ts, [HEADERS.sign]: expectedSign(seller.token, ts).toUpperCase() });
    expect(envelope(res).errorCode).toBe(0);
  });

  it('GET needs no signature', async () => {
    expect(envelope(await getUser(base())).errorCode).toBe(0);
  });

  it('an unsigned state-changing call writes nothing', async () => {
    const before = await rowCount(t.database.db, feedback);
    const res = await t.app.inject({ method: 'POST', url: '/api/feedback', headers: base(), payload: { content: '没有签名的反馈不应写入' } });
    expect(envelope(res).errorCode).toBe(11006);
    expect(await rowCount(t.database.db, feedback)).toBe(before);
  });
});

describe('sign-in rate limiting', () => {
  it('5 wrong passwords lock the account: the 6th try, even right and from elsewhere, answers 11003', async () => {
    const [org] = await t.database.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.type, 'seller'));
    await createUser(t.database.db, { orgId: org?.id ?? 0, username: 'lock_target', password: 'Right@2026', isMain: false });
    const names = ['lock_target', 'LOCK_TARGET', 'Lock_Target', 'lock_target', 'lock_TARGET'];
    for (const name of names) {
      expect(envelope(await postLogin(SELLER_LOGIN, name, 'wrong-password', '10.2.0.1')).errorCode).toBe(11001);
    }
    const before = await rowCount(t.database.db, sessions);
    const locked = envelope(await postLogin(SELLER_LOGIN, 'lock_target', 'Right@2026', '10.2.0.2'));
    expect(locked).toEqual({ errorCode: 11003, errorMsg: '登录失败次数过多，请15分钟后再试', data: null });
    expect(await rowCount(t.database.db, sessions)).toBe(before);
    // The address that failed 5 times is not itself locked: another account still signs in from it.
    expect(envelope(await postLogin(SELLER_LOGIN, 'demo_seller', DEMO_PASSWORD, '10.2.0.1')).errorCode).toBe(0);
  });

  it('right passwords side by side all sign in and lock nothing (one account open in several browsers at once)', async () => {
    const [org] = await t.database.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.type, 'seller'));
    await createUser(t.database.db, { orgId: org?.id ?? 0, username: 'together_target', password: 'Right@2026', isMain: false });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => postLogin(SELLER_LOGIN, 'together_target', 'Right@2026', `10.4.0.${i + 1}`)));
    expect(answers.map((r) => envelope(r).errorCode)).toEqual(Array(10).fill(0));
    // The count started again after each: five wrong ones still lock, not fewer.
    for (let i = 0; i < 4; i++) expect(envelope(await postLogin(SELLER_LOGIN, 'together_target', 'wrong-password', '10.4.1.1')).errorCode).toBe(11001);
    expect(envelope(await postLogin(SELLER_LOGIN, 'together_target', 'Right@2026', '10.4.1.2')).errorCode).toBe(0);
  });

  it('20 failures from one address lock no account behind it (the address gets the captcha instead: login-limits.test.ts)', async () => {
    const ip = '10.3.0.9';
    for (let i = 0; i < 20; i++) {
      // Mostly unknown names (a password spray), and one real account.
      const name = i === 0 ? 'demo_operator' : `spray_${i}`;
      const res = envelope(await postLogin(SELLER_LOGIN, name, `guess-${i}`, ip));
      expect(res.errorCode, `attempt ${i}`).toBe(11001);
    }
    // This app runs with the captcha off (CAPTCHA_DISABLED=1), so nothing more is asked.
    expect(envelope(await postLogin(SELLER_LOGIN, 'demo_seller', DEMO_PASSWORD, ip)).errorCode).toBe(0);
    expect(envelope(await postLogin(PURCHASER_LOGIN, 'demo_purchaser', DEMO_PASSWORD, ip)).errorCode).toBe(0);
    const attempts = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.ip, ip));
    expect(attempts.filter((a) => !a.success)).toHaveLength(20);
  });
});

describe('route-path permissions of sub-accounts (plugins/auth.ts authorize)', () => {
  // No route of the app declares a route-path permission yet, so a probe app carries the real
  // authPlugin (same database, same sessions) with one route per kind of permission.
  let probe: FastifyInstance;
  beforeAll(async () => {
    probe = Fastify();
    installErrorHandler(probe);
    await probe.register(fastifyCookie);
    await probe.register(authPlugin, { db: t.database.db });
    const handler = async () => ok('allowed');
    probe.get('/probe/pickup', { config: { permission: '/offlineReturnOrder/pickup' } }, handler);
    probe.get('/probe/takeReturn', { config: { permission: '/statistics/takeReturn' } }, handler);
    probe.get('/probe/customGoods', { config: { permission: '/goods/customGoods' } }, handler);
    probe.get('/probe/operator', { config: { permission: 'operator' } }, handler);
    await probe.ready();
  });
  afterAll(() => probe?.close());

  const get = async (url: string, s: Session) => {
    const res = await probe.inject({ method: 'GET', url, headers: s.headers() });
    return { status: res.statusCode, ...envelope(res) };
  };

  it('a sub-account with the code passes', async () => {
    expect(await get('/probe/pickup', picker)).toMatchObject({ status: 200, errorCode: 0, data: 'allowed' });
  });

  it('a sub-account without the code is refused with 403', async () => {
    expect(await get('/probe/takeReturn', picker)).toMatchObject({ status: 403, errorCode: 403, data: null });
  });

  it('a main account passes every route of its audience and none of the other audience', async () => {
    expect((await get('/probe/takeReturn', purchaser)).errorCode).toBe(0);
    expect(await get('/probe/customGoods', purchaser)).toMatchObject({ status: 403, errorCode: 403 });
    expect((await get('/probe/customGoods', seller)).errorCode).toBe(0);
  });

  it('operator routes refuse everyone but operators', async () => {
    expect(await get('/probe/operator', seller)).toMatchObject({ status: 403, errorCode: 403 });
    expect(await get('/probe/operator', purchaser)).toMatchObject({ status: 403, errorCode: 403 });
  });
});
