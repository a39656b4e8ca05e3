/**
 * Files under a directory (DATA_DIR/storage by default). Written to a temporary name and renamed, so
 * a reader never sees half a file and a crash leaves no file under a kept key.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, mimeOfKey, newKey, type Storage } from './storage.js';

export function fileStore(dir: string): Storage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(owner, kind, bytes, mime) {
      const key = newKey(owner, kind, mime);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      return key;
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const file = fileOf(key);
      const st = await stat(file).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      });
      if (!st?.isFile()) return null;
      return { stream: createReadStream(file), mime: mimeOfKey(key), size: st.size };
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(fileOf(key), { force: true });
    },
  };
}
