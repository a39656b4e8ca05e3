import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MarketplaceEmulator, startMarketplaceEmulator } from './emulator.ts';
import { createMarketplaceClient, platformEndpoint, supportedChannels } from './registry.ts';
import type { MarketplaceChannel } from './types.ts';

const MINE: MarketplaceChannel[] = ['TAOBAO', 'JD', 'PDD', 'TIKTOK', 'WEIDIAN'];

describe('the marketplace emulator (all channels on one loopback server)', () => {
  let emu: MarketplaceEmulator;
  let clock = new Date('2026-03-02T02:00:00Z');
  beforeAll(async () => {
    emu = await startMarketplaceEmulator({ now: () => clock, ordersPerShop: 8, credentials: { TAOBAO: { appKey: '12345678', appSecret: 'top-secret' } } });
  });
  afterAll(() => emu.close());

  it('serves each channel under its prefix with generated or given credentials and a default shop', () => {
    expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.endpointFor('TAOBAO')).toEqual({
      gatewayUrl: `${emu.url}/taobao/router/rest`,
      oauthUrl: `${emu.url}/taobao/oauth`,
      appKey: '12345678',
      appSecret: 'top-secret',
    });
    expect(emu.endpointFor('PDD').gatewayUrl).toBe(`${emu.url}/pdd/api/router`);
    for (const ch of MINE) {
      if (ch !== 'TAOBAO') expect(emu.endpointFor(ch).appSecret).toMatch(/^[0-9a-f]{32}$/);
      expect(emu.shops(ch)).toHaveLength(1);
      expect(supportedChannels()).toContain(ch);
    }
    expect(emu.endpointFor('JD').appKey).not.toBe(emu.endpointFor('PDD').appKey);
  });

  it("serves each line's item picture as a small PNG on its own loopback address", async () => {
    const [order] = emu.orders('TAOBAO');
    const pic = order?.items[0]?.picUrl ?? '';
    expect(pic).toBe(`${emu.url}/pic/${order?.items[0]?.itemId}.png`);
    const res = await fetch(pic);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(64);
    expect((await fetch(`${emu.url}/pic/../x.png`)).status).toBe(404);
  });

  it('the consent page names the default shop without a shop parameter; a wrong app key gets an error page; unknown paths 404', async () => {
    const c = createMarketplaceClient('TAOBAO', emu.endpointFor('TAOBAO'));
    const page = await fetch(c.authorizeUrl({ redirectUri: 'http://127.0.0.1:8080/cb', state: 'x' }));
    const html = await page.text();
    expect(html).toContain('授权 <b>小美女装旗舰店</b> 使用 <b>代发助手</b> 访问订单数据');
    expect(html).toContain('<button type="submit">授权</button>');
    const bad = createMarketplaceClient('TAOBAO', { ...emu.endpointFor('TAOBAO'), appKey: '999' });
    expect((await fetch(bad.authorizeUrl({ redirectUri: 'http://127.0.0.1:8080/cb', state: 'x' }))).status).toBe(400);
    expect((await fetch(`${emu.url}/nowhere`)).status).toBe(404);
    expect((await fetch(`${emu.url}/taobao/nowhere`)).status).toBe(404);
  });

  it('addOrders / modifyOrder / expireTokens act on one channel only', async () => {
    const shop = emu.shops('TIKTOK')[0]?.platformShopId ?? '';
    const before = emu.orders('TIKTOK').length;
    const added = emu.addOrders('TIKTOK', shop, 3);
    expect(emu.orders('TIKTOK')).toHaveLength(before + 3);
    expect(emu.orders('TAOBAO')).toHaveLength(8);
    clock = new Date(clock.getTime() + 60_000);
    emu.modifyOrder('TIKTOK', added[0]?.platformOrderId ?? '', { sellerRemark: '改' });
    expect(emu.orders('TIKTOK')[0]).toMatchObject({ platformOrderId: added[0]?.platformOrderId, sellerRemark: '改', modifiedAt: clock });
    const { code } = emu.authorizeShop('PDD');
    const pdd = createMarketplaceClient('PDD', emu.endpointFor('PDD'), { now: () => clock });
    const t = await pdd.exchangeCode({ code, redirectUri: '' });
    emu.expireTokens('TAOBAO');
    const id = emu.orders('PDD')[0]?.platformOrderId ?? '';
    expect((await pdd.getOrder({ token: t.accessToken, platformOrderId: id })).platformOrderId).toBe(id);
  });

  it('production endpoints are configuration: the real addresses with the app’s keys', () => {
    expect(platformEndpoint('TAOBAO', { appKey: 'k', appSecret: 's' })).toEqual({
      gatewayUrl: 'https://eco.taobao.com/router/rest',
      oauthUrl: 'https://oauth.taobao.com',
      appKey: 'k',
      appSecret: 's',
    });
    expect(platformEndpoint('TIKTOK', { appKey: 'k', appSecret: 's', extra: { serviceId: '123' } }).gatewayUrl).toBe('https://openapi-fxg.jinritemai.com');
  });
});

describe('demo trickle', () => {
  it('adds orders to every shop on a timer and stops on close', async () => {
    const emu = await startMarketplaceEmulator({ ordersPerShop: 2, trickle: { everyMs: 40, perShop: 1 }, handlers: undefined });
    await new Promise((r) => setTimeout(r, 130));
    const n = emu.orders('JD').length + emu.orders('TAOBAO').length;
    await emu.close();
    expect(n).toBeGreaterThan(4);
  });
});
