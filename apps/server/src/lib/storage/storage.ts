/**
 * The one shape of a file store (files under DATA_DIR, or an S3-compatible bucket): put bytes under
 * an owner and a kind, get them back by the key put answered, delete. The store knows nothing of
 * who may read a file: the module that keeps a key decides that and serves the bytes itself.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Whose file: a tenant's organisation id, or 'public' (e.g. help-center article images). */
export type StorageOwner = number | 'public';

export interface StoredFile {
  stream: Readable;
  mime: string;
  size: number;
}

export interface Storage {
  /** Stores the bytes; answers the key to keep (owner/kind/yyyymm/random.ext). */
  put(owner: StorageOwner, kind: string, bytes: Buffer, mime: string): Promise<string>;
  /** The file, or null when no file has that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a key with no file is not an error (deletes may be retried). */
  delete(key: string): Promise<void>;
}

/** File types the store names by extension; the mime a file is served with comes from its key. */
const EXT_OF: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};
const MIME_OF: Record<string, string> = Object.fromEntries(Object.entries(EXT_OF).map(([m, e]) => [e, m]));

const KIND = /^[a-z][a-z0-9-]{0,30}$/;
/** What a key looks like: nothing a path could climb out of the store with. */
const KEY = /^(public|\d{1,12})\/[a-z][a-z0-9-]{0,30}\/\d{6}\/[0-9a-f]{32}\.[a-z]{2,4}$/;

export function newKey(owner: StorageOwner, kind: string, mime: string, now = new Date()): string {
  if (owner !== 'public' && !(Number.isInteger(owner) && owner > 0)) throw new Error(`storage owner ${owner} is neither an organisation id nor 'public'`);
  if (!KIND.test(kind)) throw new Error(`storage kind ${kind} must be lower-case letters, digits and dashes`);
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${owner}/${kind}/${month}/${randomBytes(16).toString('hex')}.${EXT_OF[mime] ?? 'bin'}`;
}

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export function mimeOfKey(key: string): string {
  return MIME_OF[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** The owner a key was put under (a module may check it against the caller before anything else). */
export function ownerOfKey(key: string): StorageOwner {
  const head = key.slice(0, key.indexOf('/'));
  return head === 'public' ? 'public' : Number(head);
}
