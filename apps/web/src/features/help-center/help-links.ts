/**
 * The one place that says which help article explains which page: route path → article slug. The
 * shell shows a 帮助 link on these pages (HelpLink); an article the operator has unpublished simply
 * answers "文章不存在" in the help center.
 */
export const HELP_LINKS: Record<string, string> = {
  '/basicSet/shopAuthorization': 'shop-authorization',
  '/goods/association': 'goods-association',
  '/order/orderList': 'place-and-pay',
  '/order/placeOrder': 'place-and-pay',
  '/funds/pay': 'place-and-pay',
  '/print/printSetting': 'print-clodop',
  '/afterSale/afterSaleList': 'after-sales',
  '/order/daifaOrderList': 'after-sales',
};

export const helpArticlePath = (slug: string) => `/helpCenter?slug=${encodeURIComponent(slug)}`;

export function helpSlugOf(pathname: string): string | undefined {
  return HELP_LINKS[pathname];
}
