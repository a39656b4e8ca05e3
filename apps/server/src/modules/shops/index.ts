/**
 * Shops and their platform authorisation: tokens and API clients of a shop, the channel registry.
 * The table is exported for joins (shop names) in other modules' list queries (read only:
 * module-boundaries.test.ts); the row's reads and patch (sync state and progress), the auth state
 * and the sync job's name serve the sync, which runs in shop-orders; 不再提醒 serves the shell's
 * expiring-authorisation dialog.
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service. A
// file that uses a table at load time (a column map) can be reached from this index while it is still
// loading; the test runner defines each re-export in statement order, so a table listed later would
// still be undefined then.
export { shops } from './shops.table.js';

export { isApiChannel } from './channel-registry.js';
export { demoPictureUrl } from './demo-pictures.js';
export { verifyRedBookShop } from './redbook-verify.js';
export { clientOfShop, EXPIRED_MESSAGE, markExpired, remindExpiringShops, usableToken, waybillClientOfShop } from './shop-tokens.service.js';
export { displayAuthState } from './shop-view.js';
export type { ShopPatch, ShopRecord } from './shops.repository.js';
export { findShop, setShopNotRemind, updateShop } from './shops.repository.js';
export type { ShopsDeps } from './shops.service.js';
export { listShops, SYNC_JOB } from './shops.service.js';
