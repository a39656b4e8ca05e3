import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChinaTime } from '../marketplace/china-time.ts';
import { byId, byRefund, collect, channelError as failure } from '../marketplace/contract-suite.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import { splitWindow } from '../marketplace/retry.ts';
import { ChannelError, type MarketplaceClient, type NormalizedOrder, type NormalizedRefund } from '../marketplace/types.ts';
import { createKmClient, ERP_NO_EXPIRY, inclusiveRange, KM_MAX_WINDOW_MS, parseKmSecret } from './client.ts';
import { kmEmulator } from './emulator.ts';
import { kmSign } from './sign.ts';

const DAY = 86_400_000;
let emu: MarketplaceEmulator;
let client: MarketplaceClient;
let calls = 0;
let session: string;
let shopId: string;

const countingFetch: typeof fetch = (input, init) => {
  calls++;
  return fetch(input, init);
};

beforeAll(async () => {
  emu = await startMarketplaceEmulator({ handlers: [kmEmulator], ordersPerShop: 50, historyMs: 3 * DAY });
  client = createKmClient(emu.endpointFor('KM'), { fetch: countingFetch, retry: { attempts: 4, baseDelayMs: 5 }, pageSize: 7 });
  const { code, platformShopId } = emu.authorizeShop('KM');
  const t = await client.exchangeCode({ code, redirectUri: '' });
  session = t.accessToken;
  shopId = platformShopId;
  expect(t).toEqual({ accessToken: code, refreshToken: undefined, expiresAt: ERP_NO_EXPIRY, platformShopId, shopName: kmEmulator.defaultShopName });
});
afterAll(() => emu.close());

