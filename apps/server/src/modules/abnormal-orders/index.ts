/**
 * Abnormal shop orders (missing address or goods link). Others use addressComplete, the check placing
 * applies before an order leaves the abnormal list.
 * Other modules import this module only through this file.
 */
export { addressComplete } from './abnormal-orders.service.js';
