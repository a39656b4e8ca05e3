/**
 * The one file store (docs/decisions/0031-storage-and-work-orders.md). Files live under
 * DATA_DIR/storage (PGlite or PostgreSQL alike; with DATABASE_URL and no DATA_DIR, ./data/storage)
 * or, with STORAGE_S3_ENDPOINT and STORAGE_S3_BUCKET set, in an S3-compatible bucket.
 *
 *   const key = await storage.put(orgId | 'public', 'work-order', bytes, mime);  // keep the key
 *   const file = await storage.get(key);   // { stream, mime, size } | null
 *   await storage.delete(key);
 *
 * The store checks nothing about the caller: the module that keeps a key decides who may read it
 * and serves the bytes itself. Images are checked with checkImage() before put (type by magic
 * bytes, width and height read from the header, whole file, size limits), refused in Chinese.
 */
import type { Config } from '../../config.js';
import { fileStore } from './file-store.js';
import { s3Store } from './s3-store.js';
import type { Storage } from './storage.js';

export { fileStore } from './file-store.js';
export { checkImage, decodeBase64Image, IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, type ImageInfo, type ImageMime, sniffImage } from './image-check.js';
export { s3Store } from './s3-store.js';
export { signS3Request } from './sigv4.js';
export { isStorageKey, mimeOfKey, ownerOfKey, type Storage, type StorageOwner, type StoredFile } from './storage.js';

export function createStorage(config: Pick<Config, 'storage'>): Storage {
  return config.storage.s3 ? s3Store(config.storage.s3) : fileStore(config.storage.dir);
}
