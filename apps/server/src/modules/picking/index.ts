/**
 * Picking (拿货, web feature picking): the picker's marks and what each moved. Others use the two
 * writes a cancelled order needs on the picking side: dropping a waiting replenish request and a
 * settlement line.
 * Other modules import this module only through this file.
 */
export { cancelWaitingReplenish, deleteSettlementLine } from './picking.repository.js';
