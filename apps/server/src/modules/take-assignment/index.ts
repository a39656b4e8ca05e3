/**
 * Pick-up assignment and picking (web features take-assignment and picking): the take items created
 * when an order is paid, their stop / revoke-stop / close, take logs and take codes, and the hooks a
 * purchaser's change emits for dropship orders (hooks.ts: takeItemsChanged, stopAsked), the writes
 * other modules ask for (picking's mark: setTaken, setLackDays; the warehouse's scan: markArrived;
 * onboarding's invite: bindSeller, unbindSeller). The tables are exported for joins in other modules'
 * list queries (read only: module-boundaries.test.ts).
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service. A
// file that uses a table at load time (a column map) can be reached from this index while it is still
// loading; the test runner defines each re-export in statement order, so a table listed later would
// still be undefined then.
export { sellerPurchasers, takeItems } from './take-items.table.js';

export type { MirrorEvent, StopAsked, TakeItemsChanged } from './hooks.js';
export { stopAsked, takeItemsChanged } from './hooks.js';
export { idList } from './order-locks.js';
export { isValidTakeCode } from './take-codes.js';
export {
  assignServingPurchaser,
  closeTakeItems,
  createTakeItems,
  revokeStopTakeItem,
  STOPPABLE,
  servingPurchaser,
  stopTakeItem,
  takeItemsOfOrder,
} from './take-items.service.js';
export { appendTakeLogs } from './take-logs.repository.js';
export { bindSeller, markArrived, setLackDays, setTaken, unbindSeller } from './take-items.repository.js';
export { PURCHASER_STOPPABLE } from './take-status.js';
export { lockOrdersOf } from './order-locks.js';
export type { TakeLogEntry } from './take-logs.repository.js';
export { canStart, next } from './take-status.js';
export type { TakeState } from './take-status.js';
