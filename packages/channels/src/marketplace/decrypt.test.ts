import { describe, expect, it } from 'vitest';
import { fieldCiphersHandle, parseFieldCiphers, runDecrypt } from './decrypt.ts';
import { ChannelError, type DecryptOutcome } from './types.ts';

const items = Array.from({ length: 5 }, (_, i) => ({ platformOrderId: `o${i}`, handle: `h${i}` }));
const okAll = (part: typeof items): DecryptOutcome[] =>
  part.map((i) => ({
    platformOrderId: i.platformOrderId,
    ok: true,
    receiver: { name: i.handle, phone: '', province: '', city: '', district: '', address: '' },
  }));
const base = { platform: '测试', retry: <T>(fn: () => Promise<T>) => fn(), quota: (e: ChannelError) => e.platformCode === 'Q' };

describe('runDecrypt', () => {
  it('cuts the items into batches, in order, and turns a whole-call failure into one outcome per item of that call only', async () => {
    const seen: string[][] = [];
    let n = 0;
    const out = await runDecrypt(
      { token: 't', scene: 'DROPSHIP_SHIP', items },
      {
        ...base,
        batchMax: 2,
        async call(part) {
          seen.push(part.map((i) => i.platformOrderId));
          if (++n === 2) throw new ChannelError('NETWORK', 'network', '连接平台失败');
          return okAll(part);
        },
      },
    );
    expect(seen).toEqual([['o0', 'o1'], ['o2', 'o3'], ['o4']]);
    expect(out.map((o) => [o.platformOrderId, o.ok])).toEqual([
      ['o0', true],
      ['o1', true],
      ['o2', false],
      ['o3', false],
      ['o4', true],
    ]);
    expect(out[2]).toMatchObject({ kind: 'NETWORK', retryable: true, platformCode: 'network' });
    expect(out[2]?.ok === false && out[2].message).toMatch(/^测试：连接平台失败，请稍后再试/);
  });

  it('maps quota, a bad signature and an expired token to kinds that are not retried; a bug in our code still throws', async () => {
    const run = (e: Error) =>
      runDecrypt({ token: 't', scene: 'AFTER_SALE', items: items.slice(0, 1) }, { ...base, batchMax: 5, call: () => Promise.reject(e) });
    expect((await run(new ChannelError('BAD_REQUEST', 'Q', 'x')))[0]).toMatchObject({ kind: 'QUOTA_EXHAUSTED', retryable: false });
    expect((await run(new ChannelError('INVALID_SIGNATURE', '25', 'x')))[0]).toMatchObject({ kind: 'REFUSED', retryable: false });
    expect((await run(new ChannelError('TOKEN_EXPIRED', '27', 'x')))[0]).toMatchObject({ kind: 'TOKEN_EXPIRED', retryable: false });
    await expect(run(new TypeError('bug'))).rejects.toThrow('bug');
  });
});

describe('field-cipher handles', () => {
  it('round-trip with the region, and anything else is not a handle', () => {
    const h = fieldCiphersHandle({ name: 'a', phone: 'b', address: 'c', province: '浙江省', city: '杭州市', district: '西湖区', town: '' });
    expect(h).toBe('{"name":"a","phone":"b","address":"c","province":"浙江省","city":"杭州市","district":"西湖区"}');
    expect(parseFieldCiphers(h)).toEqual({ name: 'a', phone: 'b', address: 'c', province: '浙江省', city: '杭州市', district: '西湖区', town: undefined });
    for (const bad of ['', 'oaid-like', '{"name":"a"}', '[1,2]']) expect(parseFieldCiphers(bad)).toBeUndefined();
  });
});
