/**
 * Kuaidi100 signatures, both upper-case MD5 hex (protocols.md §11, §14):
 * - tracking query (poll/query.do): MD5(param + key + customer)
 * - e-waybill and the other "key + secret" APIs (label/order): MD5(param + t + key + secret)
 * `param` is the exact JSON text sent, so the sign is computed over the string, never re-serialized.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const md5Upper = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();

export const signQuery = (param: string, key: string, customer: string) => md5Upper(`${param}${key}${customer}`);

export const signWithSecret = (param: string, t: string, key: string, secret: string) => md5Upper(`${param}${t}${key}${secret}`);

/** Constant-time comparison of a received sign with the expected one (case as sent must be upper). */
export function sameSign(received: string, expected: string): boolean {
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
