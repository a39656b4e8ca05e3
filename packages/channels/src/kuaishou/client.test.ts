import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byId, collect, channelError as failure } from '../marketplace/contract-suite.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import type { MarketplaceClient, NormalizedOrder } from '../marketplace/types.ts';
import { createKuaishouClient } from './client.ts';
import { kuaishouEmulator } from './emulator.ts';
import { kuaishouSign } from './sign.ts';

const DAY = 86_400_000;
let emu: MarketplaceEmulator;
let client: MarketplaceClient;
let calls = 0;
let token: string;
let shopId: string;

const countingFetch: typeof fetch = (input, init) => {
  calls++;
  return fetch(input, init);
};

beforeAll(async () => {
  emu = await startMarketplaceEmulator({ handlers: [kuaishouEmulator], ordersPerShop: 45, historyMs: 3 * DAY, slowMs: 2000 });
  client = createKuaishouClient(emu.endpointFor('KUAISHOU'), { fetch: countingFetch, retry: { attempts: 4, baseDelayMs: 5 }, pageSize: 10 });
  const { code, platformShopId } = emu.authorizeShop('KUAISHOU');
  const t = await client.exchangeCode({ code, redirectUri: 'https://app.example.com/cb' });
  token = t.accessToken;
  shopId = platformShopId;
  expect(t).toMatchObject({ platformShopId, shopName: kuaishouEmulator.defaultShopName });
  expect(t.expiresAt.getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);
});
afterAll(() => emu.close());

