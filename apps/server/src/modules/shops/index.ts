/**
 * Shops and their platform authorisation: tokens and API clients of a shop, the channel registry.
 * The table is exported for joins (shop names) in other modules' list queries.
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service. A
// file that uses a table at load time (a column map) can be reached from this index while it is still
// loading; the test runner defines each re-export in statement order, so a table listed later would
// still be undefined then.
export { shops } from './shops.table.js';

export { isApiChannel } from './channel-registry.js';
export { verifyRedBookShop } from './redbook-verify.js';
export { clientOfShop, EXPIRED_MESSAGE, markExpired, usableToken } from './shop-tokens.service.js';
export { findShop } from './shops.repository.js';
export type { ShopsDeps } from './shops.service.js';
export { listShops } from './shops.service.js';
