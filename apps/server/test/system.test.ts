/**
 * System calls: health, the version file and its publishing, unknown API paths, OpenAPI,
 * page-view tracking, feedback, and the rule that every route declares a permission.
 */
import fastifyCookie from '@fastify/cookie';
import { desc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../src/lib/error-handler.js';
import { appVersions, feedback, trackingEvents } from '../src/modules/system/system.table.js';
import { authPlugin } from '../src/plugins/auth.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, envelope, rowCount } from './support.js';

let t: TestApp;
let seller: Session;
let operator: Session;
let purchaser: Session;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  operator = await login(t.app, 'demo_operator');
  purchaser = await login(t.app, 'demo_purchaser');
});
afterAll(() => t?.close());

describe('health and site config', () => {
  it('GET /api/health answers ok with the database kind', async () => {
    const res = await call(t.app, { url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(envelope(res)).toEqual({ errorCode: 0, errorMsg: '成功', data: { status: 'ok', database: t.database.kind } });
  });

  it('GET /api/system/config is public and says the captcha is off in tests', async () => {
    const res = envelope(await call(t.app, { url: '/api/system/config' }));
    expect(res).toMatchObject({ errorCode: 0, data: { brand: expect.any(String), brandName: expect.any(String), captchaDisabled: true } });
  });

  it('with the captcha disabled, GET captcha says so', async () => {
    const res = envelope(await call(t.app, { url: '/api/b2/purchaser/auth/captcha' }));
    expect(res).toMatchObject({ errorCode: 0, data: { disabled: true } });
  });
});

describe('the version file', () => {
  it('GET /version.json answers the newest row as {version, desc}, not cached', async () => {
    const res = await call(t.app, { url: `/version.json?t=${Date.now()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ version: '1.9.0', desc: '初始版本' });
  });

  it('the operator publishes a new version and /version.json answers it', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/operator/version', session: operator, payload: { version: '1.9.1', desc: '修复若干问题' } });
    expect(envelope(res)).toEqual({ errorCode: 0, errorMsg: '成功', data: { version: '1.9.1', desc: '修复若干问题' } });
    expect((await call(t.app, { url: '/version.json' })).json()).toEqual({ version: '1.9.1', desc: '修复若干问题' });
    const [newest] = await t.database.db.select().from(appVersions).orderBy(desc(appVersions.id)).limit(1);
    expect(newest?.version).toBe('1.9.1');
  });

  it('a seller or a purchaser may not publish: 403 / errorCode 403, nothing stored', async () => {
    const before = await rowCount(t.database.db, appVersions);
    for (const s of [seller, purchaser]) {
      const res = await call(t.app, { method: 'POST', url: '/api/operator/version', session: s, payload: { version: '6.6.6', desc: '越权发布' } });
      expect(res.statusCode).toBe(403);
      expect(envelope(res)).toMatchObject({ errorCode: 403, data: null });
    }
    const anonymous = await call(t.app, { method: 'POST', url: '/api/operator/version', payload: { version: '6.6.6', desc: '越权发布' } });
    expect(envelope(anonymous).errorCode).toBe(10000);
    expect(await rowCount(t.database.db, appVersions)).toBe(before);
    expect((await call(t.app, { url: '/version.json' })).json().version).toBe('1.9.1');
  });

  it('a bad version number is refused in Chinese and not stored', async () => {
    const before = await rowCount(t.database.db, appVersions);
    const res = await call(t.app, { method: 'POST', url: '/api/operator/version', session: operator, payload: { version: '1.0 <script>', desc: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ errorCode: 400, errorMsg: '版本号只能包含字母、数字、点和横线' });
    expect(await rowCount(t.database.db, appVersions)).toBe(before);
  });
});

describe('unknown API paths', () => {
  for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
    it(`${method} on an unknown /api path → 404 envelope 接口不存在`, async () => {
      const res = await call(t.app, { method, url: '/api/does/not/exist?x=1', payload: method === 'GET' || method === 'DELETE' ? undefined : { a: 1 } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(envelope(res)).toEqual({ errorCode: 404, errorMsg: '接口不存在', data: null });
    });
  }

  it('a known path with the wrong method is an unknown API too', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/auth/login' });
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toMatchObject({ errorCode: 404, errorMsg: '接口不存在' });
  });

  it('an unknown path answers 404 for a signed-in caller as well', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/b2/nothing', session: seller, payload: {} });
    expect(res.statusCode).toBe(404);
    expect(envelope(res).errorCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('GET /api/docs/json is an OpenAPI document listing the routes', async () => {
    const res = await call(t.app, { url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login']?.post).toBeDefined();
    expect(doc.paths['/api/b2/user']?.get).toBeDefined();
    expect(doc.paths['/api/b2/takePopup/markNotShopPopup']?.post).toBeDefined();
  });
});

describe('tracking', () => {
  it('an anonymous page view is stored without a user', async () => {
    const before = await rowCount(t.database.db, trackingEvents);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/system/tracking',
      payload: { pageChannel: '/login', httpStatus: 200, host: 'localhost', platformType: 'PC' },
    });
    expect(envelope(res)).toEqual({ errorCode: 0, errorMsg: '成功', data: null });
    expect(await rowCount(t.database.db, trackingEvents)).toBe(before + 1);
    const [row] = await t.database.db.select().from(trackingEvents).orderBy(desc(trackingEvents.id)).limit(1);
    expect(row).toMatchObject({ kind: 'PAGE_VIEW', pageChannel: '/login', httpStatus: 200, host: 'localhost', platformType: 'PC', userId: null, orgId: null });
  });

  it('a signed-in page view is stored with the user and the organisation', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/system/tracking',
      session: seller,
      payload: { pageChannel: '/home', httpStatus: 200, host: 'seller.example.com', platformType: 'PC' },
    });
    expect(envelope(res).errorCode).toBe(0);
    const [row] = await t.database.db.select().from(trackingEvents).orderBy(desc(trackingEvents.id)).limit(1);
    expect(row).toMatchObject({ pageChannel: '/home', userId: seller.userId });
    expect(row?.orgId).toEqual(expect.any(Number));
  });

  it('a forged token on tracking is not attributed to anyone', async () => {
    await call(t.app, {
      method: 'POST',
      url: '/api/system/tracking',
      headers: { 'x-token': 'forged', 'x-user-id': String(seller.userId) },
      payload: { pageChannel: '/forged', httpStatus: 200, host: 'h' },
    });
    const [row] = await t.database.db.select().from(trackingEvents).where(eq(trackingEvents.pageChannel, '/forged'));
    expect(row?.userId).toBeNull();
  });

  it('an activity event keeps its name and seller id', async () => {
    await call(t.app, {
      method: 'POST',
      url: '/api/system/tracking',
      payload: { kind: 'ACTIVITY', pageChannel: '/', httpStatus: 200, host: 'h', activityName: 'spring', sellerUserId: seller.userId },
    });
    const [row] = await t.database.db.select().from(trackingEvents).where(eq(trackingEvents.activityName, 'spring'));
    expect(row).toMatchObject({ kind: 'ACTIVITY', sellerUserId: seller.userId });
  });
});

describe('feedback', () => {
  it('a signed-in user leaves feedback and it is stored for them', async () => {
    const before = await rowCount(t.database.db, feedback);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/feedback',
      session: seller,
      payload: { content: '希望增加批量打印功能', contact: '13800000000' },
    });
    expect(envelope(res)).toEqual({ errorCode: 0, errorMsg: '成功', data: null });
    expect(await rowCount(t.database.db, feedback)).toBe(before + 1);
    const [row] = await t.database.db.select().from(feedback).orderBy(desc(feedback.id)).limit(1);
    expect(row).toMatchObject({ userId: seller.userId, content: '希望增加批量打印功能', contact: '13800000000' });
  });

  it('feedback needs a session', async () => {
    const before = await rowCount(t.database.db, feedback);
    const res = await call(t.app, { method: 'POST', url: '/api/feedback', payload: { content: '匿名反馈不应被保存' } });
    expect(envelope(res).errorCode).toBe(10000);
    expect(await rowCount(t.database.db, feedback)).toBe(before);
  });

  it('too-short feedback is refused with the field named', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/feedback', session: seller, payload: { content: '好' } });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ errorCode: 400, errorMsg: '反馈内容至少5个字' });
  });
});

describe('every route declares a permission', () => {
  it('a route without config.permission makes the app refuse to start', async () => {
    const app = Fastify();
    installErrorHandler(app);
    await app.register(fastifyCookie);
    await app.register(authPlugin, { db: t.database.db });
    await expect(
      (async () => {
        app.get('/api/undeclared', async () => ({ errorCode: 0, errorMsg: '成功', data: null }));
        await app.ready();
      })(),
    ).rejects.toThrow(/declares no permission/);
    await app.close().catch(() => {});
  });

  it('the same route with a permission is accepted', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    await app.register(authPlugin, { db: t.database.db });
    app.get('/api/declared', { config: { permission: 'public' } }, async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ url: '/api/declared' })).json()).toEqual({ ok: true });
    await app.close();
  });
});
