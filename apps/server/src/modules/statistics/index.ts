/**
 * Statistics (统计): the daily rollups of take items and the pages' reads of them. Other modules
 * import this module only through this file: the writers of take items bracket each write with
 * `withTakeRollup` / add new items with `takeDelta` (in their transaction); the workbench reads
 * `dailyTotals`.
 */

export { afterSaleDelta, withAfterSaleRollup } from './return-rollup.repository.js';
export { takeDelta, withTakeRollup } from './rollup.repository.js';
export type { DailyTotal } from './statistics.service.js';
export { dailyTotals, rebuildTakeRollup } from './statistics.service.js';
export { statAfterSaleDaily, statTakeDaily, statTakeDailyShop, statTakeDailyStall, statTakeMonthlyStall, statTakeWeeklyStall } from './statistics.table.js';
