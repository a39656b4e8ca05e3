/**
 * What shop orders announce to the modules built on them (lib/hooks.ts; wired in src/hooks.ts).
 * Dropship orders are placed from shop orders and read them, so shop-orders cannot import them back.
 */
import { defineHook } from '../../lib/hooks.js';
import type { JobQueue } from '../jobs/index.js';

/** The sync wrote these orders of a shop with a refund on a line, or wrote refund states for them. */
export interface RefundsSynced {
  orgId: number;
  shopId: number;
  /** May be empty; may name orders without a refund (the handler reads the stored state). */
  platformOrderIds: string[];
  /** The queue, for handlers that hand work to a job (the automatic after-sale rules). */
  jobs?: JobQueue;
}

/** Emitted by the shop sync after each batch of orders and each page of refunds; dropship-orders runs auto-intercept. */
export const refundsSynced = defineHook<RefundsSynced>('shop-orders.refundsSynced');
