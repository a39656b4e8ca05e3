/**
 * The keys of the receiver vault: RECEIVER_KEYS ("id:base64key[,id:base64key…]", the first seals,
 * all open) or, without it (demo, development), one key generated once into a file beside the
 * database, so a copy of the database alone never reveals a receiver.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface KeyRing {
  /** The id that seals new values (the first of the list). */
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

/** The file under DATA_DIR that holds the generated key when RECEIVER_KEYS is not set. */
export const KEY_FILE = 'receiver-keys';

const ID = /^[A-Za-z0-9_-]{1,16}$/;

export function parseReceiverKeys(text: string): KeyRing {
  const keys = new Map<string, Buffer>();
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const at = entry.indexOf(':');
    const id = at > 0 ? entry.slice(0, at) : '';
    const key = Buffer.from(entry.slice(at + 1), 'base64');
    if (!ID.test(id) || key.length !== 32) {
      throw new Error(`RECEIVER_KEYS 中的“${id || entry.slice(0, 8)}…”格式不对：每项应为“编号:Base64编码的32字节密钥”，如 k1:$(openssl rand -base64 32)`);
    }
    if (keys.has(id)) throw new Error(`RECEIVER_KEYS 中的密钥编号 ${id} 重复`);
    keys.set(id, key);
  }
  const currentId = entries.length > 0 ? [...keys.keys()][0] : undefined;
  if (!currentId) throw new Error('RECEIVER_KEYS 为空：至少需要一个“编号:Base64密钥”');
  return { currentId, keys };
}

/**
 * The key ring kept in `dir/receiver-keys` (mode 0600), made on first use. Created with O_EXCL, so
 * two processes starting together on one directory end with the same key.
 */
export function keyFileRing(dir: string): KeyRing {
  const file = path.join(dir, KEY_FILE);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(file, `k1:${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  chmodSync(file, 0o600);
  return parseReceiverKeys(readFileSync(file, 'utf8'));
}
