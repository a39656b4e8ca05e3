import { describe, expect, it } from 'vitest';
import { kmSign, kmSignContent } from './sign.ts';

// Expected values computed independently with openssl (md5 -hmac, md5 of secret+str+secret, sha256 -hmac), upper-cased.
const SECRET = 'c8d1e6f0a2b34c5d9e7f1a3b5c7d9e0f';
const params = (signMethod: string) => ({
  appKey: '25795669',
  endTime: '2026-01-01 00:30:00',
  format: 'json',
  method: 'erp.trade.list.query',
  pageNo: '1',
  pageSize: '100',
  session: '9f0c2b7e4a1d4c6e8b3f5a7d9c1e2f40',
  sign_method: signMethod,
  startTime: '2026-01-01 00:00:00',
  timeType: 'upd_time',
  timestamp: '2026-01-01 08:00:00',
  version: '1.0',
});

describe('KM signing = TOP algorithm (fixed vectors)', () => {
  it('concatenates sorted key/value pairs, leaving out sign and empty values', () => {
    expect(kmSignContent({ ...params('hmac'), sign: 'X', empty: '' })).toBe(
      'appKey25795669endTime2026-01-01 00:30:00formatjsonmethoderp.trade.list.querypageNo1pageSize100session9f0c2b7e4a1d4c6e8b3f5a7d9c1e2f40sign_methodhmacstartTime2026-01-01 00:00:00timeTypeupd_timetimestamp2026-01-01 08:00:00version1.0',
    );
  });

  it('hmac (HMAC-MD5), md5 (secret both ends) and hmac-sha256, upper hex', () => {
    expect(kmSign(params('hmac'), SECRET, 'hmac')).toBe('28B05E6B4AA4C36AB9B3719029103924');
    expect(kmSign(params('md5'), SECRET, 'md5')).toBe('F8AC0D33DD3FAD87C0A922D71FD57335');
    expect(kmSign(params('hmac-sha256'), SECRET, 'hmac-sha256')).toBe('8A8DF957B78E005F117661924359012D2F99E02333B80E9AA7E95FF7BC20B5D8');
  });
});
