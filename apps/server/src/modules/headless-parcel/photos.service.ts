/**
 * Photos of parcels (problem and headless) taken at the warehouse: checked by their bytes (JPEG,
 * PNG or WebP; the name or a claimed type proves nothing; problem-parcel's photo store), at most
 * PARCEL_PHOTO_MAX_BYTES each and PARCEL_PHOTO_MAX_COUNT per parcel. Served only to the warehouse
 * holding the parcel, the seller it belongs to, or, while a headless parcel waits in the pool, the
 * sellers that warehouse serves. The same route serves an after-sale's photos (the same storage,
 * no parcel) to their uploader and that after-sale's seller and purchaser; anybody else reads
 * "not found".
 */
import { ErrorCode, PARCEL_PHOTO_MAX_COUNT, parcelPhotoUrl } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { checkedImage } from '../problem-parcel/index.js';
import * as photosRepo from './photos.repository.js';
import { warehousesOf } from './pool.service.js';

export async function uploadPhoto(db: Db, caller: Caller, b: { parcelId: number; image: string }) {
  if (caller.orgType !== 'purchaser') throw new AppError(ErrorCode.PURCHASER_REQUIRED);
  const { bytes, mime } = checkedImage(b.image);
  return inTransaction(db, async (t) => {
    // The parcel's lock makes the count check hold against two uploads at once.
    const parcelId = await photosRepo.lockAnyParcel(t, caller.orgId, b.parcelId);
    if (parcelId === undefined) throw notFound('包裹');
    if ((await photosRepo.photoCount(t, parcelId)) >= PARCEL_PHOTO_MAX_COUNT) throw new AppError(ErrorCode.PARCEL_PHOTO_TOO_MANY);
    const id = await photosRepo.insertPhoto(t, parcelId, mime, bytes, caller.userId);
    return { id, url: parcelPhotoUrl(id) };
  });
}

export async function readPhoto(db: Db, caller: Caller, photoId: number) {
  const ph = await photosRepo.photoWithParcel(db, photoId);
  if (!ph) throw notFound('照片');
  if (ph.parcelId === null) {
    // An after-sale's photo: its uploader, and once attached, that after-sale's seller and purchaser.
    const mayRead =
      ph.uploaderOrgId === caller.orgId ||
      (caller.orgType === 'seller' && ph.afterSaleOrgId === caller.orgId) ||
      (caller.orgType === 'purchaser' && ph.afterSalePurchaserOrgId === caller.orgId);
    if (mayRead) return ph;
    throw notFound('照片');
  }
  if (caller.orgType === 'purchaser' && ph.purchaserOrgId === caller.orgId) return ph;
  if (caller.orgType === 'seller') {
    if (ph.orgId === caller.orgId) return ph;
    const unclaimed = ph.kind === 'HEADLESS' && ph.status === 'WAIT_CLAIM' && ph.orgId === null && ph.purchaserOrgId !== null;
    if (unclaimed && (await warehousesOf(db, caller.orgId)).includes(ph.purchaserOrgId as number)) return ph;
  }
  throw notFound('照片');
}
