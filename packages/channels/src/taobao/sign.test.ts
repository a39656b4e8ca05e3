import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientContext } from '../marketplace/client-options.ts';
import { channelError } from '../marketplace/contract-suite.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import { taobaoCall, topErrorKind } from './client.ts';
import { taobaoHandler } from './emulator.ts';
import { topSign, topSignContent, topVerify } from './sign.ts';

const base = {
  method: 'taobao.trades.sold.increment.get',
  app_key: '12345678',
  session: '6100e23657fb0b2d0c78',
  timestamp: '2026-01-01 08:00:00',
  format: 'json',
  v: '2.0',
  fields: 'tid,status,payment',
};

describe('TOP signing (vectors computed with openssl dgst)', () => {
  it('md5: MD5(secret + sorted keyvalue… + secret), uppercase', () => {
    const p = { ...base, sign_method: 'md5', sign: 'ignored', empty: '' };
    expect(topSignContent(p)).toBe(
      'app_key12345678fieldstid,status,paymentformatjsonmethodtaobao.trades.sold.increment.getsession6100e23657fb0b2d0c78sign_methodmd5timestamp2026-01-01 08:00:00v2.0',
    );
    // printf '%s' "helloworld${S}helloworld" | openssl dgst -md5
    expect(topSign(p, 'helloworld', 'md5')).toBe('87F12B7A386E5D4B4B88913018D11AC5');
  });

  it('hmac (HMAC-MD5) and hmac-sha256 with the secret as key', () => {
    // printf '%s' "$S" | openssl dgst -md5 -hmac helloworld
    expect(topSign({ ...base, sign_method: 'hmac' }, 'helloworld', 'hmac')).toBe('4BD45B1DDDAA0EE22A95CB6F978B9F26');
    // printf '%s' "$S" | openssl dgst -sha256 -hmac helloworld
    expect(topSign({ ...base, sign_method: 'hmac-sha256' }, 'helloworld', 'hmac-sha256')).toBe(
      '1225E0874893E68A39C7EE70589F8178A9E00EDE8E44DABBF0421205D3530C18',
    );
  });

  it('verifies by the sign_method in the request and refuses any change', () => {
    const p = { ...base, sign_method: 'hmac-sha256', sign: '1225E0874893E68A39C7EE70589F8178A9E00EDE8E44DABBF0421205D3530C18' };
    expect(topVerify(p, 'helloworld')).toBe(true);
    expect(topVerify({ ...p, fields: 'tid' }, 'helloworld')).toBe(false);
    expect(topVerify(p, 'other')).toBe(false);
    expect(topVerify({ ...p, sign_method: 'sha1' }, 'helloworld')).toBe(false);
  });

  it('maps TOP codes to our kinds', () => {
    expect(topErrorKind('27', 'invalid-sessionkey')).toBe('TOKEN_EXPIRED');
    expect(topErrorKind('7', 'accesscontrol.limited-by-app-access-count')).toBe('RATE_LIMITED');
    expect(topErrorKind('8', '')).toBe('RATE_LIMITED');
    expect(topErrorKind('25', '')).toBe('INVALID_SIGNATURE');
    expect(topErrorKind('15', 'isp.remote-service-error')).toBe('SERVER_ERROR');
    expect(topErrorKind('15', 'isv.trade-not-exist')).toBe('NOT_FOUND');
    expect(topErrorKind('41', 'isv.invalid-parameter:end_modified')).toBe('BAD_REQUEST');
  });
});

describe('TOP emulator refuses what Taobao refuses', () => {
  let emu: MarketplaceEmulator;
  const now = new Date('2026-03-02T02:00:00Z');
  beforeAll(async () => {
    emu = await startMarketplaceEmulator({ handlers: [taobaoHandler], now: () => now, ordersPerShop: 5 });
  });
  afterAll(() => emu.close());

  it('a window longer than one day (41 isv.invalid-parameter), older than 3 months, and a page size over 100', async () => {
    const ctx = clientContext(emu.endpointFor('TAOBAO'), { now: () => now });
    const { code } = emu.authorizeShop('TAOBAO');
    const form = { grant_type: 'authorization_code', code, client_id: ctx.endpoint.appKey, client_secret: ctx.endpoint.appSecret, redirect_uri: 'http://x/cb' };
    const tok = (await (await fetch(`${ctx.endpoint.oauthUrl}/token`, { method: 'POST', body: new URLSearchParams(form) })).json()) as { access_token: string };
    const list = (start: string, end: string, page_size = '40') =>
      taobaoCall(ctx, 'taobao.trades.sold.increment.get', { fields: 'tid', start_modified: start, end_modified: end, page_size }, tok.access_token);
    const long = await channelError(list('2026-03-01 00:00:00', '2026-03-02 00:00:01'));
    expect([long.kind, long.platformCode, long.message]).toEqual([
      'BAD_REQUEST',
      'isv.invalid-parameter:end_modified',
      '淘宝：查询时间跨度不能超过一天（41 isv.invalid-parameter:end_modified）',
    ]);
    expect((await list('2026-03-01 00:00:00', '2026-03-02 00:00:00')).total_results).toBeTypeOf('number');
    expect((await channelError(list('2025-11-01 00:00:00', '2025-11-01 12:00:00'))).platformCode).toBe('isv.invalid-parameter:start_modified');
    expect((await channelError(list('2026-03-01 00:00:00', '2026-03-01 12:00:00', '101'))).platformCode).toBe('isv.invalid-parameter:page_size');
    const unknownApp = clientContext({ ...ctx.endpoint, appKey: '999' }, { now: () => now });
    expect((await channelError(taobaoCall(unknownApp, 'taobao.trade.fullinfo.get', { tid: '1' }, tok.access_token))).kind).toBe('INVALID_SIGNATURE');
    expect((await channelError(taobaoCall(ctx, 'taobao.trade.fullinfo.get', { tid: '1' }))).platformCode).toBe('26');
  });

  it('sends the receiver masked, with an oaid the platform can decrypt, and provinces in clear', () => {
    const o = emu.orders('TAOBAO')[0];
    expect(o?.receiver.name).toMatch(/^[\u4e00-\u9fa5]\*+$/);
    expect(o?.receiver.phone).toMatch(/^\*{7}\d{4}$/);
    expect(o?.receiver.address).toMatch(/\*\*\*$/);
    expect(o?.receiver.province).not.toContain('*');
    expect(emu.core('TAOBAO').decrypt(o?.receiver.decryptHandle ?? '')).toMatch(/^[\u4e00-\u9fa5]{2,3}\n1\d{10}\n/);
  });
});
