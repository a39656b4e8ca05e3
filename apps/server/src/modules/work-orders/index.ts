/**
 * Work orders (工单, docs/decisions/0031-storage-and-work-orders.md): sellers' and purchasers'
 * questions to the platform's support, answered in the console. app.ts registers its routes with
 * the file store; nothing else calls into it.
 * Other modules import this module only through this file.
 */
export { workOrderImages, workOrderReplies, workOrders } from './work-orders.table.js';
