/**
 * Kuaishou shop open platform signing (protocols.md §5, official "API调用说明" doc 401853): the
 * system params access_token, appkey, method, param, signMethod, timestamp, version (nulls dropped)
 * sorted by key and joined `k=v&k=v`, then `&signSecret=<signSecret>` appended; MD5 → lower hex,
 * HMAC_SHA256 (key = signSecret) → Base64. Signed before URL-encoding.
 */
import { createHash, createHmac } from 'node:crypto';

export type KuaishouSignMethod = 'MD5' | 'HMAC_SHA256';

/** The only params that take part in the signature; business params travel inside `param`. */
export const KUAISHOU_SIGNED_KEYS = ['access_token', 'appkey', 'method', 'param', 'signMethod', 'timestamp', 'version'] as const;

/** The exact string that is hashed (without the secret suffix). */
export function kuaishouSignContent(params: Record<string, string | undefined>): string {
  return KUAISHOU_SIGNED_KEYS.filter((k) => params[k] !== undefined)
    .slice()
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function kuaishouSign(params: Record<string, string | undefined>, signSecret: string, method: KuaishouSignMethod): string {
  const input = `${kuaishouSignContent(params)}&signSecret=${signSecret}`;
  if (method === 'HMAC_SHA256') return createHmac('sha256', signSecret).update(input, 'utf8').digest('base64');
  return createHash('md5').update(input, 'utf8').digest('hex');
}
