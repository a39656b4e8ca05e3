import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byId, byRefund, collect, channelError as failure } from '../marketplace/contract-suite.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import { splitWindow } from '../marketplace/retry.ts';
import type { NormalizedOrder, NormalizedRefund } from '../marketplace/types.ts';
import { createRedBookClient, REDBOOK_MAX_WINDOW_MS, type RedBookClient } from './client.ts';
import { redBookEmulator } from './emulator.ts';
import { redBookSign } from './sign.ts';

const DAY = 86_400_000;
let emu: MarketplaceEmulator;
let client: RedBookClient;
let calls = 0;
let token: string;
let shopId: string;

const countingFetch: typeof fetch = (input, init) => {
  calls++;
  return fetch(input, init);
};

beforeAll(async () => {
  emu = await startMarketplaceEmulator({ handlers: [redBookEmulator], ordersPerShop: 30, historyMs: DAY / 2, slowMs: 300 });
  client = createRedBookClient(emu.endpointFor('REDBOOK'), { fetch: countingFetch, retry: { attempts: 4, baseDelayMs: 5 }, pageSize: 4 });
  const { code, platformShopId } = emu.authorizeShop('REDBOOK');
  const t = await client.exchangeCode({ code, redirectUri: 'https://app.example.com/cb' });
  token = t.accessToken;
  shopId = platformShopId;
  expect(t).toMatchObject({ platformShopId, shopName: redBookEmulator.defaultShopName });
  expect(t.expiresAt.getTime() - Date.now()).toBeGreaterThan(6 * DAY);
});
afterAll(() => emu.close());

