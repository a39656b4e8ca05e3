/**
 * Brand variants of the site (SPEC §1). Only the return labels print something brand-specific:
 * their title. The real brand names are not in the spec, so these titles name the variant's
 * business instead; the app can replace them through RenderOptions.returnTitle.
 */
import { BrandVariant } from '@dropship/contract';

/** The site's brand variants are defined once, in the contract. */
export const brandSchema = BrandVariant;
export type Brand = BrandVariant;

export const RETURN_TITLES: Record<Brand, string> = {
  main: '代发退货标签',
  second: '退货标签',
  wholesale: '批发退货标签',
  market: '市场退货标签',
};

/** SPEC §9: report problems within 24 hours, in the original bag. */
export const RETURN_FOOTER = '如有问题请在24小时内保留原包装反馈';

export interface LayoutContext {
  brand: Brand;
  /** Overrides RETURN_TITLES[brand]. */
  returnTitle?: string;
}

export const returnTitle = (ctx: LayoutContext): string => ctx.returnTitle ?? RETURN_TITLES[ctx.brand];
