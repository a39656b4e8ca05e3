/** What the headless-parcel services share: the callers' checks, goods cleaning, and the rows as each side sees them. */
import { ErrorCode, type HeadlessClaimRow, type HeadlessGood, type HeadlessPoolRow } from '@dropship/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import type * as claimsRepo from './claims.repository.js';
import type * as repo from './headless-parcel.repository.js';
import { maskWaybill } from './matcher.js';

export function requirePurchaser(caller: Caller) {
  if (caller.orgType !== 'purchaser') throw new AppError(ErrorCode.PURCHASER_REQUIRED);
}
export function requireSeller(caller: Caller) {
  if (caller.orgType !== 'seller') throw notFound('无头件');
}

/** Goods lines without empty fields; a line with nothing but a quantity is dropped. */
export const cleanGoods = (goods: HeadlessGood[]): HeadlessGood[] =>
  goods
    .map((g) => Object.fromEntries(Object.entries(g).filter(([, v]) => v !== '' && v !== undefined)) as HeadlessGood)
    .filter((g) => Object.keys(g).length > 1);

export const poolRow = (r: repo.PoolRecord): HeadlessPoolRow => ({
  id: r.id,
  barcodeNo: r.barcodeNo,
  courierName: r.courierName,
  waybillMasked: maskWaybill(r.trackingNo),
  goods: r.goods,
  note: r.note,
  signedAt: r.signedAt,
  deadlineAt: r.deadlineAt,
  photoIds: r.photoIds,
  warehouseName: r.warehouseName,
  myClaim: r.myClaimId === null ? null : { id: r.myClaimId, status: r.myClaimStatus ?? 'PENDING', reason: r.myClaimReason ?? '' },
});

/** A claim as its seller sees it (the sender's phone tail of the parcel is never shown to a seller). */
export const sellerClaim = (c: claimsRepo.ClaimRecord): HeadlessClaimRow => ({
  id: c.id,
  parcelId: c.parcelId,
  barcodeNo: c.barcodeNo,
  parcelStatus: c.parcelStatus as HeadlessClaimRow['parcelStatus'],
  status: c.status,
  sellerName: c.sellerName,
  orderNo: c.orderNo,
  afterSaleNo: c.afterSaleNo,
  phoneTail: c.phoneTail,
  goodsNote: c.goodsNote,
  score: c.score,
  phoneTailMatches: null,
  reason: c.reason,
  createdAt: c.createdAt,
  decidedAt: c.decidedAt,
});
export const purchaserClaim = (c: claimsRepo.ClaimRecord): HeadlessClaimRow => ({
  ...sellerClaim(c),
  phoneTailMatches: c.phoneTail && c.senderPhoneTail ? c.phoneTail === c.senderPhoneTail : null,
});
