import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientContext } from '../marketplace/client-options.ts';
import { channelError } from '../marketplace/contract-suite.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import { doudianCall, doudianErrorKind } from './client.ts';
import { tiktokHandler } from './emulator.ts';
import { doudianSign, doudianSignString, doudianVerify, sortedJson } from './sign.ts';

const input = {
  appKey: '7000000000000000001',
  method: 'order.searchList',
  paramJson: sortedJson({ update_time_start: 1767223800, size: 10, update_time_end: 1767225599, page: 0 }),
  timestamp: '1767225600',
};

describe('Douyin signing (vectors computed with openssl dgst)', () => {
  it('param_json has sorted keys at every level, compact, no HTML escaping', () => {
    expect(input.paramJson).toBe('{"page":0,"size":10,"update_time_end":1767225599,"update_time_start":1767223800}');
    expect(sortedJson({ b: { d: 1, c: [{ f: 1, e: '<&>' }] }, a: undefined })).toBe('{"b":{"c":[{"e":"<&>","f":1}],"d":1}}');
  });

  it('HMAC-SHA256(secret, secret + pattern + secret), lowercase; md5 variant', () => {
    expect(doudianSignString(input, 'dysecret')).toBe(
      `dysecretapp_key7000000000000000001methodorder.searchListparam_json${input.paramJson}timestamp1767225600v2dysecret`,
    );
    // printf '%s' "dysecret${P}dysecret" | openssl dgst -sha256 -hmac dysecret
    expect(doudianSign(input, 'dysecret')).toBe('4c4589212193e73640ee40cd6cb62283d6780dbea47e2a45cd48814881db4dee');
    // printf '%s' "dysecret${P}dysecret" | openssl dgst -md5
    expect(doudianSign(input, 'dysecret', 'md5')).toBe('45f4db392f20e13b19d65e7d1c8e1c13');
    expect(doudianVerify(input, 'dysecret', '4c4589212193e73640ee40cd6cb62283d6780dbea47e2a45cd48814881db4dee', 'hmac-sha256')).toBe(true);
    expect(
      doudianVerify({ ...input, paramJson: '{"page":1}' }, 'dysecret', '4c4589212193e73640ee40cd6cb62283d6780dbea47e2a45cd48814881db4dee', 'hmac-sha256'),
    ).toBe(false);
  });

  it('maps codes', () => {
    expect(doudianErrorKind(40003, 'isv.access-token-expired')).toBe('TOKEN_EXPIRED');
    expect(doudianErrorKind(30001, 'dop.authorization-no-existed')).toBe('TOKEN_EXPIRED');
    expect(doudianErrorKind(60000, '')).toBe('RATE_LIMITED');
    expect(doudianErrorKind(40003, 'isv.signature-invalid')).toBe('INVALID_SIGNATURE');
    expect(doudianErrorKind(20000, 'isp.service-error')).toBe('SERVER_ERROR');
    expect(doudianErrorKind(40003, 'isv.timestamp-invalid')).toBe('BAD_REQUEST');
  });
});

describe('Douyin emulator', () => {
  let emu: MarketplaceEmulator;
  const now = new Date('2026-03-02T02:00:00Z');
  beforeAll(async () => {
    emu = await startMarketplaceEmulator({ handlers: [tiktokHandler], now: () => now, ordersPerShop: 20 });
  });
  afterAll(() => emu.close());

  it('pages from 0, refuses size over 100 and a missing authorization (30001)', async () => {
    const ctx = clientContext(emu.endpointFor('TIKTOK'), { now: () => now });
    const tok = await doudianCall(ctx, 'token.create', { code: emu.authorizeShop('TIKTOK').code, grant_type: 'authorization_code' });
    const end = Math.floor(now.getTime() / 1000);
    const list = (page: number, size: number) =>
      doudianCall(ctx, 'order.searchList', { update_time_start: end - 4 * 86400, update_time_end: end, page, size }, String(tok.access_token));
    const first = await list(0, 100);
    expect([first.page, first.total]).toEqual([0, 20]);
    expect((await channelError(list(-1, 10))).platformCode).toBe('isv.parameter-invalid');
    expect((await channelError(list(0, 101))).platformCode).toBe('isv.parameter-invalid');
    expect((await channelError(doudianCall(ctx, 'order.searchList', { page: 0, size: 1 }))).kind).toBe('TOKEN_EXPIRED');
  });

  it('money in fen, the receiver masked with "#…##" ciphertexts, specs as name:value pairs', () => {
    const o = emu.orders('TIKTOK')[0];
    expect(o?.receiver.name).toMatch(/^[\u4e00-\u9fa5]\*+$/);
    const c = JSON.parse(o?.receiver.decryptHandle ?? '{}') as Record<string, string>;
    expect(emu.core('TIKTOK').decrypt(c.name?.slice(1, -2) ?? '')).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
    expect(o?.items[0]?.spec).toMatch(/^(颜色分类|颜色):/);
  });
});
