/**
 * Images of a work order or a reply: every image is decoded and checked (lib/storage's checkImage)
 * before the first is stored, so a bad one changes nothing; stored before the transaction (a file
 * store cannot join it) and deleted again when the transaction fails.
 */
import { ErrorCode, WORK_ORDER_IMAGE_MAX_BYTES, WORK_ORDER_MAX_IMAGES } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { checkImage, decodeBase64Image, type Storage } from '../../lib/storage/index.js';

export interface StoredImage {
  storageKey: string;
  mime: string;
  width: number;
  height: number;
  size: number;
}

export async function storeImages(storage: Storage, orgId: number, images: readonly string[]): Promise<StoredImage[]> {
  if (images.length > WORK_ORDER_MAX_IMAGES) throw new AppError(ErrorCode.WORK_ORDER_TOO_MANY_IMAGES);
  const checked = images.map((image) => {
    const bytes = decodeBase64Image(image);
    return { bytes, ...checkImage(bytes, { maxBytes: WORK_ORDER_IMAGE_MAX_BYTES }) };
  });
  const stored: StoredImage[] = [];
  try {
    for (const c of checked) {
      const storageKey = await storage.put(orgId, 'work-order', c.bytes, c.mime);
      stored.push({ storageKey, mime: c.mime, width: c.width, height: c.height, size: c.bytes.length });
    }
  } catch (e) {
    await discardImages(storage, stored);
    throw e;
  }
  return stored;
}

/** Best effort: a file left behind is only unreferenced bytes, never a broken work order. */
export async function discardImages(storage: Storage, stored: readonly StoredImage[], log?: FastifyBaseLogger) {
  for (const s of stored) await storage.delete(s.storageKey).catch((e: unknown) => log?.warn({ err: e, key: s.storageKey }, '工单图片清理失败'));
}

/** Runs the change with the stored images; if it fails, the images go again. */
export async function withImages<T>(storage: Storage, stored: readonly StoredImage[], change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (e) {
    await discardImages(storage, stored);
    throw e;
  }
}
