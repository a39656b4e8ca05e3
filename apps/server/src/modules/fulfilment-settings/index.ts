/**
 * Fulfilment settings (代发设置): fulfilmentSettings(db, orgId) read by placing, picking, the waybill
 * sender and auto-intercept (which lives with the dropship orders it acts on), and the auto-intercept
 * log that auto-intercept writes and reads.
 * Other modules import this module only through this file.
 */
export { failedInterceptsOf, insertInterceptLogs, mainUserOf } from './fulfilment-settings.repository.js';
export { fulfilmentSettings, platformFulfilmentPrices, senderFor, supplyModeOf } from './fulfilment-settings.service.js';
