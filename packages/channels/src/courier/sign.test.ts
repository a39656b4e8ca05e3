/** Kuaidi100 signing vectors, computed independently (md5sum of the concatenated text). */
import { describe, expect, it } from 'vitest';
import { sameSign, signQuery, signWithSecret } from './sign.ts';

describe('kuaidi100 sign', () => {
  it('tracking query: MD5(param + key + customer), upper-case', () => {
    const param = '{"com":"zhongtong","num":"78812345678901","resultv2":"0","show":"0","order":"desc"}';
    expect(signQuery(param, 'TESTKEYABCDEF1234', 'CUSTOMER0001')).toBe('E3ADCB1D9C4692E1DA0B92A9F52DAF28');
  });

  it('e-waybill: MD5(param + t + key + secret), upper-case', () => {
    expect(signWithSecret('{"kuaidicom":"zhongtong"}', '1700000000000', 'TESTKEY', 'secret')).toBe('3B5B3D2ABF0D3F743D2FCC34423473C4');
  });

  it('compares signs exactly (a lower-case sign is refused)', () => {
    const s = signWithSecret('{}', '1', 'k', 's');
    expect(sameSign(s, s)).toBe(true);
    expect(sameSign(s.toLowerCase(), s)).toBe(false);
    expect(sameSign('', s)).toBe(false);
  });
});
