/**
 * Errors raised before any route runs (the router, the body parser, Node's HTTP parser) answer in
 * the envelope with a Chinese message, and zod's own issues read as plain Chinese naming the field.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, envelope, isChinese } from './support.js';

let t: TestApp;
let seller: Session;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
});
afterAll(() => t?.close());

async function refusedWith(res: Awaited<ReturnType<typeof call>>, status: number) {
  expect(res.statusCode).toBe(status);
  const body = envelope(res);
  expect(body.errorCode).toBe(400);
  expect(body.data).toBeNull();
  expect(isChinese(body.errorMsg)).toBe(true);
  return body.errorMsg;
}

describe('framework errors', () => {
  it('a malformed percent-encoding (FST_ERR_BAD_URL)', async () => {
    const msg = await refusedWith(await call(t.app, { url: '/api/b2/orders/%E0%A4%A', session: seller }), 400);
    expect(msg).toContain('地址');
  });

  it('a path parameter over the length limit (FST_ERR_MAX_PARAM_LENGTH)', async () => {
    await refusedWith(await call(t.app, { url: `/api/b2/orders/${'9'.repeat(300)}`, session: seller }), 414);
  });

  it('invalid JSON, a wrong content type, too large a body', async () => {
    const headers = { 'content-type': 'application/json' };
    await refusedWith(await call(t.app, { method: 'POST', url: '/api/b2/orders/page', session: seller, headers, payload: '{bad' }), 400);
    await refusedWith(
      await call(t.app, { method: 'POST', url: '/api/b2/orders/page', session: seller, headers: { 'content-type': 'text/xml' }, payload: '<a/>' }),
      415,
    );
    await refusedWith(await call(t.app, { method: 'POST', url: '/api/b2/orders/page', session: seller, headers, payload: `"${'x'.repeat(1_100_000)}"` }), 413);
  });

  it('headers too large for Node (431) answer in the envelope on the socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/health?x=${'a'.repeat(20_000)}`, { headers: { 'x-big': 'b'.repeat(20_000) } });
    expect(res.status).toBe(431);
    const body = (await res.json()) as { errorCode: number; errorMsg: string; data: null };
    expect(body).toEqual({ errorCode: 400, errorMsg: expect.stringContaining('过长'), data: null });
  });
});

describe('validation wording', () => {
  const page = (payload: unknown) => call(t.app, { method: 'POST', url: '/api/b2/orders/page', session: seller, payload: payload as object });

  it('names the field and what it expects, never zod type-checker wording', async () => {
    const cases: [unknown, string][] = [
      [{ pageNo: 'abc', pageSize: 10 }, '页码：应为有效的数字'],
      [{ pageNo: 1, pageSize: 100_000 }, '每页条数：不能大于 500'],
      [[1], '请求内容：应为对象（键值对）'],
    ];
    for (const [payload, want] of cases) {
      const msg = await refusedWith(await page(payload), 400);
      expect(msg).toBe(want);
      expect(msg).not.toMatch(/期望|实际接收|无效输入/);
    }
  });

  it('an enum lists its choices; a missing body says so', async () => {
    const kind = await refusedWith(
      await call(t.app, { method: 'POST', url: '/api/system/tracking', payload: { pageChannel: '/', host: 'h', kind: 'X' } }),
      400,
    );
    expect(kind).toBe('类型：应为以下之一：PAGE_VIEW、ACTIVITY');
    const empty = await refusedWith(
      await call(t.app, { method: 'POST', url: '/api/feedback', session: seller, headers: { 'content-type': 'application/json' }, payload: 'null' }),
      400,
    );
    expect(empty).toContain('请求内容');
  });
});
