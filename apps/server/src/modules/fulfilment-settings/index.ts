/**
 * Fulfilment settings (代发设置): fulfilmentSettings(db, orgId) read by placing, picking and the
 * waybill sender, and auto-intercept, run by the shop sync.
 * Other modules import this module only through this file.
 */
export { autoInterceptPlatformOrders } from './auto-intercept.service.js';
export { mainUserOf } from './fulfilment-settings.repository.js';
export { fulfilmentSettings, platformFulfilmentPrices, senderFor, supplyModeOf } from './fulfilment-settings.service.js';
