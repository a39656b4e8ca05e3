/**
 * KM (快麦) open API signing = the Taobao TOP algorithm (protocols.md §8): every param except
 * `sign` with a non-empty value, sorted by key (ASCII), concatenated `key1value1key2value2…`;
 * md5 → MD5(secret + str + secret), hmac (KM's default) → HMAC-MD5(key = secret, str),
 * hmac-sha256 → HMAC-SHA256(key = secret, str); upper-case hex.
 */
import { createHash, createHmac } from 'node:crypto';

export type KmSignMethod = 'md5' | 'hmac' | 'hmac-sha256';

export function kmSignContent(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
}

export function kmSign(params: Record<string, string | undefined>, secret: string, method: KmSignMethod): string {
  const content = kmSignContent(params);
  let hex: string;
  if (method === 'md5') hex = createHash('md5').update(`${secret}${content}${secret}`, 'utf8').digest('hex');
  else
    hex = createHmac(method === 'hmac' ? 'md5' : 'sha256', secret)
      .update(content, 'utf8')
      .digest('hex');
  return hex.toUpperCase();
}
