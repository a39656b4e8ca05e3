/**
 * WDT (旺店通 ERP 企业版 openapi2) signing (protocols.md §9): params except `sign` sorted by key,
 * each written `LL-key:VVVV-value` (LL = key length as 2 digits, VVVV = value length as 4 digits,
 * lengths in characters as WDT's PHP SDK counts them with iconv_strlen), joined with `;`, the
 * appsecret appended, MD5 lower hex.
 */
import { createHash } from 'node:crypto';

/** Characters, not UTF-16 units or bytes: "义乌" is 2 (an astral emoji counts 1, like iconv_strlen). */
const charLength = (s: string) => [...s].length;

export function wdtSignContent(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined)
    .sort()
    .map((k) => {
      const v = params[k] ?? '';
      return `${String(charLength(k)).padStart(2, '0')}-${k}:${String(charLength(v)).padStart(4, '0')}-${v}`;
    })
    .join(';');
}

export function wdtSign(params: Record<string, string | undefined>, appSecret: string): string {
  return createHash('md5')
    .update(wdtSignContent(params) + appSecret, 'utf8')
    .digest('hex');
}
