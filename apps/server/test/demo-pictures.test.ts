/**
 * The demo seed's goods pictures: its imported shop orders' lines name our own /demo/pic/<item>.png
 * (the emulator's port is unknown at seed time), which answers the emulator's PNG with a long cache;
 * anything else under it, and the route outside demo mode, answers 404.
 */
import type { ShopOrderRow } from '@dropship/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, envelope } from './support.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
let t: TestApp;
let seller: Session;

beforeAll(async () => {
  // Tests run in demo mode (CHANNEL_EMULATOR unset, not production).
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
}, 60_000);
afterAll(() => t?.close());

describe('demo goods pictures', () => {
  it("gives the seeded demo shop order's line a picture that answers a PNG", async () => {
    const r = envelope<{ list: ShopOrderRow[] }>(
      await call(t.app, { method: 'POST', url: '/api/b2/orders/page', session: seller, payload: { platformOrderId: '4012873365501' } }),
    );
    expect(r.errorCode, r.errorMsg).toBe(0);
    const line = r.data.list[0]?.items[0];
    expect(line?.picUrl).toBe('/demo/pic/680012345601.png');

    const pic = await call(t.app, { url: line?.picUrl as string });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/png');
    expect(String(pic.headers['cache-control'])).toContain('max-age=31536000');
    expect(pic.rawPayload.subarray(0, 8).equals(PNG)).toBe(true);
    // The same item always draws the same picture.
    expect((await call(t.app, { url: line?.picUrl as string })).rawPayload.equals(pic.rawPayload)).toBe(true);
  });

  it("the demo emulator's own orders name the same stable address, whatever port it started on", async () => {
    const emu = await t.app.channels.emulator();
    const { platformShopId } = emu.authorizeShop('TAOBAO', '图片测试店');
    const [order] = emu.addOrders('TAOBAO', platformShopId, 1);
    const pic = order?.items[0]?.picUrl ?? '';
    expect(pic).toMatch(/^\/demo\/pic\/[\w-]+\.png$/);
    expect((await call(t.app, { url: pic })).headers['content-type']).toBe('image/png');
  });

  it('answers 404 for anything but an item picture, with no way out of the folder', async () => {
    for (const url of [
      '/demo/pic/680012345601.jpg',
      '/demo/pic/..%2f..%2fpackage.json',
      '/demo/pic/..%2Fpackage.png',
      '/demo/pic/a.b.png',
      `/demo/pic/${'9'.repeat(65)}.png`,
      '/demo/pic/',
    ]) {
      const res = await call(t.app, { url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toBe('image/png');
    }
  });
});

describe('outside demo mode', () => {
  it('answers 404 for a picture address', async () => {
    // The channel registry reads CHANNEL_EMULATOR from the process's environment when the app is built.
    const before = process.env.CHANNEL_EMULATOR;
    process.env.CHANNEL_EMULATOR = '0';
    const off = await createTestApp({ seed: false }).finally(() => {
      if (before === undefined) delete process.env.CHANNEL_EMULATOR;
      else process.env.CHANNEL_EMULATOR = before;
    });
    try {
      const res = await call(off.app, { url: '/demo/pic/680012345601.png' });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  }, 60_000);
});
