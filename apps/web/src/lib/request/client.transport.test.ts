/**
 * The client's own transport rules against a real local HTTP peer (test-peer.ts): headers, body
 * encodings, flag stripping, abort flags, timeouts, dropped connections, non-JSON answers, exports.
 */
import { ErrorCode, STORAGE_KEYS } from '@dropship/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from './sign.js';
import { createTestClient, PAGE_HREF } from './test-env.js';
import { closedPort, type Peer, startPeer, XLSX_BYTES } from './test-peer.js';

interface Echo {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string | undefined>;
  body: string;
}

let peer: Peer;
beforeAll(async () => {
  peer = await startPeer();
});
afterAll(() => peer.close());

const NETWORK = { errorCode: -20, errorMsg: '系统异常', data: null };
const TOO_FREQUENT = { errorCode: -21, errorMsg: '操作太频繁，请稍后再试', data: null };

function signedInClient(overrides = {}) {
  const t = createTestClient(peer.baseUrl, overrides);
  t.storage.setItem(STORAGE_KEYS.userHash, 'hash-abc');
  t.storage.setItem(STORAGE_KEYS.userId, '42');
  return t;
}

describe('headers', () => {
  it('sends token, user id, the anti-forgery pair and the brand source', async () => {
    const { client } = signedInClient({ now: () => 1_760_000_000_123 });
    const res = await client.request<Echo>({ method: 'GET', url: '/echo' });
    const h = res.data?.headers ?? {};
    expect(h).toMatchObject({ 'x-token': 'hash-abc', 'x-user-id': '42', 'x-timestamp': '1760000000123', 'x-source': 'MAIN_WEB' });
    expect(h['x-sign']).toBe(await sha256Hex('hash-abc:1760000000123'));
    expect(h['x-sign']).toMatch(/^[0-9a-f]{64}$/);
    expect(h['x-request-source']).toBeUndefined();
  });

  it('noToken omits every auth header but keeps the brand source', async () => {
    const { client } = signedInClient({ brandSource: () => 'SECOND_WEB' });
    const h = (await client.request<Echo>({ method: 'POST', url: '/echo', data: { a: 1 }, noToken: true })).data?.headers ?? {};
    expect(h['x-source']).toBe('SECOND_WEB');
    for (const name of ['x-token', 'x-user-id', 'x-timestamp', 'x-sign']) expect(h[name]).toBeUndefined();
  });

  it('a purchaser adds x-request-source: purchase and ignores cookies', async () => {
    const { client, storage, cookies } = signedInClient();
    storage.setItem(STORAGE_KEYS.userType, '1');
    cookies.set('user_hash', 'seller-cookie-hash');
    const h = (await client.request<Echo>({ method: 'GET', url: '/echo' })).data?.headers ?? {};
    expect(h).toMatchObject({ 'x-request-source': 'purchase', 'x-token': 'hash-abc', 'x-user-id': '42' });
  });

  it('a seller reads the cookie pair first', async () => {
    const { client, cookies } = signedInClient();
    cookies.set('user_hash', 'cookie-hash');
    cookies.set('user_id', '7');
    const h = (await client.request<Echo>({ method: 'GET', url: '/echo' })).data?.headers ?? {};
    expect(h).toMatchObject({ 'x-token': 'cookie-hash', 'x-user-id': '7' });
  });

  it('without a stored hash nothing is sent', async () => {
    const { client, navigations } = createTestClient(peer.baseUrl);
    const before = peer.seen.length;
    expect(await client.request({ method: 'POST', url: '/echo', data: { a: 1 } })).toMatchObject({ errorCode: 10000, data: null });
    expect(peer.seen.length).toBe(before);
    expect(navigations).toEqual([`/login?jump=${encodeURIComponent(PAGE_HREF)}`]);
  });

  it('does not jump to sign-on from the sign-on page itself', async () => {
    const { client, navigations } = createTestClient(peer.baseUrl, { currentHref: () => 'http://shop.test/login?jump=%2F' });
    await client.request({ method: 'GET', url: '/echo' });
    expect(navigations).toEqual([]);
  });
});

