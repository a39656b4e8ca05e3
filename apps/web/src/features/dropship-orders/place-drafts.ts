/**
 * The place page's state, pure: one draft per shop order (receiver, express, coupon, remark,
 * whether it is included), what the cost call and the create call are sent. Unit-tested.
 */
import type { DropshipCreateBody, PlacePreviewOrder, ReceiverFields } from '@dropship/contract';
import type { CostDraft } from './api';

export interface Draft {
  shopOrderId: number;
  receiver: ReceiverFields;
  expressCode: string;
  couponId?: number;
  remark: string;
  /** Orders that cannot be placed start excluded, and stay so until their problems are fixed. */
  included: boolean;
  /** The address is complete: as the shop gave it, or once the seller picked it from the area tree. */
  addressOk: boolean;
}

/** The goods and the shop order allow placing (the address may still need correcting). */
export const goodsPlaceable = (o: PlacePreviewOrder) => o.blockers.length === 0 && o.lines.length > 0 && o.lines.every((l) => l.reason === null);

/** An order can be placed when nothing blocks it, every line resolved and the address is complete. */
export const placeable = (o: PlacePreviewOrder, d?: Pick<Draft, 'addressOk'>) => goodsPlaceable(o) && (d?.addressOk ?? o.addressComplete);

/** The express a new draft starts with: the one the seller used last, else the first offered. */
export function initialDrafts(orders: PlacePreviewOrder[], expressCode: string): Draft[] {
  return orders.map((o) => ({
    shopOrderId: o.shopOrderId,
    receiver: o.receiver,
    expressCode,
    remark: '',
    included: placeable(o),
    addressOk: o.addressComplete,
  }));
}

export const costDrafts = (drafts: Draft[]): CostDraft[] =>
  drafts
    .filter((d) => d.included && d.expressCode)
    .map((d) => ({ shopOrderId: d.shopOrderId, province: d.receiver.province, expressCode: d.expressCode, ...(d.couponId ? { couponId: d.couponId } : {}) }));

export function createBody(drafts: Draft[], confirmDuplicate: boolean): DropshipCreateBody {
  return {
    orders: drafts
      .filter((d) => d.included)
      .map((d) => ({
        shopOrderId: d.shopOrderId,
        receiver: d.receiver,
        expressCode: d.expressCode,
        remark: d.remark.trim(),
        ...(d.couponId ? { couponId: d.couponId } : {}),
      })),
    confirmDuplicate,
  };
}

/** `?shopOrderIds=1,2,3` → [1, 2, 3] (positive integers, no repeats, at most 200). */
export function idsFromQuery(v: string | null): number[] {
  if (!v) return [];
  const ids = v
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, 200);
}

export const LAST_EXPRESS_KEY = 'dropship_last_express';
