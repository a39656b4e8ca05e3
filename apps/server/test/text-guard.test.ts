/**
 * Text no column can store (NUL, lone surrogates) is refused before any handler runs, in bodies,
 * queries and path parameters, on public and signed-in calls alike: 400 in the envelope naming the
 * field, nothing written. And a failed query logs its SQL without the values bound to it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { safeError } from '../src/lib/log-safety.js';
import { findUnstorable } from '../src/lib/text-guard.js';
import { captchas, loginAttempts, sessions } from '../src/modules/auth/auth.table.js';
import { fulfilmentSettings } from '../src/modules/fulfilment-settings/fulfilment-settings.table.js';
import { feedback, trackingEvents } from '../src/modules/system/system.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, envelope, isChinese, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
const TABLES = { sessions, loginAttempts, captchas, feedback, trackingEvents, fulfilmentSettings };
let before: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
});
afterAll(() => t?.close());
beforeEach(async () => {
  if (t) before = await snapshotCounts(t.database.db, TABLES);
});

async function refused(res: Awaited<ReturnType<typeof call>>, field: string) {
  expect(res.statusCode).toBe(400);
  const body = envelope(res);
  expect(body.errorCode).toBe(400);
  expect(isChinese(body.errorMsg)).toBe(true);
  expect(body.errorMsg).toContain(field);
  expect(await snapshotCounts(t.database.db, TABLES)).toEqual(before);
}

describe('NUL and lone surrogates', () => {
  it('finds them in values and keys, at any depth, and passes paired surrogates (emoji)', () => {
    expect(findUnstorable({ a: 'ok 😀' })).toBeUndefined();
    expect(findUnstorable({ a: [{ b: 'x\u0000' }] })).toEqual(['a', 0, 'b']);
    expect(findUnstorable({ a: 'x\ud800' })).toEqual(['a']);
    expect(findUnstorable({ a: '\udc00x' })).toEqual(['a']);
    expect(findUnstorable({ 'k\u0000': 1 })).toEqual(['k\u0000']);
  });

  it('are refused on the public sign-in, before any attempt is recorded', async () => {
    for (const username of ['demo\u0000seller', 'demo\ud800']) {
      const res = await call(t.app, { method: 'POST', url: '/api/auth/login', payload: { username, password: 'x' } });
      await refused(res, '账号');
    }
  });

  it('are refused on the public tracking call', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/system/tracking', payload: { pageChannel: '/a\u0000', host: 'h' } });
    await refused(res, '页面');
  });

  it('a lone surrogate in the return address is refused, naming the field', async () => {
    const address = { name: '张三\ud800', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路1号' };
    const res = await call(t.app, { method: 'POST', url: '/api/system/goods/return/address', session: seller, payload: address });
    await refused(res, '收货人');
  });

  it('are refused in a query string and a path parameter', async () => {
    const q = await call(t.app, { url: '/api/b2/orders/shopOptions?keyword=a%00', session: seller });
    await refused(q, 'keyword');
    const p = await call(t.app, { url: '/api/b2/orders/1%00', session: seller });
    expect(p.statusCode).toBe(400);
    expect(envelope(p).errorCode).toBe(400);
  });
});

describe('error logs', () => {
  it('keep the SQL text and drop the bound values of a failed query', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', detail: 'Key (phone)=(13800000000)' });
    const err = Object.assign(new Error('Failed query: insert into "x" ("phone") values ($1)\nparams: 13800000000,张三'), {
      query: 'insert into "x" ("phone") values ($1)',
      params: ['13800000000', '张三'],
      cause,
    });
    const logged = JSON.stringify(safeError(err));
    expect(logged).toContain('insert into');
    expect(logged).toContain('22021');
    expect(logged).not.toContain('13800000000');
    expect(logged).not.toContain('张三');
  });
});