describe('query and body', () => {
  it('serializes params with qs (repeated keys, nulls skipped) and strips flags from params and data', async () => {
    const { client } = signedInClient();
    const res = await client.request<Echo>({
      method: 'POST',
      url: '/echo',
      params: { ids: [1, 2], name: '张三', empty: null, abortFlag: true },
      data: { x: 1, noToken: true, formData: false },
    });
    expect(res.data?.query).toBe(`?ids=1&ids=2&name=${encodeURIComponent('张三')}`);
    expect(JSON.parse(res.data?.body ?? '')).toEqual({ x: 1 });
    expect(res.data?.headers['content-type']).toBe('application/json');
    // noToken found inside data still applies.
    expect(res.data?.headers['x-token']).toBeUndefined();
  });

  it('a GET sends its data as query parameters, never a body', async () => {
    const { client } = signedInClient();
    const res = await client.request<Echo>({ method: 'GET', url: '/echo', data: { page: 2 }, params: { size: 20 } });
    expect(res.data).toMatchObject({ query: '?page=2&size=20', body: '' });
  });

  it('a POST without data sends no body and no content type', async () => {
    const { client } = signedInClient();
    const res = await client.request<Echo>({ method: 'POST', url: '/echo' });
    expect(res.data?.body).toBe('');
    expect(res.data?.headers['content-type']).toBeUndefined();
  });

  it('formData sends application/x-www-form-urlencoded', async () => {
    const { client } = signedInClient();
    const res = await client.request<Echo>({ method: 'PUT', url: '/echo', data: { a: '1 2', b: 'x&y' }, formData: true });
    expect(res.data?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(res.data?.body).get('b')).toBe('x&y');
    expect(res.data?.body).not.toMatch(/formData/);
  });

  it('isFile sends multipart with Blob values as file parts', async () => {
    const { client } = signedInClient();
    const file = new File(['货号,数量\nA1,2'], 'orders.csv', { type: 'text/csv' });
    const res = await client.request<Echo>({ method: 'POST', url: '/echo', data: { file, kind: 'orders', isFile: true } });
    const contentType = res.data?.headers['content-type'] ?? '';
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(Buffer.from(res.data?.body ?? '', 'latin1'), { headers: { 'content-type': contentType } }).formData();
    expect(form.get('kind')).toBe('orders');
    const part = form.get('file') as File;
    expect(part.name).toBe('orders.csv');
    expect(await part.text()).toBe('货号,数量\nA1,2');
    expect(form.has('isFile')).toBe(false);
  });
});

describe('abort flags', () => {
  it('abortFlag cancels the earlier pending identical call', async () => {
    const { client } = signedInClient();
    const call = () => client.request({ method: 'POST', url: '/slow', params: { ms: 150 }, data: { a: 1, b: 2 }, abortFlag: true });
    const first = call();
    const second = client.request({ method: 'POST', url: '/slow', params: { ms: 150 }, data: { b: 2, a: 1 }, abortFlag: true });
    expect(await first).toEqual(TOO_FREQUENT);
    expect((await second).errorCode).toBe(0);
    // Finished calls free their slot: a later identical call is not cancelled by anything.
    expect((await call()).errorCode).toBe(0);
  });

  it('abortFlag keeps calls with a different body, abortFlag_URL cancels them', async () => {
    const { client } = signedInClient();
    const full = [1, 2].map((a) => client.request({ method: 'POST', url: '/slow', params: { ms: 100 }, data: { a }, abortFlag: true }));
    expect((await Promise.all(full)).map((r) => r.errorCode)).toEqual([0, 0]);
    const byUrl = [1, 2, 3].map((a) => client.request({ method: 'POST', url: '/slow', params: { ms: 100 }, data: { a }, abortFlag_URL: true }));
    expect((await Promise.all(byUrl)).map((r) => r.errorCode)).toEqual([ErrorCode.TOO_FREQUENT, ErrorCode.TOO_FREQUENT, 0]);
  });

  it('calls without a flag are never cancelled', async () => {
    const { client } = signedInClient();
    const calls = [1, 2].map(() => client.request({ method: 'GET', url: '/slow', params: { ms: 80 } }));
    expect((await Promise.all(calls)).map((r) => r.errorCode)).toEqual([0, 0]);
  });
});

