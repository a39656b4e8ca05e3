/**
 * Goods, suppliers and goods links: resolveGoodsLinks (self-contained snapshots for placing), the shop
 * SKUs recorded with every shop order, supplier lookups, and the Excel sheet helpers other exports share.
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service. A
// file that uses a table at load time (a column map) can be reached from this index while it is still
// loading; the test runner defines each re-export in statement order, so a table listed later would
// still be undefined then.
export { customGoods, suppliers } from './goods.table.js';

export { uniqueViolation } from './db-errors.js';
export { assertExportable, sendSheet } from './goods.excel.js';
export { skusByIds } from './goods-links.repository.js';
export { linkViewOf } from './goods-links.service.js';
export { manualDeliveryGate } from './manual-delivery.js';
export type { ResolvedGoodsLink } from './resolve-goods-links.js';
export { resolveGoodsLinks } from './resolve-goods-links.js';
export { columnsOf, ensureShopSkus, recordShopSkusSql, skuKeySql } from './shop-skus.repository.js';
export type { SupplierRecord } from './suppliers.repository.js';
export { allSuppliers, findSupplier } from './suppliers.repository.js';
