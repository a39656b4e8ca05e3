/** Every table, for drizzle-kit and the typed query builder. Tables live beside their module. */
export * from '../modules/after-sale/after-sale.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../modules/funds/funds.table.js';
export * from '../modules/funds/ledger.table.js';
export * from '../modules/goods/goods.table.js';
export * from '../modules/labels/labels.table.js';
export * from '../modules/messages/messages.table.js';
export * from '../modules/roles/roles.table.js';
export * from '../modules/shop-orders/shop-orders.table.js';
export * from '../modules/shops/shops.table.js';
export * from '../modules/system/system.table.js';
