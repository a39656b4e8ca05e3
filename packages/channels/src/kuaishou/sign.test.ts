import { describe, expect, it } from 'vitest';
import { kuaishouSign, kuaishouSignContent } from './sign.ts';

// Expected values computed independently with openssl (md5 / sha256 -hmac … | base64), pasted as literals.
const PARAM = '{"beginTime":1767196800000,"cursor":"","endTime":1767200400000,"orderViewStatus":1,"pageSize":100,"queryType":2,"sort":1}';
const BASE = {
  access_token: 'ChFvYXV0aC5hY2Nlc3NUb2tlbhJgDemoKs',
  appkey: 'ks660340295617067960',
  method: 'open.order.cursor.list',
  param: PARAM,
  timestamp: '1767200400000',
  version: '1',
};
const SECRET = 'a3f1c9e07b6d4e2f8c5b1a9d0e7f6c42';

describe('Kuaishou signing (fixed vectors)', () => {
  it('signs only the system params, sorted, k=v joined with &', () => {
    expect(kuaishouSignContent({ ...BASE, signMethod: 'MD5', sign: 'x', extra: 'y' } as Record<string, string>)).toBe(
      `access_token=ChFvYXV0aC5hY2Nlc3NUb2tlbhJgDemoKs&appkey=ks660340295617067960&method=open.order.cursor.list&param=${PARAM}&signMethod=MD5&timestamp=1767200400000&version=1`,
    );
  });

  it('MD5: lower hex of the content + &signSecret=…', () => {
    expect(kuaishouSign({ ...BASE, signMethod: 'MD5' }, SECRET, 'MD5')).toBe('652f91f87f946f9c38243811b9516255');
  });

  it('HMAC_SHA256: Base64 of HMAC(key = signSecret) over the same string', () => {
    expect(kuaishouSign({ ...BASE, signMethod: 'HMAC_SHA256' }, SECRET, 'HMAC_SHA256')).toBe('fI/ahowmhhYEi7XD2ITWuRfFqqGKC2nVLmVqEiKeTnM=');
  });

  it('any changed value changes the signature', () => {
    expect(kuaishouSign({ ...BASE, signMethod: 'MD5', timestamp: '1767200400001' }, SECRET, 'MD5')).not.toBe('652f91f87f946f9c38243811b9516255');
  });
});
