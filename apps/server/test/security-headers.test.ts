/**
 * Security headers on pages and API answers, the CSP's allowances for C-Lodop, Secure cookies under
 * https, immutable caching of hashed assets, the tracking call's bounds, and /api/docs by configuration.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/lib/security-headers.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { TRACKING_PER_MINUTE } from '../src/modules/system/system.routes.js';
import { createTestApp, login, type TestApp } from './helpers.js';
import { envelope } from './support.js';

let t: TestApp;
let web: string;
const BIG_SCRIPT = `console.log(${JSON.stringify('订单'.repeat(4000))});`;
beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(path.join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
  // As the build leaves a large script: the file, and its brotli and gzip copies (apps/web/precompress.ts).
  writeFileSync(path.join(web, 'assets', 'big-def456.js'), BIG_SCRIPT);
  writeFileSync(path.join(web, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(web, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
  mkdirSync(path.join(web, '.vite'));
  writeFileSync(path.join(web, '.vite', 'manifest.json'), '{}');
  t = await createTestApp({ env: { WEB_DIST: web, TRUST_PROXY: '1', API_DOCS: 'user' } });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('headers', () => {
  it('pages and API answers carry CSP, nosniff, frame-ancestors / X-Frame-Options and Referrer-Policy', async () => {
    for (const url of ['/', '/order/orderList', '/api/health']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it("production's CSP allows C-Lodop on localhost and 127.0.0.1 (http 8000/18000, https 8443, their WebSockets) and nothing else outside", () => {
    const d = contentSecurityPolicy(true).directives;
    for (const host of ['localhost', '127.0.0.1']) {
      expect(d.scriptSrc).toEqual(expect.arrayContaining([`http://${host}:8000`, `http://${host}:18000`, `https://${host}:8443`]));
      expect(d.connectSrc).toEqual(expect.arrayContaining([`ws://${host}:8000`, `ws://${host}:18000`, `wss://${host}:8443`]));
    }
    expect([...d.scriptSrc, ...d.connectSrc].filter((s) => s.includes('*'))).toEqual([]);
  });

  it('hashed assets are cached for a year, immutable; pages are revalidated', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/order/orderList' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends the compressed copy the browser accepts, the file itself to one that accepts none', async () => {
    const asked = (encoding?: string) => t.app.inject({ url: '/assets/big-def456.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await asked('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await asked('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await asked();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // A file the build left uncompressed (too small to gain) is sent as it is, whatever is accepted.
    const small = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it("the build's own dot folders (.vite/manifest.json) are not served: the page answers instead", async () => {
    for (const url of ['/.vite/manifest.json', '/%2Evite/manifest.json']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toContain('<title>t</title>');
    }
  });
});

describe('cookies', () => {
  it('are Secure under https (behind the trusted proxy), not over plain http', async () => {
    const signIn = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'demo_seller', password: DEMO_PASSWORD },
        headers,
        remoteAddress: '10.0.0.1',
      });
    const https = await signIn({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
    expect(String(https.headers['set-cookie'])).toMatch(/user_hash=[^;]+;.*Secure/);
    const http = await signIn({});
    expect(String(http.headers['set-cookie'])).not.toMatch(/Secure/);
  });
});

describe('tracking', () => {
  const track = (payload: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/system/tracking', payload, headers: { 'content-type': 'application/json' }, remoteAddress: ip });

  it('refuses a body over 128 KB in the envelope', async () => {
    const res = await track(JSON.stringify({ pageChannel: '/', host: 'h', activityName: 'x'.repeat(200_000) }), '10.8.0.1');
    expect(res.statusCode).toBe(413);
    expect(envelope(res).errorCode).toBe(400);
  });

  it(`answers 429 past ${TRACKING_PER_MINUTE} calls a minute from one address; others are unaffected`, async () => {
    const body = JSON.stringify({ pageChannel: '/', host: 'h' });
    for (let i = 0; i < TRACKING_PER_MINUTE; i++) expect((await track(body, '10.8.0.2')).statusCode).toBe(200);
    const over = await track(body, '10.8.0.2');
    expect(over.statusCode).toBe(429);
    expect(envelope(over)).toMatchObject({ errorCode: 429, data: null });
    expect((await track(body, '10.8.0.3')).statusCode).toBe(200);
  }, 60_000);
});

describe('/api/docs', () => {
  it('with API_DOCS=user (the production default) needs a session', async () => {
    const anonymous = await t.app.inject({ url: '/api/docs/json' });
    expect(anonymous.statusCode).toBe(401);
    expect(envelope(anonymous).errorCode).toBe(10000);
    const seller = await login(t.app, 'demo_seller');
    const signed = await t.app.inject({ url: '/api/docs/json', headers: seller.headers() });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().openapi).toMatch(/^3\./);
  });
});
