/**
 * Where help-article images are kept: `putImage(bytes, mime) → url` and its reader. Bytes in a table
 * for now (like parcel photos); this file is the one place to switch to the shared storage module.
 * Images are checked by their bytes (JPEG, PNG or WebP, at most HELP_IMAGE_MAX_BYTES).
 */
import { ErrorCode, HELP_IMAGE_MAX_BYTES } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { helpImages } from './help-center.table.js';

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** The image type its first bytes say, or null (a name or a claimed type proves nothing). */
export function imageMime(b: Buffer): ImageMime | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** A data URL or bare base64 → checked image bytes and their type; anything else is refused. */
export function decodeImage(image: string): { bytes: Buffer; mime: ImageMime } {
  const b64 = image.replace(/^data:[\w/+.-]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length === 0) throw new AppError(ErrorCode.HELP_IMAGE_NOT_IMAGE);
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > HELP_IMAGE_MAX_BYTES) throw new AppError(ErrorCode.HELP_IMAGE_TOO_LARGE);
  const mime = imageMime(bytes);
  if (!mime) throw new AppError(ErrorCode.HELP_IMAGE_NOT_IMAGE);
  return { bytes, mime };
}

export const helpImageUrl = (id: number) => `/api/help/images/${id}`;

/** Stores checked image bytes and answers the address articles link to. */
export async function putImage(db: Db, bytes: Buffer, mime: ImageMime): Promise<string> {
  const [row] = await db.insert(helpImages).values({ bytes, mime }).returning({ id: helpImages.id });
  return helpImageUrl((row as { id: number }).id);
}

export async function getImage(db: Db, id: number): Promise<{ bytes: Buffer; mime: string } | undefined> {
  const [row] = await db.select({ bytes: helpImages.bytes, mime: helpImages.mime }).from(helpImages).where(eq(helpImages.id, id));
  return row;
}
