/**
 * Photos of parcels (problem and headless) taken at the warehouse: checked by their bytes (JPEG,
 * PNG or WebP; the name or a claimed type proves nothing), at most PARCEL_PHOTO_MAX_BYTES each and
 * PARCEL_PHOTO_MAX_COUNT per parcel. Served only to the warehouse holding the parcel, the seller it
 * belongs to, or, while a headless parcel waits in the pool, the sellers that warehouse serves;
 * anybody else reads "not found".
 */
import { ErrorCode, PARCEL_PHOTO_MAX_BYTES, PARCEL_PHOTO_MAX_COUNT, parcelPhotoUrl } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import * as photosRepo from './photos.repository.js';
import { warehousesOf } from './pool.service.js';

/** The image type its first bytes say, or null. */
export function imageMime(b: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** A data URL or bare base64 → bytes; anything that is not base64 is not an image. */
function decode(image: string): Buffer {
  const b64 = image.replace(/^data:[\w/+.-]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length === 0) throw new AppError(ErrorCode.PARCEL_PHOTO_NOT_IMAGE);
  return Buffer.from(b64, 'base64');
}

export async function uploadPhoto(db: Db, caller: Caller, b: { parcelId: number; image: string }) {
  if (caller.orgType !== 'purchaser') throw new AppError(ErrorCode.PURCHASER_REQUIRED);
  const bytes = decode(b.image);
  if (bytes.length > PARCEL_PHOTO_MAX_BYTES) throw new AppError(ErrorCode.PARCEL_PHOTO_TOO_LARGE);
  const mime = imageMime(bytes);
  if (!mime) throw new AppError(ErrorCode.PARCEL_PHOTO_NOT_IMAGE);
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
  if (caller.orgType === 'purchaser' && ph.purchaserOrgId === caller.orgId) return ph;
  if (caller.orgType === 'seller') {
    if (ph.orgId === caller.orgId) return ph;
    const unclaimed = ph.kind === 'HEADLESS' && ph.status === 'WAIT_CLAIM' && ph.orgId === null && ph.purchaserOrgId !== null;
    if (unclaimed && (await warehousesOf(db, caller.orgId)).includes(ph.purchaserOrgId as number)) return ph;
  }
  throw notFound('照片');
}
