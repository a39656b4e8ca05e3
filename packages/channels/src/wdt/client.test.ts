import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERP_NO_EXPIRY } from '../km/client.ts';
import { formatChinaTime } from '../marketplace/china-time.ts';
import { byId, byRefund, collect, channelError as failure } from '../marketplace/contract-suite.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import { splitWindow } from '../marketplace/retry.ts';
import { ChannelError, type MarketplaceClient, type NormalizedOrder, type NormalizedRefund } from '../marketplace/types.ts';
import { createWdtClient, WDT_MAX_WINDOW_MS, wdtSidOf } from './client.ts';
import { wdtEmulator } from './emulator.ts';
import { wdtError } from './errors.ts';
import { wdtMoney, wdtYuanToFen } from './money.ts';
import { wdtSign } from './sign.ts';

const DAY = 86_400_000;
let emu: MarketplaceEmulator;
let client: MarketplaceClient;
let calls = 0;
let sid: string;
let shopId: string;

const countingFetch: typeof fetch = (input, init) => {
  calls++;
  return fetch(input, init);
};

beforeAll(async () => {
  emu = await startMarketplaceEmulator({ handlers: [wdtEmulator], ordersPerShop: 40, historyMs: DAY });
  client = createWdtClient(emu.endpointFor('WDT'), { fetch: countingFetch, retry: { attempts: 4, baseDelayMs: 5 }, pageSize: 3 });
  const a = emu.authorizeShop('WDT');
  sid = a.code;
  shopId = a.platformShopId;
  expect(await client.exchangeCode({ code: sid, redirectUri: '' })).toEqual({
    accessToken: sid,
    expiresAt: ERP_NO_EXPIRY,
    platformShopId: sid,
    shopName: wdtEmulator.defaultShopName,
  });
});
afterAll(() => emu.close());

describe('WDT money and errors', () => {
  it('reads 4-decimal yuan strings into fen, half up, without floats', () => {
    expect(wdtYuanToFen('59.0000', 'x')).toBe(5900);
    expect(wdtYuanToFen('19.9967', 'x')).toBe(2000);
    expect(wdtYuanToFen('0.0049', 'x')).toBe(0);
    expect(wdtYuanToFen('0.0050', 'x')).toBe(1);
    expect(wdtYuanToFen('1.2', 'x')).toBe(120);
    expect(wdtMoney(1999)).toBe('19.9900');
    for (const bad of ['', '-1.00', '1.23456', 'abc']) expect(() => wdtYuanToFen(bad, 'x')).toThrow(ChannelError);
  });

  it('maps codes and messages to our kinds', () => {
    expect(wdtError({ code: 1, message: 'app auth fail' }).kind).toBe('TOKEN_EXPIRED');
    expect(wdtError({ code: 1, message: '验证失败' }).kind).toBe('INVALID_SIGNATURE');
    expect(wdtError({ code: 100, message: '超过每分钟最大并发次数限制，请稍后重试' }).kind).toBe('RATE_LIMITED');
    expect(wdtError({ code: 4, message: '数据库错误' }).kind).toBe('SERVER_ERROR');
    expect(wdtError({ code: 100, message: '店铺编号不存在或已停用' }).kind).toBe('NOT_FOUND');
    expect(wdtError({ code: 7, message: '时间戳错误' }).kind).toBe('BAD_REQUEST');
  });
});

