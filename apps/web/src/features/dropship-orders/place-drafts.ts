/**
 * The place page's state, pure: one draft per shop order (receiver, express, coupon, remark,
 * whether it is included), what the cost call and the create call are sent. Unit-tested.
 */
import type { DisplayReceiver, DropshipCreateBody, PlacePreviewOrder, ReceiverFields } from '@dropship/contract';
import type { CostDraft } from './api';

/** The platform's encrypted receiver, kept as the shop gave it: masks for display, decrypted by the platform when shipping. */
export type KeptPlatformReceiver = DisplayReceiver & { encrypted: true };
/** What a draft places with: the platform's encrypted receiver, or one the seller typed (or the shop's plain one). */
export type DraftReceiver = ReceiverFields | KeptPlatformReceiver;

export const isPlatformReceiver = (r: DraftReceiver): r is KeptPlatformReceiver => 'encrypted' in r && r.encrypted === true;

/** A plain receiver goes back as typed fields (validated strictly by the server); an encrypted one keeps its flag. */
function draftReceiver(r: DisplayReceiver): DraftReceiver {
  if (r.encrypted) return { ...r, encrypted: true };
  const { encrypted: _plain, ...fields } = r;
  return fields;
}

/**
 * Where the receiver form starts: the draft's own receiver, or for the platform's encrypted one only its
 * area (the masks are no receiver to edit: the seller types a whole new one, or keeps the platform's).
 */
export function typedStart(r: DraftReceiver): ReceiverFields {
  if (!isPlatformReceiver(r)) return r;
  return { name: '', phone: '', province: r.province, city: r.city, district: r.district, address: '' };
}

export interface Draft {
  shopOrderId: number;
  receiver: DraftReceiver;
  expressCode: string;
  couponId?: number;
  remark: string;
  /** Orders that cannot be placed start excluded, and stay so until their problems are fixed. */
  included: boolean;
  /** The address is complete: as the shop gave it, or once the seller picked it from the area tree. */
  addressOk: boolean;
  /** 加急发货, set only while the seller's service is enabled (absent: nothing is sent, the order is not urgent). */
  speedDelivery?: boolean;
}

/** The goods and the shop order allow placing (the address may still need correcting). */
export const goodsPlaceable = (o: PlacePreviewOrder) => o.blockers.length === 0 && o.lines.length > 0 && o.lines.every((l) => l.reason === null);

/** An order can be placed when nothing blocks it, every line resolved and the address is complete. */
export const placeable = (o: PlacePreviewOrder, d?: Pick<Draft, 'addressOk'>) => goodsPlaceable(o) && (d?.addressOk ?? o.addressComplete);

/**
 * The express a new draft starts with: the one the seller used last, else the first offered.
 * `speedDefault` is the seller's 下单默认加急 when the service is enabled, undefined when it is not.
 */
export function initialDrafts(orders: PlacePreviewOrder[], expressCode: string, speedDefault?: boolean): Draft[] {
  return orders.map((o) => ({
    shopOrderId: o.shopOrderId,
    receiver: draftReceiver(o.receiver),
    expressCode,
    remark: '',
    included: placeable(o),
    addressOk: o.addressComplete,
    ...(speedDefault === undefined ? {} : { speedDelivery: speedDefault }),
  }));
}

/**
 * The drafts after the preview was read again (goods linked or an address fixed in the drawer over
 * the page): what the seller typed stays; an order that could not be placed before and can now is
 * ticked (the seller chose it on 店铺订单), one that no longer can is unticked, and an address fixed
 * on the shop order replaces an incomplete one.
 */
export function mergePreview(drafts: Draft[], before: PlacePreviewOrder[], after: PlacePreviewOrder[]): Draft[] {
  return drafts.map((d) => {
    const o = after.find((x) => x.shopOrderId === d.shopOrderId);
    if (!o) return d;
    const next = !d.addressOk && o.addressComplete ? { ...d, receiver: draftReceiver(o.receiver), addressOk: true } : d;
    const old = before.find((x) => x.shopOrderId === d.shopOrderId);
    const was = old ? placeable(old, d) : false;
    const now = placeable(o, next);
    return { ...next, included: now && (was ? d.included : true) };
  });
}

/**
 * How many orders cannot be placed yet (goods not linked, a blocker, an incomplete address): only
 * placeable orders start ticked, so the summary says why the others are not.
 */
export const blockedCount = (orders: PlacePreviewOrder[], drafts: Draft[]) =>
  orders.filter((o) => {
    const d = drafts.find((x) => x.shopOrderId === o.shopOrderId);
    return !placeable(o, d);
  }).length;

const speedOf = (d: Draft) => (d.speedDelivery === undefined ? {} : { speedDelivery: d.speedDelivery });

/** The batch-wide 加急 switch: every draft urgent or none (each can still be changed alone). */
export const withSpeed = (drafts: Draft[], on: boolean): Draft[] => drafts.map((d) => (d.speedDelivery === undefined ? d : { ...d, speedDelivery: on }));

/** How many included drafts are urgent, and whether all of them are (the batch switch's state). */
export function speedCount(drafts: Draft[]) {
  const included = drafts.filter((d) => d.included);
  const urgent = included.filter((d) => d.speedDelivery === true).length;
  return { urgent, all: included.length > 0 && urgent === included.length };
}

export const costDrafts = (drafts: Draft[]): CostDraft[] =>
  drafts
    .filter((d) => d.included && d.expressCode)
    .map((d) => ({
      shopOrderId: d.shopOrderId,
      province: d.receiver.province,
      expressCode: d.expressCode,
      ...(d.couponId ? { couponId: d.couponId } : {}),
      ...speedOf(d),
    }));

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
        ...speedOf(d),
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
