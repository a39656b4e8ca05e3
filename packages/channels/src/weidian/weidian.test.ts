import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientContext } from '../marketplace/client-options.ts';
import { channelError, collect } from '../marketplace/contract-suite.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import { createWeidianClient, weidianCall, weidianErrorKind } from './client.ts';
import { weidianHandler } from './emulator.ts';

describe('Weidian', () => {
  let emu: MarketplaceEmulator;
  const now = new Date('2026-03-02T02:00:00Z');
  beforeAll(async () => {
    emu = await startMarketplaceEmulator({ handlers: [weidianHandler], now: () => now, ordersPerShop: 12 });
  });
  afterAll(() => emu.close());

  it('self-use mode: no consent page, the app keys fetch the one shop’s token; refresh fetches again', async () => {
    const ep = { ...emu.endpointFor('WEIDIAN'), extra: { tokenMode: 'client_credential' } };
    const c = createWeidianClient(ep, { now: () => now });
    const back = new URL(c.authorizeUrl({ redirectUri: 'http://127.0.0.1:8080/cb?x=1', state: 's' }));
    expect([back.searchParams.get('code'), back.searchParams.get('state'), back.searchParams.get('x')]).toEqual(['client_credential', 's', '1']);
    const t = await c.exchangeCode({ code: 'client_credential', redirectUri: '' });
    expect(t).toMatchObject({ platformShopId: emu.shops('WEIDIAN')[0]?.platformShopId, shopName: '小美女装微店' });
    const orders = await collect(c.listOrders({ token: t.accessToken, modifiedFrom: new Date(now.getTime() - 4 * 86400_000), modifiedTo: now }));
    expect(orders).toHaveLength(12);
    expect(orders.every((o) => !o.receiver.encrypted && /^1\d{10}$/.test(o.receiver.phone))).toBe(true);
    expect((await c.refresh('')).accessToken).not.toBe(t.accessToken);
    const wrong = createWeidianClient({ ...ep, appSecret: 'x' }, { now: () => now });
    expect((await channelError(wrong.exchangeCode({ code: 'client_credential', redirectUri: '' }))).kind).toBe('INVALID_SIGNATURE');
  });

  it('refuses a window over 31 days and the list without version 1.1+', async () => {
    const ep = emu.endpointFor('WEIDIAN');
    const t = await createWeidianClient(ep, { now: () => now }).exchangeCode({ code: emu.authorizeShop('WEIDIAN').code, redirectUri: '' });
    const ctx = clientContext(ep, { now: () => now });
    const list = (start: string, version = '1.1') =>
      weidianCall(
        ctx,
        'vdian.order.list.get',
        { order_type: 'all', page_num: 1, page_size: 50, update_start: start, update_end: '2026-03-02 10:00:00' },
        t.accessToken,
        version,
      );
    const e = await channelError(list('2026-01-30 09:59:59'));
    expect([e.kind, e.message]).toEqual(['BAD_REQUEST', '微店：参数错误：查询时间范围不能超过31天（10002）']);
    expect((await list('2026-01-30 10:00:00')).total_num).toBeTypeOf('number');
    expect((await channelError(list('2026-03-01 10:00:00', '1.0'))).kind).toBe('BAD_REQUEST');
    expect([10013, 10016, 10026, 10020, 10012, 10001].map(weidianErrorKind)).toEqual([
      'TOKEN_EXPIRED',
      'TOKEN_EXPIRED',
      'TOKEN_EXPIRED',
      'RATE_LIMITED',
      'INVALID_SIGNATURE',
      'SERVER_ERROR',
    ]);
  });
});
