/**
 * Offline pickup orders (线下拿货单, placed as dropship orders through dropship-orders' order writers) and
 * offline return orders (线下退货).
 * Nothing here is used by other modules: app.ts registers its routes (and jobs). Anything another
 * module needs is exported from this file, and other modules import this module only through it.
 */
export {};
