import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientContext } from '../marketplace/client-options.ts';
import { channelError } from '../marketplace/contract-suite.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import { pddCall, pddErrorKind } from './client.ts';
import { pddHandler } from './emulator.ts';
import { pddSign, pddSignContent, pddValue, pddVerify } from './sign.ts';

const params = {
  type: 'pdd.order.information.get',
  client_id: '4b6e9c1b2a9f4e8c8d7b6a5f4e3d2c1b',
  access_token: 'asd78172s8ds9a921j9qqwda12312w1w21211',
  timestamp: '1767225600',
  data_type: 'JSON',
  version: 'V1',
  order_sn: '260101-123456789012345',
};

describe('PDD signing (vector computed with openssl dgst -md5)', () => {
  it('MD5(secret + sorted keyvalue… + secret), uppercase; sign and undefined left out', () => {
    expect(pddSignContent({ ...params, sign: 'x', none: undefined })).toBe(
      'access_tokenasd78172s8ds9a921j9qqwda12312w1w21211client_id4b6e9c1b2a9f4e8c8d7b6a5f4e3d2c1bdata_typeJSONorder_sn260101-123456789012345timestamp1767225600typepdd.order.information.getversionV1',
    );
    // printf '%s' "testsecret${S}testsecret" | openssl dgst -md5
    expect(pddSign(params, 'testsecret')).toBe('0D7CD35D73F7BECB0E0D47DEC2758BA0');
    expect(pddVerify({ ...params, sign: '0D7CD35D73F7BECB0E0D47DEC2758BA0' }, 'testsecret')).toBe(true);
    expect(pddVerify({ ...params, order_sn: '260101-1', sign: '0D7CD35D73F7BECB0E0D47DEC2758BA0' }, 'testsecret')).toBe(false);
  });

  it('renders booleans lowercase and objects as JSON before signing', () => {
    expect([pddValue(true), pddValue(false), pddValue(5), pddValue({ a: [1] }), pddValue(null)]).toEqual(['true', 'false', '5', '{"a":[1]}', undefined]);
  });

  it('maps error codes', () => {
    expect(pddErrorKind(10019, '')).toBe('TOKEN_EXPIRED');
    expect(pddErrorKind(70031, '')).toBe('RATE_LIMITED');
    expect(pddErrorKind(20004, '')).toBe('INVALID_SIGNATURE');
    expect(pddErrorKind(50000, '')).toBe('SERVER_ERROR');
    expect(pddErrorKind(10000, '')).toBe('BAD_REQUEST');
  });
});

describe('PDD emulator refuses what PDD refuses', () => {
  let emu: MarketplaceEmulator;
  const now = new Date('2026-03-02T02:00:00Z');
  beforeAll(async () => {
    emu = await startMarketplaceEmulator({ handlers: [pddHandler], now: () => now, ordersPerShop: 20 });
  });
  afterAll(() => emu.close());

  it('a window over 30 minutes and a page size over 100; 30 minutes exactly is fine', async () => {
    const ctx = clientContext(emu.endpointFor('PDD'), { now: () => now });
    const tok = await pddCall(ctx, 'pdd.pop.auth.token.create', { code: emu.authorizeShop('PDD').code });
    const end = Math.floor(now.getTime() / 1000);
    const list = (start: number, page_size = 50) =>
      pddCall(
        ctx,
        'pdd.order.number.list.increment.get',
        { start_updated_at: start, end_updated_at: end, order_status: 5, refund_status: 5, page: 1, page_size },
        String(tok.access_token),
      );
    const e = await channelError(list(end - 1801));
    expect([e.kind, e.platformCode, e.message]).toEqual(['BAD_REQUEST', '10000', '拼多多：查询时间间隔不能超过30分钟（10000）']);
    expect((await list(end - 1800)).total_count).toBeTypeOf('number');
    expect((await channelError(list(end - 60, 101))).kind).toBe('BAD_REQUEST');
  });

  it('shows only paid orders, one goods each, receiver as masks plus "~…~" ciphertexts while waiting to ship', () => {
    const orders = emu.orders('PDD');
    expect(orders.every((o) => o.paidAt && o.items.length === 1 && o.buyerNick === '')).toBe(true);
    const waiting = orders.find((o) => o.status === 'WAIT_SELLER_SEND');
    expect(waiting?.receiver.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const handle = JSON.parse(waiting?.receiver.decryptHandle ?? '{}') as Record<string, string>;
    expect(handle.phone).toMatch(/^~.+~$/);
    expect(emu.core('PDD').decrypt(handle.phone?.slice(1, -1) ?? '')).toMatch(/^1\d{10}$/);
    expect(waiting?.items[0]?.spec).toMatch(/^[^:;]+(,[^:;]+)?$/);
  });
});
