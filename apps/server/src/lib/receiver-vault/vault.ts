/**
 * Plain receivers at rest: AES-256-GCM of the receiver as JSON, the key's id in front
 * (`k1.<iv|tag|cipher text, base64url>`) and bound into the tag, so a value sealed under a key
 * that was rotated out is still opened while that key is listed, and a value moved to another
 * key id or altered in any byte is refused. `receiverKey` is an HMAC of the normalized receiver:
 * equal receivers (parcel merging) compare equal without any plain text stored.
 */
import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync, randomBytes } from 'node:crypto';
import type { KeyRing } from './key-ring.js';

export interface PlainReceiver {
  name: string;
  phone: string;
  address: string;
}

export interface ReceiverVault {
  seal(r: PlainReceiver): string;
  /** Throws when the key id is unknown or the value was altered. */
  open(sealed: string): PlainReceiver;
  /** Any JSON value holding a receiver (an imported file's row), sealed the same way. */
  sealJson(value: unknown): string;
  openJson(sealed: string): unknown;
  /** Bytes sealed the same way (a preview page, compressed before it is sealed). */
  sealBytes(bytes: Uint8Array): string;
  openBytes(sealed: string): Buffer;
  /** Equality key of a receiver (each part trimmed, as parcel merging compares them), under the current key. */
  receiverKey(r: PlainReceiver & { province: string; city: string; district: string }): string;
  /** True when the value was sealed under another key than the current one (the re-seal job moves it). */
  isStale(sealed: string): boolean;
  currentId: string;
  /** More than one key listed: a rotation is under way (the re-seal moves old rows to the first key). */
  rotating: boolean;
}

export class ReceiverVaultError extends Error {}

/**
 * A fresh 96-bit GCM nonce for each sealing, read from the CSPRNG 6 KB at a time: a randomBytes call
 * per sealing (a call into OpenSSL each) was about a third of the sealing's time (an import seals
 * 10,000 receivers). The nonces are as random; a buffer is never read twice nor written again.
 */
const NONCES_PER_DRAW = 512;
let nonces = Buffer.alloc(0);
let nextNonce = 0;
function nonce(): Buffer {
  if (nextNonce + 12 > nonces.length) {
    nonces = randomBytes(12 * NONCES_PER_DRAW);
    nextNonce = 0;
  }
  nextNonce += 12;
  return nonces.subarray(nextNonce - 12, nextNonce);
}

export function createReceiverVault(ring: KeyRing): ReceiverVault {
  const current = ring.keys.get(ring.currentId) as Buffer;
  // Made once: a raw key given to each cipher or HMAC is imported again on every call (an import seals
  // and keys 10,000 receivers), and the tag binds the same key id every time.
  const sealKey = createSecretKey(current);
  const currentAad = Buffer.from(ring.currentId);
  const macKey = createSecretKey(Buffer.from(hkdfSync('sha256', current, Buffer.alloc(0), 'receiver-key', 32)));
  const keyOf = (id: string) => {
    const key = ring.keys.get(id);
    if (!key) throw new ReceiverVaultError(`收货人密钥 ${id} 未配置（RECEIVER_KEYS），无法解密`);
    return key;
  };
  function sealBytes(bytes: Uint8Array | string): string {
    const iv = nonce();
    const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
    cipher.setAAD(currentAad);
    const body = typeof bytes === 'string' ? cipher.update(bytes, 'utf8') : cipher.update(bytes);
    // GCM is a stream mode: final() adds no bytes, it only makes the tag.
    cipher.final();
    return `${ring.currentId}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }
  function openBytes(sealed: string): Buffer {
    const dot = sealed.indexOf('.');
    if (dot <= 0) throw new ReceiverVaultError('收货人密文格式不对');
    const id = sealed.slice(0, dot);
    const key = keyOf(id);
    const raw = Buffer.from(sealed.slice(dot + 1), 'base64url');
    if (raw.length < 29) throw new ReceiverVaultError('收货人密文格式不对');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(id));
    decipher.setAuthTag(raw.subarray(12, 28));
    try {
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    } catch (e) {
      throw new ReceiverVaultError('收货人密文校验失败（密钥不对或内容被改动）', { cause: e });
    }
  }
  const sealJson = (value: unknown) => sealBytes(JSON.stringify(value));
  const openJson = (sealed: string): unknown => JSON.parse(openBytes(sealed).toString('utf8'));
  return {
    currentId: ring.currentId,
    rotating: ring.keys.size > 1,
    seal: (r) => sealJson({ name: r.name, phone: r.phone, address: r.address }),
    open(sealed) {
      const r = openJson(sealed) as PlainReceiver;
      return { name: r.name, phone: r.phone, address: r.address };
    },
    sealJson,
    openJson,
    sealBytes,
    openBytes,
    receiverKey(r) {
      const norm = [r.name, r.phone, r.province, r.city, r.district, r.address].map((s) => s.trim());
      return createHmac('sha256', macKey).update(JSON.stringify(norm)).digest('base64url');
    },
    isStale: (sealed) => !sealed.startsWith(`${ring.currentId}.`),
  };
}