describe('Kuaishou client against the emulator', () => {
  it('authorize URL opens the consent page; a used code is refused', async () => {
    const url = client.authorizeUrl({ redirectUri: 'https://app.example.com/cb', state: 's1' });
    expect(new URL(url).searchParams.get('scope')).toContain('merchant_order');
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(kuaishouEmulator.defaultShopName);
    const { code } = emu.authorizeShop('KUAISHOU');
    await client.exchangeCode({ code, redirectUri: 'https://app.example.com/cb' });
    expect((await failure(client.exchangeCode({ code, redirectUri: 'https://app.example.com/cb' }))).kind).toBe('TOKEN_EXPIRED');
  });

  it('round trip: every generated order comes back exactly as the platform shows it, cursor-paged', async () => {
    const now = Date.now();
    calls = 0;
    const got = await collect(client.listOrders({ token, modifiedFrom: new Date(now - 3 * DAY - 60_000), modifiedTo: new Date(now + 1000) }));
    const want = emu.orders('KUAISHOU', shopId);
    expect(want.length).toBe(45);
    expect(got.slice().sort(byId)).toEqual(want.slice().sort(byId));
    expect(calls).toBe(5); // 45 rows, 10 a page
    const one = want[0] as NormalizedOrder;
    expect(await client.getOrder({ token, platformOrderId: one.platformOrderId })).toEqual(one);
    expect(one.receiver).toMatchObject({ encrypted: true });
    expect(one.receiver.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect((await failure(client.getOrder({ token, platformOrderId: '2400000000000000' }))).kind).toBe('NOT_FOUND');
  });

  it('refunds round trip', async () => {
    const now = Date.now();
    const got = await collect(client.listRefunds({ token, modifiedFrom: new Date(now - 3 * DAY - 60_000), modifiedTo: new Date(now + 1000) }));
    const sort = <T extends { platformRefundId: string }>(l: T[]) => l.slice().sort((a, b) => (a.platformRefundId < b.platformRefundId ? -1 : 1));
    expect(sort(got)).toEqual(sort(emu.refunds('KUAISHOU', shopId)));
  });

  it('a window over 7 days is refused by the client and by the gateway (300004)', async () => {
    const now = Date.now();
    const q = { token, modifiedFrom: new Date(now - 8 * DAY), modifiedTo: new Date(now) };
    expect((await failure(collect(client.listOrders(q)))).kind).toBe('BAD_REQUEST');
    const endpoint = emu.endpointFor('KUAISHOU');
    const [, signSecret] = endpoint.appSecret.split(':');
    const params: Record<string, string> = {
      appkey: endpoint.appKey,
      method: 'open.order.cursor.list',
      version: '1',
      param: JSON.stringify({ beginTime: now - 8 * DAY, endTime: now, pageSize: 10, cursor: '' }),
      access_token: token,
      timestamp: String(now),
      signMethod: 'MD5',
    };
    params.sign = kuaishouSign(params, signSecret ?? '', 'MD5');
    const res = await fetch(`${endpoint.gatewayUrl}/open/order/cursor/list`, { method: 'POST', body: new URLSearchParams(params) });
    expect(await res.json()).toMatchObject({ result: 300004, error_msg: '查询范围不能大于7天' });
  });

  it('rate limit and 5xx are retried with backoff, then succeed', async () => {
    const id = (emu.orders('KUAISHOU', shopId)[0] as NormalizedOrder).platformOrderId;
    emu.failNext('KUAISHOU', 'RATE_LIMITED', 2);
    emu.failNext('KUAISHOU', 'SERVER_ERROR', 1);
    calls = 0;
    expect((await client.getOrder({ token, platformOrderId: id })).platformOrderId).toBe(id);
    expect(calls).toBe(4);
    emu.failNext('KUAISHOU', 'RATE_LIMITED', 4);
    const e = await failure(client.getOrder({ token, platformOrderId: id }));
    expect([e.kind, e.platformCode]).toEqual(['RATE_LIMITED', '1017']);
  });

  it('a slow gateway times out and is tried again', async () => {
    // The emulator holds a SLOW answer 2 s; 800 ms leaves an ordinary answer room on a loaded machine (100 ms did not, now and then).
    const impatient = createKuaishouClient(emu.endpointFor('KUAISHOU'), { timeoutMs: 800, retry: { attempts: 3, baseDelayMs: 5 } });
    emu.failNext('KUAISHOU', 'SLOW', 1);
    const id = (emu.orders('KUAISHOU', shopId)[0] as NormalizedOrder).platformOrderId;
    expect((await impatient.getOrder({ token, platformOrderId: id })).platformOrderId).toBe(id);
  });

  it('a bad signature is INVALID_SIGNATURE and not retried', async () => {
    const endpoint = emu.endpointFor('KUAISHOU');
    const wrong = createKuaishouClient({ ...endpoint, appSecret: `${endpoint.appSecret.split(':')[0]}:not-the-sign-secret` }, { fetch: countingFetch });
    calls = 0;
    expect((await failure(wrong.getOrder({ token, platformOrderId: '1' }))).kind).toBe('INVALID_SIGNATURE');
    expect(calls).toBe(1);
  });

  it('an expired token is TOKEN_EXPIRED; refresh gives a working one', async () => {
    const { code } = emu.authorizeShop('KUAISHOU');
    const t = await client.exchangeCode({ code, redirectUri: 'https://app.example.com/cb' });
    emu.expireTokens('KUAISHOU');
    const id = (emu.orders('KUAISHOU', shopId)[0] as NormalizedOrder).platformOrderId;
    expect((await failure(client.getOrder({ token: t.accessToken, platformOrderId: id }))).kind).toBe('TOKEN_EXPIRED');
    const fresh = await client.refresh(t.refreshToken ?? '');
    expect(fresh.accessToken).not.toBe(t.accessToken);
    expect((await client.getOrder({ token: fresh.accessToken, platformOrderId: id })).platformOrderId).toBe(id);
    token = fresh.accessToken;
    expect((await failure(client.refresh(t.refreshToken ?? ''))).kind).toBe('TOKEN_EXPIRED');
  });

  it('ship-notify is recorded with the Kuaishou express code and moves the order to shipped', async () => {
    const order = emu.orders('KUAISHOU', shopId).find((o) => o.status === 'WAIT_SELLER_SEND' && o.items[0]?.refundState === 'NONE') as NormalizedOrder;
    await client.shipNotify({ token, platformOrderId: order.platformOrderId, courierCode: 'ZTO', trackingNo: '78912345678901' });
    expect(emu.shipments('KUAISHOU').at(-1)).toMatchObject({ platformOrderId: order.platformOrderId, companyCode: '9', trackingNo: '78912345678901' });
    expect((await client.getOrder({ token, platformOrderId: order.platformOrderId })).status).toBe('WAIT_BUYER_CONFIRM');
    const again = await failure(client.shipNotify({ token, platformOrderId: order.platformOrderId, courierCode: 'ZTO', trackingNo: '1' }));
    expect(again.kind).toBe('BAD_REQUEST');
    expect((await failure(client.shipNotify({ token, platformOrderId: order.platformOrderId, courierCode: 'XYZ', trackingNo: '1' }))).message).toContain('XYZ');
  });
});
