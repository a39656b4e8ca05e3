/**
 * What dropship orders announce to the modules built on them (lib/hooks.ts; wired in src/hooks.ts).
 * Those modules read orders, so dropship-orders cannot import them back.
 */
import { defineHook } from '../../lib/hooks.js';
import type { JobQueue } from '../jobs/index.js';

/** An order just moved to DELIVERED with its courier and tracking number. */
export interface OrderDelivered {
  /** The app's queue: a handler enqueues its follow-up in the delivery's transaction. */
  jobs: JobQueue;
  order: { id: number; orgId: number; orderNo: string; shopId: number | null; platformOrderId: string | null; courierCode: string; trackingNo: string };
}

/** Emitted by deliverOrder inside the delivery's transaction; ship-back enqueues the push to the shop, messages tell the seller. */
export const orderDelivered = defineHook<OrderDelivered>('dropship-orders.orderDelivered');

/** A paid order that will not ship as it stands: cancelled, or every line stopped. */
export interface OrderStopped {
  sellerOrgId: number;
  orderId: number;
  why: 'CANCELED' | 'ALL_STOPPED';
}

/** Emitted by cancelDropshipOrder (a paid order) and stopItem (the last line) in their transaction; the warehouse recycles a waybill it kept for the order. */
export const orderStopped = defineHook<OrderStopped>('dropship-orders.orderStopped');

/** Orders whose sealed plain receiver the retention job just erased (their masked columns stay). */
export interface ReceiversErased {
  orderIds: number[];
}

/** Emitted by the retention job in the erasing transaction; the warehouse masks the street on those orders' waybill labels. */
export const receiversErased = defineHook<ReceiversErased>('dropship-orders.receiversErased');
