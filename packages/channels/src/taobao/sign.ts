/**
 * TOP (Taobao Open Platform) request signing, protocols.md §1: every parameter but `sign` (and
 * file parameters) with a non-empty value, sorted by key (ASCII), concatenated key1value1key2value2…;
 * md5 → MD5(secret + str + secret), hmac → HMAC-MD5(secret, str), hmac-sha256 → HMAC-SHA256(secret, str);
 * uppercase hex. KM (快麦) uses the same algorithm.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export type TopSignMethod = 'md5' | 'hmac' | 'hmac-sha256';

export function topSignContent(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
}

export function topSign(params: Record<string, string | undefined>, secret: string, method: TopSignMethod): string {
  const content = topSignContent(params);
  const hex =
    method === 'md5'
      ? createHash('md5').update(`${secret}${content}${secret}`, 'utf8').digest('hex')
      : createHmac(method === 'hmac' ? 'md5' : 'sha256', secret)
          .update(content, 'utf8')
          .digest('hex');
  return hex.toUpperCase();
}

/** Constant-time check of a request's `sign` (the emulator's side). */
export function topVerify(params: Record<string, string | undefined>, secret: string): boolean {
  const method = params.sign_method ?? 'md5';
  if (method !== 'md5' && method !== 'hmac' && method !== 'hmac-sha256') return false;
  const want = Buffer.from(topSign(params, secret, method));
  const got = Buffer.from(params.sign ?? '');
  return want.length === got.length && timingSafeEqual(want, got);
}
