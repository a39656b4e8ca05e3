/**
 * Which menu route gates a page for a sub-account (decision 0011): the shell's route gate needs only
 * this, so it lives apart from the role schemas in account-permission.ts and keeps zod out of the
 * first page load (decision 0040).
 */
import type { RouteDef } from './routes.js';

/**
 * Pages reached from inside a menu page (no menu entry of their own), by the menu route they belong
 * to: granting the menu route in the page ticks them too, and the page gates them by that menu route.
 * Every signed-in route of the table is either a menu route or listed here (a unit test checks it).
 */
export const SUB_PAGES: Record<string, string[]> = {
  '/home': ['/announcement/list', '/announcement/details', '/workorder/myworkorder', '/helpCenter', '/expressMsg', '/member/pay'],
  '/order/orderList': ['/order/abnormalList', '/order/intelligentImport', '/order/thirdOrderDetail', '/order/orderCollectRecord', '/order/orderCollect'],
  '/order/daifaOrderList': ['/order/daifaOrderList/daifaOrederListDetail', '/order/placeOrder'],
  '/afterSale/afterSaleList': ['/afterSale/afterSaleListDetail', '/afterSale/quickQuery'],
  '/afterSale/problemList': ['/afterSale/problemSendBack'],
  '/afterSale/headlessList': ['/afterSale/headlessSendBack'],
  '/offlineReturnOrder/pickup': ['/order/getOfflineList', '/order/getOfflineCreate'],
  '/offlineReturnOrder/offlineReturnOrderList': ['/offlineReturnOrder/returnRegistration', '/order/offlineReturnOrder'],
  '/print/printDelivery': ['/order/expressList'],
  '/print/printSetting': ['/tagEditorFabric'],
  // The pay password is both audiences' (the balance page is the seller's): it stays under 其他页面.
  '/funds/balance': ['/funds/pay'],
  '/funds/rechargeWithdraw': ['/funds/bindAlipay', '/funds/aliLedger', '/funds/aliLedgerAuth'],
  '/funds/nahuoSettlement': ['/funds/nahuoSettlement/nahuoyuanSettlement'],
  '/basicSet/automaticAfterSale': [
    '/basicSet/automaticAfterSale/AutomaticLog',
    '/basicSet/speedSelivery',
    '/basicSet/customInfo',
    '/basicSet/customCertificate',
    '/basicSet/addCustomCertificate',
    '/basicSet/returnPhone',
    '/basicSet/setPayment',
    '/basicSet/distributionMode',
    '/basicSet/autoIntercept',
    '/basicSet/orderFulfillmentStrategy',
  ],
};

/** The menu route an in-page route belongs to (undefined for menu routes and unknown paths). */
export function parentMenuPath(path: string): string | undefined {
  for (const [parent, children] of Object.entries(SUB_PAGES)) if (children.includes(path)) return parent;
  return undefined;
}

/**
 * Open to every signed-in user of the organisation, so a sub-account always has a landing page
 * after sign-in: not in the grant tree, never gated (their codes are still accepted, for older roles).
 */
export const OPEN_TO_SUB_ACCOUNTS = ['/home', ...(SUB_PAGES['/home'] ?? [])];

/** The menu route whose code a sub-account needs to open this route; undefined when it needs none. */
export function gatingPath(route: RouteDef): string | undefined {
  if (OPEN_TO_SUB_ACCOUNTS.includes(route.path)) return undefined;
  return route.group ? route.path : parentMenuPath(route.path);
}
