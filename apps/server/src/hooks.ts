/**
 * The one place where modules' hooks (lib/hooks.ts) meet their handlers: an upstream module emits,
 * a module built on it handles, and neither imports the other the wrong way round. Called by
 * buildApp and by the demo seed (which runs before any app is built); registering again changes
 * nothing. Never wire a hook as an import side effect: a test checks that this function leaves no
 * declared hook without a handler.
 */
import { orderDelivered } from './modules/dropship-orders/index.js';
import { shipBackOnDelivery } from './modules/ship-back/index.js';

export function wireModuleHooks() {
  // Delivery enqueues the push of courier and tracking number back to the shop, in its transaction.
  orderDelivered.on(shipBackOnDelivery);
}