describe('WDT client against the emulator', () => {
  it('is an appKey channel: wrong sid or secret refused at exchange, nothing to refresh', async () => {
    expect(client.authKind).toBe('appKey');
    expect(() => client.authorizeUrl({ redirectUri: 'https://a', state: 's' })).toThrow(ChannelError);
    expect((await failure(client.exchangeCode({ code: 'nobody', redirectUri: '' }))).kind).toBe('TOKEN_EXPIRED');
    const wrong = createWdtClient({ ...emu.endpointFor('WDT'), appSecret: 'x' });
    expect((await failure(wrong.exchangeCode({ code: sid, redirectUri: '' }))).kind).toBe('INVALID_SIGNATURE');
    expect((await failure(client.refresh('x'))).kind).toBe('BAD_REQUEST');
  });

  it('with an empty code the sid is read from the appkey (“<sid>-<suffix>”)', async () => {
    expect(wdtSidOf('szzxs2-gwa')).toBe('szzxs2');
    expect(wdtSidOf('12345678')).toBe('12345678');
    const t = await client.exchangeCode({ code: '', redirectUri: '' });
    expect(t).toMatchObject({ accessToken: wdtSidOf(emu.endpointFor('WDT').appKey), shopName: wdtEmulator.defaultShopName });
    const id = (emu.orders('WDT', shopId)[0] as NormalizedOrder).platformOrderId;
    expect((await client.getOrder({ token: t.accessToken, platformOrderId: id })).platformOrderId).toBe(id);
  });

  it('round trip over 60-minute windows, pages from 0 backwards', async () => {
    const now = Date.now();
    const got: NormalizedOrder[] = [];
    for (const w of splitWindow(new Date(now - DAY - 60_000), new Date(now + 1000), WDT_MAX_WINDOW_MS)) {
      got.push(...(await collect(client.listOrders({ token: sid, modifiedFrom: w.from, modifiedTo: w.to }))));
    }
    const want = emu.orders('WDT', shopId);
    expect(want.length).toBe(40);
    expect(got.sort(byId)).toEqual(want.slice().sort(byId));
    const one = want[5] as NormalizedOrder;
    expect(await client.getOrder({ token: sid, platformOrderId: one.platformOrderId })).toEqual(one);
    expect((await failure(client.getOrder({ token: sid, platformOrderId: '1' }))).kind).toBe('NOT_FOUND');
  });

  it('refunds (退换单) round trip', async () => {
    const now = Date.now();
    const got: NormalizedRefund[] = [];
    for (const w of splitWindow(new Date(now - DAY - 60_000), new Date(now + 1000), WDT_MAX_WINDOW_MS)) {
      got.push(...(await collect(client.listRefunds({ token: sid, modifiedFrom: w.from, modifiedTo: w.to }))));
    }
    expect(got.sort(byRefund)).toEqual(emu.refunds('WDT', shopId).sort(byRefund));
  });

  it('a range over 60 minutes is refused by the client and by WDT', async () => {
    const now = Date.now();
    expect((await failure(collect(client.listOrders({ token: sid, modifiedFrom: new Date(now - 2 * 3600_000), modifiedTo: new Date(now) })))).kind).toBe(
      'BAD_REQUEST',
    );
    const endpoint = emu.endpointFor('WDT');
    const p: Record<string, string> = {
      sid,
      appkey: endpoint.appKey,
      timestamp: String(Math.floor(now / 1000)),
      start_time: formatChinaTime(new Date(now - 2 * 3600_000)),
      end_time: formatChinaTime(new Date(now)),
      page_no: '0',
      page_size: '10',
    };
    p.sign = wdtSign(p, endpoint.appSecret);
    const res = await fetch(`${endpoint.gatewayUrl}/trade_query.php`, { method: 'POST', body: new URLSearchParams(p) });
    expect(await res.json()).toEqual({ code: 100, message: '您的查询时间过宽,查询时间不能大于60分钟' });
  });

  it('the per-minute limit and a 503 are retried with backoff, then succeed', async () => {
    const id = (emu.orders('WDT', shopId)[0] as NormalizedOrder).platformOrderId;
    emu.failNext('WDT', 'RATE_LIMITED', 2);
    emu.failNext('WDT', 'SERVER_ERROR', 1);
    calls = 0;
    expect((await client.getOrder({ token: sid, platformOrderId: id })).platformOrderId).toBe(id);
    expect(calls).toBe(4);
    emu.failNext('WDT', 'INVALID_SIGNATURE', 1);
    calls = 0;
    expect((await failure(client.getOrder({ token: sid, platformOrderId: id }))).kind).toBe('INVALID_SIGNATURE');
    expect(calls).toBe(1);
  });

  it('keys WDT no longer accepts are TOKEN_EXPIRED', async () => {
    const other = emu.authorizeShop('WDT', '沙河南城男装批发店');
    await client.exchangeCode({ code: other.code, redirectUri: '' });
    emu.failNext('WDT', 'TOKEN_EXPIRED', 1);
    expect((await failure(client.getOrder({ token: other.code, platformOrderId: '1' }))).kind).toBe('TOKEN_EXPIRED');
  });

  it('ship-notify is recorded with WDT’s logistics_type, whole order or by sub-orders', async () => {
    const orders = emu.orders('WDT', shopId).filter((o) => o.status === 'WAIT_SELLER_SEND' && o.items.every((i) => i.refundState === 'NONE'));
    const single = orders[0] as NormalizedOrder;
    await client.shipNotify({ token: sid, platformOrderId: single.platformOrderId, courierCode: 'JTSD', trackingNo: 'JT0001234567890' });
    expect(emu.shipments('WDT').at(-1)).toMatchObject({ platformOrderId: single.platformOrderId, companyCode: '108', trackingNo: 'JT0001234567890' });
    expect((await client.getOrder({ token: sid, platformOrderId: single.platformOrderId })).status).toBe('WAIT_BUYER_CONFIRM');
    const multi = orders.find((o) => o !== single && o.items.length > 1);
    if (!multi) throw new Error('seed has no multi-line order to ship');
    const first = multi.items[0]?.platformItemId ?? '';
    await client.shipNotify({ token: sid, platformOrderId: multi.platformOrderId, platformItemIds: [first], courierCode: 'ZTO', trackingNo: '75312345678' });
    expect(emu.shipments('WDT').at(-1)).toMatchObject({ platformItemIds: [first], companyCode: '5' });
    expect((await failure(client.shipNotify({ token: sid, platformOrderId: single.platformOrderId, courierCode: 'ZTO', trackingNo: '1' }))).kind).toBe(
      'BAD_REQUEST',
    );
  });
});
