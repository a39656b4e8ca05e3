/**
 * Brand variants (SPEC.md section 1): the site is served under several host names and each one is
 * a variant. The host decides; BRAND_HOSTS on the server can map more host names.
 */
import { z } from 'zod';

export const BrandVariant = z.enum(['main', 'second', 'wholesale', 'market']);
export type BrandVariant = z.infer<typeof BrandVariant>;

export { BRAND_NAMES, BRAND_SOURCES, brandFromHost } from './brand-hosts.js';
