/** The client against the real server (in-memory PGlite with demo data), over real HTTP. */
import type { AddressInfo } from 'node:net';
import { ErrorCode, STORAGE_KEYS } from '@dropship/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../server/test/helpers.js';
import { createTestClient, PAGE_HREF } from './test-env.js';

interface LoginData {
  userId: number;
  userHash: string;
  userType: number;
}

let t: TestApp;
let baseUrl: string;
const SIGN_ON = `/login?jump=${encodeURIComponent(PAGE_HREF)}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => t.close());

async function signIn(username: string, purchaser = false): Promise<LoginData> {
  const { client } = createTestClient(baseUrl);
  const url = purchaser ? '/api/b2/purchaser/auth/login' : '/api/auth/login';
  const res = await client.request<LoginData>({ method: 'POST', url, data: { username, password: 'Demo@2026' }, noToken: true });
  expect(res.errorCode).toBe(0);
  return res.data as LoginData;
}

function storeSession(storage: { setItem(k: string, v: string): void }, s: LoginData, userType = String(s.userType)) {
  storage.setItem(STORAGE_KEYS.userHash, s.userHash);
  storage.setItem(STORAGE_KEYS.userId, String(s.userId));
  storage.setItem(STORAGE_KEYS.userType, userType);
}

describe('request against the real server', () => {
  it('answers public calls sent with noToken and the 404 envelope for an unknown path', async () => {
    const { client, navigations } = createTestClient(baseUrl);
    expect(await client.request({ method: 'GET', url: '/api/health', noToken: true })).toMatchObject({ errorCode: 0, data: { status: 'ok' } });
    expect(await client.request({ method: 'GET', url: '/api/nope', noToken: true })).toEqual({ errorCode: 404, errorMsg: '接口不存在', data: null });
    expect(navigations).toEqual([]);
  });

  it('signs in a seller, reads user info (GET) and the unread count (signed POST)', async () => {
    const session = await signIn('demo_seller');
    expect(session.userHash).toMatch(/\S{16,}/);
    const { client, storage, navigations } = createTestClient(baseUrl);
    storeSession(storage, session);
    expect(await client.request({ method: 'GET', url: '/api/b2/user' })).toMatchObject({
      errorCode: 0,
      data: { username: 'demo_seller', userId: session.userId },
    });
    const count = await client.request<{ count: number }>({ method: 'POST', url: '/api/b2/message/unread/count' });
    expect(count).toMatchObject({ errorCode: 0, data: { count: expect.any(Number) } });
    expect(navigations).toEqual([]);
  });

  it('the server refuses a POST whose signature timestamp is stale, proving x-sign is checked', async () => {
    const session = await signIn('demo_seller');
    const { client, storage } = createTestClient(baseUrl, { now: () => Date.now() - 60 * 60_000 });
    storeSession(storage, session);
    const res = await client.request({ method: 'POST', url: '/api/b2/message/unread/count' });
    expect(res.errorCode).toBe(ErrorCode.BAD_SIGNATURE);
  });

  it('prefers the user_hash/user_id cookies over local storage for a seller', async () => {
    const session = await signIn('demo_seller');
    const { client, storage, cookies } = createTestClient(baseUrl);
    storage.setItem(STORAGE_KEYS.userHash, 'stale-hash-from-another-login');
    storage.setItem(STORAGE_KEYS.userId, '999999');
    cookies.set('user_hash', session.userHash);
    cookies.set('user_id', String(session.userId));
    expect(await client.request({ method: 'POST', url: '/api/b2/message/unread/count', data: {} })).toMatchObject({ errorCode: 0 });
  });

  it('sends an invalid session to sign-on with a jump back, and still resolves the envelope', async () => {
    const { client, storage, navigations } = createTestClient(baseUrl);
    storage.setItem(STORAGE_KEYS.userHash, 'no-such-session');
    const res = await client.request({ method: 'GET', url: '/api/b2/user' });
    expect(res).toMatchObject({ errorCode: ErrorCode.SESSION_INVALID, data: null });
    expect(navigations).toEqual([SIGN_ON]);
  });

  it('does not send a call without a stored hash: sign-on and the 10000 envelope', async () => {
    const { client, navigations } = createTestClient(baseUrl);
    expect(await client.request({ method: 'GET', url: '/api/b2/user' })).toEqual({ errorCode: 10000, errorMsg: '登录已失效，请重新登录', data: null });
    expect(navigations).toEqual([SIGN_ON]);
  });

  it('a purchaser calls with storage credentials and x-request-source: purchase', async () => {
    const purchaser = await signIn('demo_purchaser', true);
    const seller = await signIn('demo_seller');
    const { client, storage, cookies } = createTestClient(baseUrl);
    storeSession(storage, purchaser, '1');
    // A seller's cookies in the same browser must not be used by the purchaser portal.
    cookies.set('user_hash', seller.userHash);
    cookies.set('user_id', String(seller.userId));
    expect(await client.request({ method: 'GET', url: '/api/b2/user' })).toMatchObject({ errorCode: 0, data: { username: 'demo_purchaser' } });
    expect(await client.request({ method: 'POST', url: '/api/b2/message/unread/count' })).toMatchObject({ errorCode: 0 });
  });

  it('10001: a seller in the purchaser portal gets one alert for several failing calls, then sign-on', async () => {
    const seller = await signIn('demo_seller');
    let confirm: () => void = () => undefined;
    const alerts: string[][] = [];
    const { client, storage, navigations } = createTestClient(baseUrl, {
      alertOnce: (...args) => {
        alerts.push(args);
        return new Promise<void>((resolve) => {
          confirm = resolve;
        });
      },
    });
    storeSession(storage, seller, '1');
    const results = await Promise.all([
      client.request({ method: 'GET', url: '/api/b2/user' }),
      client.request({ method: 'POST', url: '/api/b2/message/unread/count' }),
      client.request({ method: 'GET', url: '/api/b2/order/manual/delivery/permission' }),
    ]);
    expect(results.map((r) => r.errorCode)).toEqual([10001, 10001, 10001]);
    expect(results[0]?.errorMsg).toBe('进入采购商系统请使用采购商账号登录');
    expect(alerts).toEqual([['登录错误', '进入采购商系统请使用采购商账号登录', '确定']]);
    // Sign-on waits until the user has read the alert.
    expect(navigations).toEqual([]);
    confirm();
    await vi.waitFor(() => expect(navigations).toEqual([SIGN_ON]));
    // Once per page life: a later 10001 shows nothing more.
    await client.request({ method: 'GET', url: '/api/b2/user' });
    await new Promise((r) => setTimeout(r, 20));
    expect(alerts).toHaveLength(1);
    expect(navigations).toHaveLength(1);
  });

  it('downloadExcel resolves a JSON answer as the envelope instead of saving it', async () => {
    const session = await signIn('demo_seller');
    const { client, storage, saved } = createTestClient(baseUrl);
    storeSession(storage, session);
    expect(await client.downloadExcel({ url: '/api/b2/user' })).toMatchObject({ errorCode: 0, data: { username: 'demo_seller' } });
    expect(await client.downloadExcel({ url: '/api/nope', method: 'post', data: { a: 1 } })).toMatchObject({ errorCode: 404 });
    expect(saved).toEqual([]);
  });
});
