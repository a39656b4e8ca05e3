/**
 * Shop tokens and ERP secrets at rest: AES-256-GCM with a key made once per database and kept in
 * system_settings (like the key behind userIdAesStr), so every server process shares it and a
 * copy of the shops table alone reveals no token. Also signs the OAuth state.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { ensureSetting } from '../auth/index.js';

const keys = new WeakMap<Db, Promise<Buffer>>();
const stateKeys = new WeakMap<Db, Promise<Buffer>>();

function settingKey(db: Db, cache: WeakMap<Db, Promise<Buffer>>, name: string) {
  let key = cache.get(db);
  if (!key) {
    key = ensureSetting(db, name, randomBytes(32).toString('base64')).then((v) => Buffer.from(v, 'base64'));
    cache.set(db, key);
  }
  return key;
}

/** iv (12) + tag (16) + cipher text, base64url; "v1." leaves room for a key rotation. */
export async function encryptSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await settingKey(db, keys, 'shop_token_aes_key'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export async function decryptSecret(db: Db, stored: string): Promise<string> {
  if (!stored.startsWith('v1.')) throw new Error('unknown secret format');
  const raw = Buffer.from(stored.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', await settingKey(db, keys, 'shop_token_aes_key'), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export async function encryptOptional(db: Db, plain: string | undefined | null) {
  return plain ? encryptSecret(db, plain) : null;
}

/** `nonce.signature`: a forged or altered state is refused before any lookup. */
export async function signState(db: Db, nonce: string): Promise<string> {
  const mac = createHmac('sha256', await settingKey(db, stateKeys, 'shop_oauth_state_key'))
    .update(nonce)
    .digest('base64url');
  return `${nonce}.${mac}`;
}

/** The nonce of a correctly signed state, else null. */
export async function verifyState(db: Db, state: string): Promise<string | null> {
  const [nonce, mac] = state.split('.');
  if (!nonce || !mac || state.split('.').length !== 2) return null;
  const want = Buffer.from(
    createHmac('sha256', await settingKey(db, stateKeys, 'shop_oauth_state_key'))
      .update(nonce)
      .digest('base64url'),
  );
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got) ? nonce : null;
}
