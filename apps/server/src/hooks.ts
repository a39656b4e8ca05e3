/**
 * The one place where modules' hooks (lib/hooks.ts) meet their handlers: an upstream module emits,
 * a module built on it handles, and neither imports the other the wrong way round. Called by
 * buildApp and by the demo seed (which runs before any app is built); registering again changes
 * nothing. Never wire a hook as an import side effect: a test checks that this function leaves no
 * declared hook without a handler.
 */
import { afterSalesOnRefunds, autoAfterSaleOnRefunds, goodsBackOnReplacementCanceled, onReturnLineAnswered, signInOnScan } from './modules/after-sale/index.js';
import { interceptOnRefunds, mirrorTakeItems, orderDelivered, orderStopped, receiversErased, stopForPurchaser } from './modules/dropship-orders/index.js';
import { intakeUnmatched } from './modules/headless-parcel/index.js';
import { messageOnDelivery } from './modules/messages/index.js';
import { afterSaleLineAnswered, returnParcelScanned, unmatchedParcelRegistered } from './modules/offline/index.js';
import { shipBackOnDelivery } from './modules/ship-back/index.js';
import { refundsSynced } from './modules/shop-orders/index.js';
import { stopAsked, takeItemsChanged } from './modules/take-assignment/index.js';
import { maskErasedLabels, recycleOnStop } from './modules/warehouse/index.js';

export function wireModuleHooks() {
  // Delivery enqueues the push of courier and tracking number back to the shop, in its transaction.
  orderDelivered.on(shipBackOnDelivery);
  // And the seller gets a station message with the tracking number (once per order).
  orderDelivered.on(messageOnDelivery);
  // The shop sync wrote refunds: auto-intercept stops or cancels the dropship orders placed for them.
  refundsSynced.on(interceptOnRefunds);
  // Then each refund of a placed line becomes an after-sale (after the intercept, so a line it stopped completes it).
  refundsSynced.on(afterSalesOnRefunds);
  // Then the seller's automatic after-sale rules get a job for each after-sale still waiting on the platform.
  refundsSynced.on(autoAfterSaleOnRefunds);
  // A purchaser's assignment mirrors the take items' statuses onto the seller's order lines, in its transaction.
  takeItemsChanged.on(mirrorTakeItems);
  // The purchaser's stop / revoke-stop runs the seller's own operation on the line.
  stopAsked.on(stopForPurchaser);
  // The retention job erased plain receivers: the waybill labels of those orders keep only the masked street.
  receiversErased.on(maskErasedLabels);
  // A paid order cancelled or all its lines stopped: the warehouse queues giving back a waybill it kept for it.
  orderStopped.on(recycleOnStop);
  // A cancelled 换货补发 replacement: the goods money the stall kept for the exchange goes back to the seller.
  orderStopped.on(goodsBackOnReplacementCanceled);
  // The warehouse's 退货登记 scan also signs in the after-sales whose return parcel it is.
  returnParcelScanned.on(signInOnScan);
  // A registered parcel that matched nothing becomes a headless parcel (无头件), matched automatically where it can be.
  unmatchedParcelRegistered.on(intakeUnmatched);
  // A stall's answer on an after-sale's return line settles the after-sale (its money, or the seller's decision).
  afterSaleLineAnswered.on(onReturnLineAnswered);
}
