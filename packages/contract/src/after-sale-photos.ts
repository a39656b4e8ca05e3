/**
 * After-sale photos (the seller's 申请售后 photos, the warehouse's 验货图片) uploaded into the parcel
 * photos' storage (headless-parcels.ts: the same checks, limits and serving URL), and the return
 * parcel's freight collect (到付运费) the warehouse paid (decision 0026, "After-sale photos" and
 * "Return freight").
 */
import { z } from 'zod';
import { PARCEL_PHOTO_MAX_BYTES, parcelPhotoUrl } from './headless-parcels.js';

/** Upload: the image as base64 (a data URL or the bare base64), as for a parcel photo. */
export const AfterSalePhotoUploadBody = z.object({
  image: z.string({ error: '请选择图片' }).min(1, '请选择图片').max(3_000_000, '图片不能超过2MB，请压缩后重新上传'),
});
export type AfterSalePhotoUploadBody = z.input<typeof AfterSalePhotoUploadBody>;

/** Image types the upload takes, for the page's file picker (the server checks the bytes). */
export const AFTER_SALE_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
export const AFTER_SALE_PHOTO_MAX_BYTES = PARCEL_PHOTO_MAX_BYTES;

/** The stored photo's id when `url` is our photo address (parcelPhotoUrl), else null (a link typed in). */
export function storedPhotoIdOf(url: string): number | null {
  const m = /^\/api\/b2\/parcels\/photo\/(\d{1,10})$/.exec(url);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 && parcelPhotoUrl(n) === url ? n : null;
}

/** Most 到付运费 (fen) one return parcel may charge the seller: above it is a typing mistake. */
export const RETURN_FREIGHT_MAX_FEN = 10_000;

export const freightCollectFen = z
  .number({ error: '到付运费必须是数字' })
  .int('到付运费必须是整数分')
  .min(0, '到付运费不能小于0')
  .max(RETURN_FREIGHT_MAX_FEN, `到付运费不能超过${RETURN_FREIGHT_MAX_FEN / 100}元，请核对金额`)
  .describe('到付运费（分）：仓库代付的退货包裹到付运费，从卖家余额扣除');
