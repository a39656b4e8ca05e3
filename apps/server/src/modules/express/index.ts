/**
 * Couriers and their fee books: the seller's express settings and the fee of a parcel.
 * Other modules import this module only through this file.
 */
export type { FeeBook } from './express.service.js';
export { expressFeeFrom, expressSettings, loadFeeBook } from './express.service.js';
