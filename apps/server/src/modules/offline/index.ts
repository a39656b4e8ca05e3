/**
 * Offline pickup orders (线下拿货单, placed as dropship orders through dropship-orders' order writers) and
 * offline return orders (线下退货). app.ts registers its routes (and jobs). After-sales build on the
 * return lines (decision 0026, "Returns"): the hooks below and the after-sale line writers. Other
 * modules import this module only through this file.
 */
export { insertAfterSaleReturnLine, reopenAfterSaleLine } from './after-sale-lines.js';
export {
  type AfterSaleLineAnswered,
  afterSaleLineAnswered,
  type ReturnParcelScanned,
  returnParcelScanned,
  type UnmatchedParcelRegistered,
  unmatchedParcelRegistered,
} from './hooks.js';
