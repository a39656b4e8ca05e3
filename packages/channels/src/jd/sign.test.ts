import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientContext } from '../marketplace/client-options.ts';
import { channelError } from '../marketplace/contract-suite.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import { obj } from '../marketplace/http.ts';
import { jdCall, jdErrorKind } from './client.ts';
import { jdHandler } from './emulator.ts';
import { jdSign, jdSignContent, jdVerify } from './sign.ts';

const params = {
  method: 'jingdong.pop.order.enGet',
  access_token: '5f4dcc3b5aa765d61d8327deb882cf99',
  app_key: 'A1B2C3D4E5F6',
  timestamp: '2026-01-01 08:00:00',
  v: '2.0',
  '360buy_param_json': '{"order_id":"301234567890"}',
};

describe('JD signing (vector computed with openssl dgst -md5)', () => {
  it('MD5(secret + sorted keyvalue… + secret), uppercase, 360buy_param_json included', () => {
    expect(jdSignContent(params)).toBe(
      '360buy_param_json{"order_id":"301234567890"}access_token5f4dcc3b5aa765d61d8327deb882cf99app_keyA1B2C3D4E5F6methodjingdong.pop.order.enGettimestamp2026-01-01 08:00:00v2.0',
    );
    // printf '%s' "jdsecret${S}jdsecret" | openssl dgst -md5
    expect(jdSign(params, 'jdsecret')).toBe('0C92010A86DBFA6EB63D374463380D5F');
    expect(jdVerify({ ...params, sign: '0C92010A86DBFA6EB63D374463380D5F' }, 'jdsecret')).toBe(true);
    expect(jdVerify({ ...params, '360buy_param_json': '{"order_id":"1"}', sign: '0C92010A86DBFA6EB63D374463380D5F' }, 'jdsecret')).toBe(false);
  });

  it('maps error codes', () => {
    expect(['19', '14', '85', '66', '41'].map(jdErrorKind)).toEqual(['TOKEN_EXPIRED', 'INVALID_SIGNATURE', 'RATE_LIMITED', 'SERVER_ERROR', 'BAD_REQUEST']);
  });
});

describe('JD emulator refuses what JD refuses', () => {
  let emu: MarketplaceEmulator;
  const now = new Date('2026-03-02T02:00:00Z');
  beforeAll(async () => {
    emu = await startMarketplaceEmulator({ handlers: [jdHandler], now: () => now, ordersPerShop: 20 });
  });
  afterAll(() => emu.close());

  it('a window longer than one month, and a page size over 100, in the result’s apiResult', async () => {
    const ep = emu.endpointFor('JD');
    const ctx = clientContext(ep, { now: () => now });
    const q = new URLSearchParams({ app_key: ep.appKey, app_secret: ep.appSecret, grant_type: 'authorization_code', code: emu.authorizeShop('JD').code });
    const tok = (await (await fetch(`${ep.oauthUrl}/oauth2/access_token?${q}`)).json()) as { access_token: string };
    const search = async (start: string, page_size = '50') =>
      obj(
        obj(await jdCall(ctx, 'jingdong.pop.order.enSearch', { start_date: start, end_date: '2026-03-02 10:00:00', page: '1', page_size }, tok.access_token))
          .searchorderinfo_result,
      );
    expect(obj((await search('2026-01-31 09:59:59')).apiResult)).toMatchObject({ success: false, chineseErr: '查询时间跨度不能超过一个月' });
    expect(obj((await search('2026-01-31 10:00:00')).apiResult)).toMatchObject({ success: true });
    expect(obj((await search('2026-03-01 10:00:00', '101')).apiResult)).toMatchObject({ success: false });
    const skewed = clientContext(ep, { now: () => new Date(now.getTime() + 7 * 60_000) });
    expect((await channelError(jdCall(skewed, 'jingdong.pop.order.enGet', { order_id: '1' }, tok.access_token))).platformCode).toBe('61');
  });

  it('sends consignee name/phone/address as ciphertext, the SKU words in skuName, no unpaid orders', () => {
    const orders = emu.orders('JD');
    expect(orders.every((o) => o.paidAt && o.receiver.encrypted)).toBe(true);
    const o = orders[0];
    expect(emu.core('JD').decrypt(o?.receiver.phone ?? '')).toMatch(/^1\d{10}$/);
    expect(o?.items[0]?.title).toMatch(/ /);
  });
});
