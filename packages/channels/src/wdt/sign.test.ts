import { describe, expect, it } from 'vitest';
import { wdtSign, wdtSignContent } from './sign.ts';

// Expected value computed independently: printf '%s' '<content><appsecret>' | openssl dgst -md5
const SECRET = '0f9e8d7c6b5a49382716a5b4c3d2e1f0';
const PARAMS = {
  sid: 'wdtdemo',
  appkey: 'wdtdemo-ot',
  timestamp: '1767225600',
  start_time: '2026-01-01 08:00:00',
  end_time: '2026-01-01 09:00:00',
  page_no: '0',
  page_size: '100',
  shop_no: '义乌小店01',
};

describe('WDT openapi2 signing (fixed vector)', () => {
  it('writes LL-key:VVVV-value pairs sorted by key, lengths in characters', () => {
    expect(wdtSignContent({ ...PARAMS, sign: 'x' })).toBe(
      '06-appkey:0010-wdtdemo-ot;08-end_time:0019-2026-01-01 09:00:00;07-page_no:0001-0;09-page_size:0003-100;07-shop_no:0006-义乌小店01;03-sid:0007-wdtdemo;10-start_time:0019-2026-01-01 08:00:00;09-timestamp:0010-1767225600',
    );
  });

  it('MD5 lower hex of content + appsecret', () => {
    expect(wdtSign(PARAMS, SECRET)).toBe('20a770c5c70999f70e1fd4824eeabb24');
  });
});
