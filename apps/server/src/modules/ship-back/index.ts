/**
 * Pushing shipped orders back to the shop's platform; deliverOrder enqueues it in its transaction.
 * Other modules import this module only through this file.
 */
export { enqueueShipBack } from './ship-back.service.js';
