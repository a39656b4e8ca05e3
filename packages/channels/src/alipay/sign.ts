/**
 * The Alipay open-platform signing rules (shared/research/protocols.md §10), on node:crypto.
 * Request: every param except `sign`, sorted by key (ASCII), `k=v` joined with `&`, raw values
 * (not URL-encoded), RSA2 = SHA256withRSA, Base64. Notify / return: the same without `sign_type`.
 * Empty values are left out on both sides, as Alipay's own Java SDK does (getSignContent).
 */
import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject, X509Certificate } from 'node:crypto';

export type AlipayParams = Record<string, string | undefined>;

/** The exact string that is signed: sorted keys, empty values and the excluded keys left out. */
export function signContent(params: AlipayParams, exclude: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** Env vars often carry PEMs with literal "\n"; the Alipay console hands out bare Base64 keys. */
function unescapePem(text: string): string {
  return text.replace(/\\n/g, '\n').trim();
}

/** The app's private key from PKCS#8 or PKCS#1 PEM, or the bare Base64 body the Alipay console shows. */
export function loadPrivateKey(key: string | KeyObject): KeyObject {
  if (typeof key !== 'string') return key;
  const text = unescapePem(key);
  if (text.includes('-----BEGIN')) return createPrivateKey(text);
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** Alipay's public key from SPKI / PKCS#1 PEM, bare Base64, or the public-key certificate (cert mode). */
export function loadPublicKey(key: string | KeyObject): KeyObject {
  if (typeof key !== 'string') return key;
  const text = unescapePem(key);
  if (text.includes('-----BEGIN CERTIFICATE')) return new X509Certificate(text).publicKey;
  if (text.includes('-----BEGIN')) return createPublicKey(text);
  return createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
}

/** RSA2 (SHA256withRSA) signature of `content`, Base64. */
export function rsa2Sign(content: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

/** Checks an RSA2 Base64 signature; a malformed signature is simply "not valid". */
export function rsa2Verify(content: string, sign: string, publicKey: KeyObject): boolean {
  if (!sign) return false;
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, sign, 'base64');
  } catch {
    return false;
  }
}

/** Signs request params: returns a copy with `sign` set (sign_type must already be in params). */
export function signParams<T extends AlipayParams>(params: T, privateKey: KeyObject): T & { sign: string } {
  return { ...params, sign: rsa2Sign(signContent(params, ['sign']), privateKey) };
}

/** Verifies a notify or return_url callback: `sign` and `sign_type` are not part of the signed content. */
export function verifyCallbackParams(params: AlipayParams, publicKey: KeyObject): boolean {
  return rsa2Verify(signContent(params, ['sign', 'sign_type']), params.sign ?? '', publicKey);
}

/** Signs callback params the way Alipay does (without sign and sign_type) — used by the emulator. */
export function signCallbackParams<T extends AlipayParams>(params: T, privateKey: KeyObject): T & { sign: string } {
  return { ...params, sign: rsa2Sign(signContent(params, ['sign', 'sign_type']), privateKey) };
}

/** Alipay's timestamp format, always in China time (UTC+8) whatever the server's zone. */
export function alipayTimestamp(date: Date): string {
  const d = new Date(date.getTime() + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** Parses 'YYYY-MM-DD HH:mm:ss' as China time; null when malformed. */
export function parseAlipayTimestamp(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}