describe('failures', () => {
  it('a timeout resolves -20, also when the body stalls after the headers', async () => {
    const { client } = signedInClient();
    const started = Date.now();
    expect(await client.request({ method: 'GET', url: '/stall', timeout: 150 })).toEqual(NETWORK);
    expect(await client.request({ method: 'GET', url: '/stall-body', timeout: 150 })).toEqual(NETWORK);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a dropped connection or a refused port resolves -20', async () => {
    const { client } = signedInClient();
    expect(await client.request({ method: 'POST', url: '/drop', data: {} })).toEqual(NETWORK);
    const refused = createTestClient(`http://127.0.0.1:${await closedPort()}`);
    expect(await refused.client.request({ method: 'GET', url: '/api/health', noToken: true })).toEqual(NETWORK);
  });

  it('a non-JSON or non-envelope answer resolves -20', async () => {
    const { client } = signedInClient();
    expect(await client.request({ method: 'GET', url: '/html' })).toEqual(NETWORK);
    expect(await client.request({ method: 'GET', url: '/not-envelope' })).toEqual(NETWORK);
  });

  it('other codes pass through untouched', async () => {
    const { client, navigations, alerts } = signedInClient();
    expect(await client.request({ method: 'GET', url: '/code', params: { code: 12002 } })).toEqual({ errorCode: 12002, errorMsg: 'from peer', data: null });
    expect(navigations).toEqual([]);
    expect(alerts).toEqual([]);
  });
});

describe('downloadExcel', () => {
  it('saves the blob as <fileName>.xlsx with the same headers', async () => {
    const { client, saved } = signedInClient();
    const res = await client.downloadExcel({ url: '/xlsx', params: { status: 1 }, fileName: '代发订单' });
    expect(res).toMatchObject({ errorCode: 0, data: { fileName: '代发订单.xlsx' } });
    expect(saved).toHaveLength(1);
    const [file] = saved;
    expect(file?.fileName).toBe('代发订单.xlsx');
    expect(Buffer.from(await (file as { blob: Blob }).blob.arrayBuffer())).toEqual(XLSX_BYTES);
    const last = peer.seen.at(-1);
    expect(last).toMatchObject({ method: 'GET', url: '/xlsx?status=1' });
    expect(last?.headers).toMatchObject({ 'x-token': 'hash-abc', 'x-source': 'MAIN_WEB' });
  });

  it('post sends the body as JSON and names the file by timestamp by default', async () => {
    const { client, saved } = signedInClient({ now: () => 1_760_000_000_000 });
    await client.downloadExcel({ url: '/xlsx', method: 'post', data: { ids: [1] } });
    expect(saved[0]?.fileName).toBe('1760000000000.xlsx');
    const last = peer.seen.at(-1);
    expect(last?.method).toBe('POST');
    expect(JSON.parse(last?.body.toString() ?? '')).toEqual({ ids: [1] });
  });

  it('a JSON answer is resolved as the envelope (with the session policy), an error page as -20', async () => {
    const { client, saved, navigations } = signedInClient();
    expect(await client.downloadExcel({ url: '/code', params: { code: 10000 } })).toMatchObject({ errorCode: 10000 });
    expect(navigations).toHaveLength(1);
    expect(await client.downloadExcel({ url: '/xlsx-error-page' })).toEqual(NETWORK);
    expect(saved).toEqual([]);
  });
});

describe('requestBlob', () => {
  it('answers the file in hand with the signed headers, or the refusal envelope under the session policy', async () => {
    const { client, navigations } = signedInClient();
    const out = await client.requestBlob({ method: 'POST', url: '/xlsx', data: { kind: 'pickupTag' } });
    expect('blob' in out && Buffer.from(await out.blob.arrayBuffer())).toEqual(XLSX_BYTES);
    const last = peer.seen.at(-1);
    expect(last?.headers).toMatchObject({ 'x-token': 'hash-abc', 'x-source': 'MAIN_WEB' });
    expect(last?.headers['x-sign']).toMatch(/^[0-9a-f]{64}$/);
    expect(await client.requestBlob({ method: 'GET', url: '/code', params: { code: 10000 } })).toMatchObject({ envelope: { errorCode: 10000 } });
    expect(navigations).toHaveLength(1);
  });
});
