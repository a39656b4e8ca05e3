/**
 * Each brand variant's name, request source and host rule. Apart from the BrandVariant schema
 * (brand.ts, zod) so the request client in the shell needs no zod (decision 0040); brand.ts
 * re-exports them.
 */
import type { BrandVariant } from './brand.js';

export const BRAND_NAMES: Record<BrandVariant, string> = {
  main: '代发助手',
  second: '代发助手·采购版',
  wholesale: '代发助手·批发版',
  market: '代发助手·市场版',
};

/** The request source header value each brand sends (SPEC.md section 7: "a main-site web source"). */
export const BRAND_SOURCES: Record<BrandVariant, string> = {
  main: 'MAIN_WEB',
  second: 'SECOND_WEB',
  wholesale: 'WHOLESALE_WEB',
  market: 'MARKET_WEB',
};

/** Default rule: the first label of the host name picks the variant (second.example.com → second). */
const PREFIXES: Record<string, BrandVariant> = { second: 'second', pifa: 'wholesale', wholesale: 'wholesale', market: 'market', shichang: 'market' };

export function brandFromHost(host: string, overrides: Record<string, BrandVariant> = {}): BrandVariant {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  const mapped = overrides[name];
  if (mapped) return mapped;
  const first = name.split('.')[0] ?? '';
  return PREFIXES[first] ?? 'main';
}