describe('KM ERP client against the emulator', () => {
  it('is an appKey channel: no consent page; wrong keys are refused at exchange', async () => {
    expect(client.authKind).toBe('appKey');
    expect(() => client.authorizeUrl({ redirectUri: 'https://a', state: 's' })).toThrow(ChannelError);
    expect((await failure(client.exchangeCode({ code: 'not-a-session', redirectUri: '' }))).kind).toBe('TOKEN_EXPIRED');
    const wrongSecret = createKmClient({ ...emu.endpointFor('KM'), appSecret: 'x' });
    expect((await failure(wrongSecret.exchangeCode({ code: session, redirectUri: '' }))).kind).toBe('INVALID_SIGNATURE');
  });

  it('with an empty code the session comes after the secret (“AppSecret:Session”), as the ERP form sends it', async () => {
    const t = await client.exchangeCode({ code: '', redirectUri: '' });
    expect(t).toMatchObject({ platformShopId: shopId, shopName: kmEmulator.defaultShopName, expiresAt: ERP_NO_EXPIRY });
    const id = (emu.orders('KM', shopId)[0] as NormalizedOrder).platformOrderId;
    expect((await client.getOrder({ token: t.accessToken, platformOrderId: id })).platformOrderId).toBe(id);
    const secretOnly = createKmClient({ ...emu.endpointFor('KM'), appSecret: emu.core('KM').credentials.appSecret });
    expect((await failure(secretOnly.exchangeCode({ code: '', redirectUri: '' }))).kind).toBe('BAD_REQUEST');
  });

  it('turns [from, to) into KM’s inclusive second range', () => {
    const r = inclusiveRange(new Date('2026-01-01T00:00:00.000Z'), new Date('2026-01-01T00:30:00.500Z'));
    expect(r).toEqual({ startTime: '2026-01-01 08:00:00', endTime: '2026-01-01 08:30:00' });
    expect(inclusiveRange(new Date(0), new Date('2026-01-01T00:30:00.000Z')).endTime).toBe('2026-01-01 08:29:59');
    // Back-to-back windows split inside a second never share it.
    const a = inclusiveRange(new Date('2026-01-01T00:00:00.000Z'), new Date('2026-01-01T01:00:10.300Z'));
    const b = inclusiveRange(new Date('2026-01-01T01:00:10.300Z'), new Date('2026-01-01T02:00:00.000Z'));
    expect([a.endTime, b.startTime]).toEqual(['2026-01-01 09:00:10', '2026-01-01 09:00:11']);
    expect(inclusiveRange(new Date('2026-01-01T00:00:00.200Z'), new Date('2026-01-01T00:00:00.700Z'))).toEqual({
      startTime: '2026-01-01 08:00:01',
      endTime: '2026-01-01 08:00:01',
    });
  });

  it('round trip over one-day windows, paged backwards', async () => {
    const now = Date.now();
    const got: NormalizedOrder[] = [];
    for (const w of splitWindow(new Date(now - 3 * DAY - 60_000), new Date(now + 1000), KM_MAX_WINDOW_MS)) {
      got.push(...(await collect(client.listOrders({ token: session, modifiedFrom: w.from, modifiedTo: w.to }))));
    }
    const want = emu.orders('KM', shopId);
    expect(want.length).toBe(50);
    expect(got.sort(byId)).toEqual(want.slice().sort(byId));
    const one = want[3] as NormalizedOrder;
    expect(await client.getOrder({ token: session, platformOrderId: one.platformOrderId })).toEqual(one);
    expect((await failure(client.getOrder({ token: session, platformOrderId: '1' }))).kind).toBe('NOT_FOUND');
  });

  it('after-sales round trip', async () => {
    const now = Date.now();
    const got: NormalizedRefund[] = [];
    for (const w of splitWindow(new Date(now - 3 * DAY - 60_000), new Date(now + 1000), KM_MAX_WINDOW_MS)) {
      got.push(...(await collect(client.listRefunds({ token: session, modifiedFrom: w.from, modifiedTo: w.to }))));
    }
    expect(got.sort(byRefund)).toEqual(emu.refunds('KM', shopId).sort(byRefund));
  });

  it('a window over one day is refused by the client and by the router', async () => {
    const now = Date.now();
    expect((await failure(collect(client.listOrders({ token: session, modifiedFrom: new Date(now - 2 * DAY), modifiedTo: new Date(now) })))).kind).toBe(
      'BAD_REQUEST',
    );
    const endpoint = emu.endpointFor('KM');
    const p: Record<string, string> = {
      method: 'erp.trade.list.query',
      appKey: endpoint.appKey,
      timestamp: formatChinaTime(new Date()),
      format: 'json',
      version: '1.0',
      sign_method: 'md5',
      session,
      timeType: 'upd_time',
      startTime: formatChinaTime(new Date(now - 2 * DAY)),
      endTime: formatChinaTime(new Date(now)),
      pageNo: '1',
      pageSize: '20',
    };
    p.sign = kmSign(p, parseKmSecret(endpoint.appSecret).secret, 'md5');
    const res = await fetch(endpoint.gatewayUrl, { method: 'POST', body: new URLSearchParams(p) });
    expect(await res.json()).toMatchObject({ success: false, code: '20020' });
  });

  it('HTTP 429 and remote-service errors are retried with backoff', async () => {
    const id = (emu.orders('KM', shopId)[0] as NormalizedOrder).platformOrderId;
    emu.failNext('KM', 'RATE_LIMITED', 2);
    emu.failNext('KM', 'SERVER_ERROR', 1);
    calls = 0;
    expect((await client.getOrder({ token: session, platformOrderId: id })).platformOrderId).toBe(id);
    expect(calls).toBe(4);
    emu.failNext('KM', 'INVALID_SIGNATURE', 1);
    calls = 0;
    expect((await failure(client.getOrder({ token: session, platformOrderId: id }))).kind).toBe('INVALID_SIGNATURE');
    expect(calls).toBe(1);
  });

  it('a session with its refresh token: expires in about 29 days, TOKEN_EXPIRED when KM says so, refresh revives it', async () => {
    const rec = emu.core('KM').issueToken(shopId);
    const t = await client.exchangeCode({ code: `${rec.accessToken}:${rec.refreshToken}`, redirectUri: '' });
    expect(t.refreshToken).toBe(rec.refreshToken);
    expect(t.expiresAt.getTime() - Date.now()).toBeGreaterThan(28 * DAY);
    emu.expireTokens('KM');
    const id = (emu.orders('KM', shopId)[0] as NormalizedOrder).platformOrderId;
    expect((await failure(client.getOrder({ token: t.accessToken, platformOrderId: id }))).kind).toBe('TOKEN_EXPIRED');
    expect((await failure(client.getOrder({ token: session, platformOrderId: id }))).kind).toBe('TOKEN_EXPIRED');
    const fresh = await client.refresh(t.refreshToken ?? '');
    expect(fresh).toMatchObject({ platformShopId: shopId, shopName: kmEmulator.defaultShopName });
    expect((await client.getOrder({ token: fresh.accessToken, platformOrderId: id })).platformOrderId).toBe(id);
    session = fresh.accessToken;
  });

  it('ship-notify (上传发货) is recorded with KM’s cpCode, whole order or by sub-orders', async () => {
    const orders = emu.orders('KM', shopId).filter((o) => o.status === 'WAIT_SELLER_SEND' && o.items.every((i) => i.refundState === 'NONE'));
    const single = orders[0] as NormalizedOrder;
    await client.shipNotify({ token: session, platformOrderId: single.platformOrderId, courierCode: 'YUNDA', trackingNo: '4312345678901' });
    expect(emu.shipments('KM').at(-1)).toMatchObject({ platformOrderId: single.platformOrderId, companyCode: 'YUNDA', trackingNo: '4312345678901' });
    expect((await client.getOrder({ token: session, platformOrderId: single.platformOrderId })).status).toBe('WAIT_BUYER_CONFIRM');
    const multi = orders.find((o) => o !== single && o.items.length > 1);
    if (!multi) throw new Error('seed has no multi-line order to ship');
    const first = multi.items[0]?.platformItemId ?? '';
    await client.shipNotify({
      token: session,
      platformOrderId: multi.platformOrderId,
      platformItemIds: [first],
      courierCode: 'SF',
      trackingNo: 'SF1234567890',
    });
    expect(emu.shipments('KM').at(-1)).toMatchObject({ platformItemIds: [first], companyCode: 'SF' });
    expect((await client.getOrder({ token: session, platformOrderId: multi.platformOrderId })).status).toBe('WAIT_BUYER_CONFIRM');
    expect((await failure(client.shipNotify({ token: session, platformOrderId: single.platformOrderId, courierCode: 'ZTO', trackingNo: '1' }))).kind).toBe(
      'BAD_REQUEST',
    );
  });
});
