/**
 * Dropship orders (代发订单): the named operations others call (deliverOrder / finishOrder for the
 * warehouse, the fulfilment outcome of a pick for picking, stopping an item), the row lookups under
 * lock the warehouse needs, the order writers offline pickup orders and declarations are placed
 * with, and the timeline writers they append to. Hooks (lib/hooks.ts, wired in src/hooks.ts): it
 * emits orderDelivered (hooks.ts) and handles the hooks of modules it is built on: auto-intercept
 * (shop-orders' refundsSynced), the take-item mirror and the purchaser's stop (take-assignment's
 * takeItemsChanged, stopAsked). The table is exported for joins in other modules' list queries.
 * Alipay settlement and 货到付款 bills are registered with funds when this module loads
 * (pay/alipay.service.ts, pay-later/pay-later-settle.ts).
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service. A
// file that uses a table at load time (a column map) can be reached from this index while it is still
// loading; the test runner defines each re-export in statement order, so a table listed later would
// still be undefined then.
export { dropshipOrders } from './dropship-orders.table.js';

export { markAfterSale, stopRefundOf } from './after-sale-mark.js';
export { interceptOnRefunds } from './change/auto-intercept.service.js';
export { deliverOrder, finishOrder } from './fulfilment/deliver.service.js';
export type { OrderDelivered, OrderStopped, ReceiversErased } from './hooks.js';
export { orderDelivered, orderStopped, receiversErased } from './hooks.js';
export { applyOutcome, assertLineOpen, reverseOutcome } from './fulfilment/fulfilment.service.js';
export { stopForPurchaser, stopItem } from './change/items.service.js';
export type { OrderRecord } from './orders.repository.js';
export { findOrders, lockOrders } from './orders.repository.js';
export { bumpCounts, insertEvents, moves } from './timeline.repository.js';
export { insertItems, insertOrders, itemsOf, nextOrderNos } from './orders.repository.js';
export type { NewItem, NewOrder } from './orders.repository.js';
export type { StockLine, StockOrder } from './place/paid-replacement.service.js';
export { placePaidReplacement, stockOrderQuotes } from './place/paid-replacement.service.js';
export { plainReceiverOf } from './receiver.js';
export { stallLineItem } from './stall-line.js';
export { mirrorTakeItems } from './take-mirror.js';
