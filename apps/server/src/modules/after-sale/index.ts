/**
 * After-sales (售后单, decision 0026). afterSalesOnRefunds is shop-orders'
 * refundsSynced handler (wired in src/hooks.ts); the seller's operations are exported for seeding.
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service. A
// file that uses a table at load time (a column map) can be reached from this index while it is still
// loading; the test runner defines each re-export in statement order, so a table listed later would
// still be undefined then.
export { afterSaleEvents, afterSales } from './after-sale.table.js';
export { autoAfterSaleLogs, autoAfterSaleRules } from './auto-after-sale.table.js';

export { applyAfterSale, cancelAfterSale, fillReturnWaybill, interceptAfterSale } from './after-sale.service.js';
export { afterSalesOnRefunds } from './platform-refunds.service.js';
export { autoAfterSaleOnRefunds } from './auto-after-sale.service.js';
export { onReturnLineAnswered, signInJoinedReturn, signInOnScan } from './after-sale-returns.service.js';
export { goodsBackOnReplacementCanceled } from './exchange-goods-back.service.js';
