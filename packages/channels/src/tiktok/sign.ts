/**
 * Douyin shop (抖店) request signing, protocols.md §4: param_json is the business params as JSON
 * with keys sorted (recursively), compact, no HTML escaping; the pattern
 * "app_key"+appKey+"method"+method+"param_json"+paramJson+"timestamp"+ts+"v"+"2" is wrapped as
 * secret + pattern + secret and signed HMAC-SHA256 (key = secret) or MD5, lowercase hex.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export type DoudianSignMethod = 'hmac-sha256' | 'md5';

/** JSON with object keys sorted at every level, as Douyin's SDKs marshal param_json. */
export function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(o)
          .filter((k) => o[k] !== undefined)
          .sort()
          .map((k) => [k, sort(o[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(value ?? {}));
}

export interface DoudianSignInput {
  appKey: string;
  method: string;
  paramJson: string;
  timestamp: string;
}

export function doudianSignString(i: DoudianSignInput, secret: string): string {
  return `${secret}app_key${i.appKey}method${i.method}param_json${i.paramJson}timestamp${i.timestamp}v2${secret}`;
}

export function doudianSign(i: DoudianSignInput, secret: string, method: DoudianSignMethod = 'hmac-sha256'): string {
  const s = doudianSignString(i, secret);
  return method === 'md5' ? createHash('md5').update(s, 'utf8').digest('hex') : createHmac('sha256', secret).update(s, 'utf8').digest('hex');
}

export function doudianVerify(i: DoudianSignInput, secret: string, sign: string, method: string): boolean {
  if (method !== 'hmac-sha256' && method !== 'md5') return false;
  const want = Buffer.from(doudianSign(i, secret, method));
  const got = Buffer.from(sign);
  return want.length === got.length && timingSafeEqual(want, got);
}
