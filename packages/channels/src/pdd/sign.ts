/**
 * Pinduoduo POP request signing, protocols.md §3: drop null/undefined params, sort keys
 * (ordinal), concatenate key+value, MD5(client_secret + str + client_secret), uppercase hex.
 * Booleans are rendered lowercase and objects/arrays as JSON before signing and sending.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export type PddParamValue = string | number | boolean | object | null | undefined;

/** The wire form of one business value: JSON for objects/arrays, `true`/`false`, numbers as text. */
export function pddValue(v: PddParamValue): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function pddSignContent(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
}

export function pddSign(params: Record<string, string | undefined>, clientSecret: string): string {
  return createHash('md5')
    .update(`${clientSecret}${pddSignContent(params)}${clientSecret}`, 'utf8')
    .digest('hex')
    .toUpperCase();
}

export function pddVerify(params: Record<string, string | undefined>, clientSecret: string): boolean {
  const want = Buffer.from(pddSign(params, clientSecret));
  const got = Buffer.from(params.sign ?? '');
  return want.length === got.length && timingSafeEqual(want, got);
}
