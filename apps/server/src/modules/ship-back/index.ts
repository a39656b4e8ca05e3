/**
 * Pushing shipped orders back to the shop's platform: shipBackOnDelivery handles dropship-orders'
 * orderDelivered hook (wired in src/hooks.ts), enqueueing the push in the delivery's transaction.
 * Other modules import this module only through this file.
 */
export { shipBackOnDelivery } from './ship-back.service.js';
