/**
 * Problem parcels waiting for the seller. The table is exported for dropship orders'
 * send-back lookups.
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service. A
// file that uses a table at load time (a column map) can be reached from this index while it is still
// loading; the test runner defines each re-export in statement order, so a table listed later would
// still be undefined then.
export { problemParcels } from './after-sale.table.js';
