/**
 * Shop orders synced or imported from the platforms: upsertShopOrders (the one write path), refunds,
 * the address correction, the shop sync (the `shops.sync` job) and the hook it emits (hooks.ts:
 * refundsSynced), and the 代发 state dropship-orders sets on them. The tables are exported for joins in
 * other modules' list queries (read only: module-boundaries.test.ts).
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service. A
// file that uses a table at load time (a column map) can be reached from this index while it is still
// loading; the test runner defines each re-export in statement order, so a table listed later would
// still be undefined then.
export { shopOrderItems, shopOrders } from './shop-orders.table.js';

export { setDropshipStatus } from './dropship-status.repository.js';
export { correctShopOrderAddress } from './shop-order-address.service.js';
export { upsertShopOrders } from './shop-orders.service.js';
export type { RefundsSynced } from './hooks.js';
export { refundsSynced } from './hooks.js';