describe('Xiaohongshu client against the emulator', () => {
  it('authorize URL opens the consent page', async () => {
    const url = client.authorizeUrl({ redirectUri: 'https://app.example.com/cb', state: 's1' });
    expect(new URL(url).pathname).toBe('/redbook/ark/authorization');
    const page = await fetch(url);
    expect(await page.text()).toContain(redBookEmulator.defaultShopName);
  });

  it('round trip over 30-minute windows: list, detail, receiver ciphertext and desensitised text', async () => {
    const now = Date.now();
    const got: NormalizedOrder[] = [];
    for (const w of splitWindow(new Date(now - DAY / 2 - 60_000), new Date(now + 1000), REDBOOK_MAX_WINDOW_MS)) {
      got.push(...(await collect(client.listOrders({ token, modifiedFrom: w.from, modifiedTo: w.to }))));
    }
    const want = emu.orders('REDBOOK', shopId);
    expect(want.length).toBe(30);
    expect(got.sort(byId)).toEqual(want.slice().sort(byId));
    const multi = want.find((o) => o.items.length > 1) as NormalizedOrder;
    expect(await client.getOrder({ token, platformOrderId: multi.platformOrderId })).toEqual(multi);
    expect(multi.receiver.encrypted).toBe(true);
    expect(multi.receiver.name).toMatch(/^\p{Script=Han}\*+$/u);
    expect((await failure(client.getOrder({ token, platformOrderId: 'P7000' }))).kind).toBe('NOT_FOUND');
  });

  it('after-sales round trip', async () => {
    const now = Date.now();
    const got: NormalizedRefund[] = [];
    for (const w of splitWindow(new Date(now - DAY / 2 - 60_000), new Date(now + 1000), REDBOOK_MAX_WINDOW_MS)) {
      got.push(...(await collect(client.listRefunds({ token, modifiedFrom: w.from, modifiedTo: w.to }))));
    }
    expect(got.sort(byRefund)).toEqual(emu.refunds('REDBOOK', shopId).sort(byRefund));
  });

  it('a window over 30 minutes is refused by the client and by the gateway', async () => {
    const now = Date.now();
    expect((await failure(collect(client.listOrders({ token, modifiedFrom: new Date(now - 31 * 60_000), modifiedTo: new Date(now) })))).kind).toBe(
      'BAD_REQUEST',
    );
    const endpoint = emu.endpointFor('REDBOOK');
    const sys = { appId: endpoint.appKey, method: 'order.getOrderList', timestamp: String(Math.floor(now / 1000)), version: '2.0' };
    const body = {
      ...sys,
      sign: redBookSign(sys, endpoint.appSecret),
      accessToken: token,
      timeType: 2,
      startTime: Math.floor(now / 1000) - 3600,
      endTime: Math.floor(now / 1000),
      pageNo: 1,
    };
    const res = await fetch(endpoint.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(await res.json()).toMatchObject({ success: false, error_msg: '按更新时间查询的时间范围不能超过30分钟' });
  });

  it('rate limit and busy answers are retried, then succeed; a stale timestamp is refused', async () => {
    const id = (emu.orders('REDBOOK', shopId)[0] as NormalizedOrder).platformOrderId;
    emu.failNext('REDBOOK', 'RATE_LIMITED', 2);
    emu.failNext('REDBOOK', 'SERVER_ERROR', 1);
    calls = 0;
    expect((await client.getOrder({ token, platformOrderId: id })).platformOrderId).toBe(id);
    expect(calls).toBe(6); // 3 failures, then detail + receiver + desensitise
    const late = createRedBookClient(emu.endpointFor('REDBOOK'), { now: () => new Date(Date.now() - 20 * 60_000) });
    expect((await failure(late.getOrder({ token, platformOrderId: id }))).kind).toBe('BAD_REQUEST');
  });

  it('a bad signature is INVALID_SIGNATURE and not retried', async () => {
    const wrong = createRedBookClient({ ...emu.endpointFor('REDBOOK'), appSecret: 'wrong' }, { fetch: countingFetch });
    calls = 0;
    expect((await failure(wrong.verifyShop(token))).kind).toBe('INVALID_SIGNATURE');
    expect(calls).toBe(1);
  });

  it('verifyShop answers whether the authorization still works; refresh revives it', async () => {
    expect(await client.verifyShop(token)).toEqual({ valid: true, platformShopId: shopId, shopName: redBookEmulator.defaultShopName });
    const { code } = emu.authorizeShop('REDBOOK');
    const t = await client.exchangeCode({ code, redirectUri: 'https://app.example.com/cb' });
    emu.expireTokens('REDBOOK');
    const check = await client.verifyShop(t.accessToken);
    expect(check.valid).toBe(false);
    expect(check.reason).toContain('accessToken');
    const id = (emu.orders('REDBOOK', shopId)[0] as NormalizedOrder).platformOrderId;
    expect((await failure(client.getOrder({ token: t.accessToken, platformOrderId: id }))).kind).toBe('TOKEN_EXPIRED');
    const fresh = await client.refresh(t.refreshToken ?? '');
    expect((await client.verifyShop(fresh.accessToken)).valid).toBe(true);
    token = fresh.accessToken;
  });

  it('split ship-notify by SKU, then the rest: part shipped, then shipped', async () => {
    const order = emu
      .orders('REDBOOK', shopId)
      .find((o) => o.status === 'WAIT_SELLER_SEND' && o.items.length > 1 && o.items.every((i) => i.refundState === 'NONE'));
    if (!order) throw new Error('seed has no multi-line order to ship');
    const [first, ...rest] = order.items.map((i) => i.platformItemId);
    await client.shipNotify({
      token,
      platformOrderId: order.platformOrderId,
      platformItemIds: [first ?? ''],
      courierCode: 'YTO',
      trackingNo: 'YT7512345678901',
    });
    expect((await client.getOrder({ token, platformOrderId: order.platformOrderId })).status).toBe('SELLER_CONSIGNED_PART');
    await client.shipNotify({ token, platformOrderId: order.platformOrderId, platformItemIds: rest, courierCode: 'YTO', trackingNo: 'YT7512345678902' });
    expect((await client.getOrder({ token, platformOrderId: order.platformOrderId })).status).toBe('WAIT_BUYER_CONFIRM');
    const shipped = emu.shipments('REDBOOK').filter((s) => s.platformOrderId === order.platformOrderId);
    expect(shipped.map((s) => [s.companyCode, s.trackingNo])).toEqual([
      ['yuantong', 'YT7512345678901'],
      ['yuantong', 'YT7512345678902'],
    ]);
  });
});
