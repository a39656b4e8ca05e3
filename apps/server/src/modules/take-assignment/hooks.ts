/**
 * What take-assignment announces to dropship orders, which are built on it (paying creates take items,
 * stopping a line stops its take item), so it cannot import them back (lib/hooks.ts; wired in src/hooks.ts).
 */
import { defineHook } from '../../lib/hooks.js';

/** The timeline event the seller's order gets when a purchaser's change moves its combined status. */
export interface MirrorEvent {
  operation: string;
  note: string;
  actor: { userId: number | null; orgId: number };
}

/** Take items whose takingStatus just changed, and their orders, already locked (lockOrdersOf). */
export interface TakeItemsChanged {
  takeItemIds: readonly number[];
  orderIds: readonly number[];
  event: MirrorEvent;
}

/** Emitted inside an assignment's transaction; dropship-orders mirrors the statuses onto the order lines. */
export const takeItemsChanged = defineHook<TakeItemsChanged>('take-assignment.takeItemsChanged');

/** The purchaser stops (or resumes) an item at the seller's request. */
export interface StopAsked {
  op: 'stop' | 'revokeStop';
  /** The item's seller organisation, acting with the purchaser's user. */
  seller: { orgId: number; userId: number };
  orderItemId: number;
  byPurchaser: { orgId: number; userId: number };
}

/**
 * Emitted once per item outside any transaction; dropship-orders runs the seller's own stopItem /
 * revokeStopItem (its own transaction), whose refusal (an AppError) reaches the emitter.
 */
export const stopAsked = defineHook<StopAsked>('take-assignment.stopAsked');
