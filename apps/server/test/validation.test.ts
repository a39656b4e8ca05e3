/**
 * Bad input anywhere gets a 4xx envelope with a clear Chinese errorMsg (naming the field where
 * there is one), never a 500, and writes nothing: every case compares the row counts of every
 * table a request could write before and after.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captchas, loginAttempts, sessions, users } from '../src/modules/auth/auth.table.js';
import { messageReads } from '../src/modules/messages/messages.table.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { appVersions, feedback, trackingEvents, userGuides } from '../src/modules/system/system.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { envelope, isChinese, rowCount, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let operator: Session;
let shopId: number;

const TABLES = { sessions, loginAttempts, captchas, users, feedback, trackingEvents, appVersions, messageReads, userGuides };
const HUGE = 'x'.repeat(100_000);

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  operator = await login(t.app, 'demo_operator');
  const [shop] = await t.database.db.select({ id: shops.id }).from(shops).where(eq(shops.name, '小美女装旗舰店'));
  shopId = shop?.id ?? 0;
});
afterAll(() => t?.close());

const notRemindCount = async () => (await t.database.db.select().from(shops).where(eq(shops.notRemind, true))).length;

let before: Record<string, number>;
let notRemindBefore: number;
beforeEach(async () => {
  if (!t) return;
  before = await snapshotCounts(t.database.db, TABLES);
  notRemindBefore = await notRemindCount();
});

async function expectNothingWritten() {
  expect(await snapshotCounts(t.database.db, TABLES)).toEqual(before);
  expect(await notRemindCount()).toBe(notRemindBefore);
}

type Payload = string | Record<string, unknown> | unknown[] | undefined;

/** Sends raw JSON text (so invalid JSON and non-objects can be sent) and checks the refusal. */
async function refused(url: string, payload: Payload, opts: { session?: Session; status?: number; contentType?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': opts.contentType ?? 'application/json', ...(opts.session ? opts.session.headers() : {}) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  expect(res.statusCode).toBe(opts.status ?? 400);
  const body = envelope(res);
  expect(body.errorCode).toBe(400);
  expect(body.data).toBeNull();
  expect(isChinese(body.errorMsg), body.errorMsg).toBe(true);
  expect(body.errorMsg.length).toBeLessThan(200);
  return body.errorMsg;
}

describe('sign-in bodies', () => {
  const url = '/api/auth/login';

  it('wrong types name the field', async () => {
    expect(await refused(url, { username: 123, password: 'x' })).toBe('账号必须是文字');
    expect(await refused(url, { username: 'demo_seller', password: ['a'] })).toBe('密码必须是文字');
    await expectNothingWritten();
  });

  it('missing or blank fields name the field', async () => {
    expect(await refused(url, { username: 'demo_seller' })).toContain('密码');
    expect(await refused(url, { password: 'x' })).toContain('账号');
    expect(await refused(url, { username: '   ', password: 'x' })).toBe('请输入账号');
    expect(await refused(url, { username: 'demo_seller', password: '' })).toBe('请输入密码');
    await expectNothingWritten();
  });

  it('a 100 000-character field is refused with its limit', async () => {
    expect(await refused(url, { username: HUGE, password: 'x' })).toBe('账号不能超过64个字符');
    expect(await refused(url, { username: 'demo_seller', password: HUGE })).toBe('密码不能超过128个字符');
    expect(await refused('/api/b2/purchaser/auth/login', { username: 'demo_purchaser', password: 'x', captcha: HUGE })).toContain('验证码');
    await expectNothingWritten();
  });

  it('an array, a string, a number or null where an object is expected', async () => {
    for (const payload of ['[]', '[{"username":"demo_seller","password":"Demo@2026"}]', '"demo_seller"', '42', 'null', 'true']) {
      await refused(url, payload);
    }
    await expectNothingWritten();
  });

  it('invalid JSON', async () => {
    for (const payload of ['{', '{"username": "demo_seller",}', "{'username':'x'}", 'username=demo_seller&password=x']) {
      expect(await refused(url, payload)).toBe('请求内容不是有效的 JSON，请检查后重试');
    }
    expect(await refused(url, '')).toBe('请求内容为空，请填写后重试');
    await expectNothingWritten();
  });

  it('prototype-poisoning JSON is refused, not merged', async () => {
    expect(await refused(url, '{"username":"demo_seller","password":"x","__proto__":{"isAdmin":true}}')).toBe('请求内容不是有效的 JSON，请检查后重试');
    expect(await refused(url, '{"username":"demo_seller","password":"x","constructor":{"prototype":{"isAdmin":true}}}')).toBe(
      '请求内容不是有效的 JSON，请检查后重试',
    );
    await expectNothingWritten();
  });

  it('a 2 MB body is refused as too large (413), not read', async () => {
    const big = JSON.stringify({ username: 'demo_seller', password: 'x', pad: 'y'.repeat(2 * 1024 * 1024) });
    expect(await refused(url, big, { status: 413 })).toBe('请求内容过大，请减少数据后重试');
    await expectNothingWritten();
  });

  it('deeply nested JSON is refused, not a crash', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: deep });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(envelope(res).errorCode).toBe(400);
    await expectNothingWritten();
  });

  it('an unsupported content type', async () => {
    expect(await refused(url, '<login/>', { status: 415, contentType: 'application/xml' })).toBe('不支持的请求格式');
    await expectNothingWritten();
  });

  it('the server still works after all that', async () => {
    const res = await t.app.inject({ method: 'POST', url, payload: { username: 'demo_seller', password: 'Demo@2026' } });
    expect(envelope(res).errorCode).toBe(0);
  });
});

