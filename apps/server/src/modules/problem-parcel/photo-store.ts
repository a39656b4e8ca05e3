/**
 * The one photo storage of the warehouse and after-sales: `parcel_photos` rows of checked image bytes
 * (JPEG, PNG or WebP by their first bytes — a name or a claimed type proves nothing — at most
 * PARCEL_PHOTO_MAX_BYTES), served by headless-parcel's GET /api/b2/parcels/photo/{id}. A parcel's
 * photos are uploaded there (headless-parcel); an after-sale's photos (申请售后, 验货) are the
 * uploading tenant's own until attached to one after-sale (decision 0026, "After-sale photos").
 */
import { ErrorCode, PARCEL_PHOTO_MAX_BYTES, parcelPhotoUrl, storedPhotoIdOf } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './photo-store.repository.js';

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

/** The checked bytes of an uploaded image and their type; refused in Chinese before anything is stored. */
export function checkedImage(image: string) {
  const bytes = decode(image);
  if (bytes.length > PARCEL_PHOTO_MAX_BYTES) throw new AppError(ErrorCode.PARCEL_PHOTO_TOO_LARGE);
  const mime = imageMime(bytes);
  if (!mime) throw new AppError(ErrorCode.PARCEL_PHOTO_NOT_IMAGE);
  return { bytes, mime };
}

/** An after-sale's photo: checked and stored as the caller's tenant's own, not yet attached. */
export async function uploadOwnPhoto(db: Db, caller: { orgId: number; userId: number }, image: string) {
  const { bytes, mime } = checkedImage(image);
  const id = await repo.insertOwnPhoto(db, caller.orgId, mime, bytes, caller.userId);
  return { id, url: parcelPhotoUrl(id) };
}

/**
 * Inside the caller's after-sale transaction: every stored-photo URL among `urls` must be a photo this
 * tenant uploaded without a parcel and not attached to another after-sale, else 18090 and nothing is
 * kept. It is attached to `afterSaleId`, which lets that after-sale's other party see it: so a tenant
 * can never show another tenant's photo (or a parcel's) through its own after-sale. Links typed in
 * are left as they are (they were accepted before uploads existed).
 */
export async function attachOwnPhotos(t: Db, orgId: number, urls: readonly string[], afterSaleId: number) {
  const ids = [...new Set(urls.map(storedPhotoIdOf).filter((n): n is number => n !== null))];
  if (ids.length === 0) return;
  const rows = await repo.lockPhotos(t, ids);
  const ours = (r: (typeof rows)[number]) => r.parcelId === null && r.orgId === orgId && (r.afterSaleId === null || r.afterSaleId === afterSaleId);
  if (rows.length !== ids.length || !rows.every(ours)) throw new AppError(ErrorCode.AFTER_SALE_PHOTO_NOT_OURS);
  await repo.attachPhotos(t, ids, afterSaleId);
}
