/**
 * The purchaser's warehouse: arrival scans, parcels, waybills from the courier gateway and shipping
 * (through dropship-orders' deliverOrder / finishOrder), tracking.
 * app.ts registers its routes (and jobs); src/hooks.ts wires maskErasedLabels to dropship-orders'
 * receiversErased; serve.ts starts the demo's print-component emulators. Anything another module
 * needs is exported from this file, and other modules import this module only through it.
 */
export { maskErasedLabels } from './label-retention.js';
export { startDemoPrintComponents } from './print-components-demo.js';
export { recycleOnStop } from './waybill-void.service.js';