describe('signed-in write calls', () => {
  it('feedback: too long, wrong types, wrong shape', async () => {
    expect(await refused('/api/feedback', { content: HUGE }, { session: seller })).toBe('反馈内容不能超过1000个字符');
    expect(await refused('/api/feedback', { content: 12345 }, { session: seller })).toBe('反馈内容必须是文字');
    expect(await refused('/api/feedback', { content: '很好的产品体验', contact: { phone: 1 } }, { session: seller })).toBe('联系方式必须是文字');
    expect(await refused('/api/feedback', { content: '很好的产品体验', contact: HUGE }, { session: seller })).toBe('联系方式不能超过64个字符');
    expect(await refused('/api/feedback', {}, { session: seller })).toContain('反馈内容');
    await refused('/api/feedback', [{ content: '很好的产品体验' }], { session: seller });
    await refused('/api/feedback', '{"content":', { session: seller });
    await refused('/api/feedback', JSON.stringify({ content: 'y'.repeat(2 * 1024 * 1024) }), { session: seller, status: 413 });
    await expectNothingWritten();
  });

  it('tracking: missing, huge and mistyped fields', async () => {
    expect(await refused('/api/system/tracking', { httpStatus: 200, host: 'h' })).toContain('页面');
    expect(await refused('/api/system/tracking', { pageChannel: '/home', host: HUGE })).toBe('主机不能超过255个字符');
    expect(await refused('/api/system/tracking', { pageChannel: HUGE, host: 'h' })).toBe('页面不能超过300个字符');
    expect(await refused('/api/system/tracking', { pageChannel: '/home', host: 'h', httpStatus: 'abc' })).toContain('状态码');
    expect(await refused('/api/system/tracking', { pageChannel: '/home', host: 'h', httpStatus: 99999 })).toContain('状态码');
    expect(await refused('/api/system/tracking', { pageChannel: '/home', host: 'h', kind: 'DROP' })).toContain('类型');
    expect(await refused('/api/system/tracking', { pageChannel: '/home', host: 'h', sellerUserId: -5 })).toContain('卖家编号');
    await refused('/api/system/tracking', [], {});
    await expectNothingWritten();
  });

  it('ids: not a number, negative, fractional, out of range, missing', async () => {
    const url = '/api/b2/takePopup/markNotShopPopup';
    expect(await refused(url, { id: 'abc' }, { session: seller })).toBe('编号必须是数字');
    expect(await refused(url, { id: -1 }, { session: seller })).toBe('编号必须大于0');
    expect(await refused(url, { id: 1.5 }, { session: seller })).toBe('编号必须是整数');
    expect(await refused(url, { id: 1e12 }, { session: seller })).toBe('编号超出范围');
    expect(await refused(url, { id: { $gt: 0 } }, { session: seller })).toBe('编号必须是数字');
    expect(await refused(url, {}, { session: seller })).toContain('编号');
    expect(await refused(url, { id: HUGE }, { session: seller })).toContain('编号');
    await refused(url, [shopId], { session: seller });
    await refused('/api/b2/shop/redBook/verify', { id: 'drop table shops' }, { session: seller });
    await expectNothingWritten();
  });

  it('operator version: too long, bad characters', async () => {
    expect(await refused('/api/operator/version', { version: HUGE, desc: 'x' }, { session: operator })).toBe('版本号不能超过32个字符');
    expect(await refused('/api/operator/version', { version: '2.0.0', desc: HUGE }, { session: operator })).toBe('更新说明不能超过2000个字符');
    expect(await refused('/api/operator/version', { version: '', desc: 'x' }, { session: operator })).toBe('请输入版本号');
    await expectNothingWritten();
  });

  it('guides and message paging', async () => {
    expect(await refused('/api/guides/done', { key: ['platformSetting'] }, { session: seller })).toContain('引导');
    expect(await refused('/api/b2/message/list', { pageNo: 0, pageSize: 10 }, { session: seller })).toContain('页码');
    expect(await refused('/api/b2/message/list', { pageNo: 'first' }, { session: seller })).toContain('页码');
    expect(await refused('/api/b2/message/marking/read', { all: 'yes' }, { session: seller })).toContain('全部已读');
    await expectNothingWritten();
  });

  it('a refused call by a signed-in caller is still a 400, never an auth error or 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/b2/takePopup/getShopAuthPopup',
      headers: { ...seller.headers(), 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).errorCode).toBe(400);
  });
});

describe('text is stored as given', () => {
  it('quotes, SQL and emoji in feedback are stored verbatim and harm nothing', async () => {
    const content = "Robert'); DROP TABLE users;-- 😀 <script>alert(1)</script>";
    const res = await t.app.inject({ method: 'POST', url: '/api/feedback', headers: seller.headers(), payload: { content } });
    expect(envelope(res).errorCode).toBe(0);
    const rows = await t.database.db.select().from(feedback).where(eq(feedback.content, content));
    expect(rows).toHaveLength(1);
    expect(await rowCount(t.database.db, users)).toBe(before.users);
  });

  it('surrounding whitespace is trimmed', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/feedback', headers: seller.headers(), payload: { content: '   前后有空格的反馈   ' } });
    expect(envelope(res).errorCode).toBe(0);
    expect(await t.database.db.select().from(feedback).where(eq(feedback.content, '前后有空格的反馈'))).toHaveLength(1);
  });
});
