import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('smoke', () => {
  it('signs in and reads user info', async () => {
    const s = await login(t.app, 'demo_seller');
    const res = await t.app.inject({ method: 'GET', url: '/api/b2/user', headers: s.headers() });
    expect(res.json()).toMatchObject({ errorCode: 0, data: { username: 'demo_seller', userType: 0, subUsername: null } });
  });
});
