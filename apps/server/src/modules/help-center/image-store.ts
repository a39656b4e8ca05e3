/**
 * Help-article images in the one file store (lib/storage, decision 0031): public files of the kind
 * `help-article`, served by /api/help/images/:month/:name. The bytes are checked by lib/storage's
 * checkImage (type by magic bytes, whole file, size and sides) before they are stored.
 */
import { checkImage, decodeBase64Image, isStorageKey, type Storage, type StoredFile } from '../../lib/storage/index.js';

const KIND = 'help-article';

/** The address an article links to for a stored key (public/help-article/yyyymm/hex.ext). */
export const helpImageUrl = (key: string) => `/api/help/images/${key.slice(`public/${KIND}/`.length)}`;

/** A data URL or bare base64 image, checked and stored; answers the address articles link to. */
export async function putImage(storage: Storage, image: string): Promise<string> {
  const bytes = decodeBase64Image(image);
  const { mime } = checkImage(bytes);
  return helpImageUrl(await storage.put('public', KIND, bytes, mime));
}

/** The stored image of an address's month and name, or null (nothing outside the kind is reachable). */
export async function getImage(storage: Storage, month: string, name: string): Promise<StoredFile | null> {
  const key = `public/${KIND}/${month}/${name}`;
  return isStorageKey(key) ? storage.get(key) : null;
}
