/**
 * Aliyun RPC signature, version 1.0 (HMAC-SHA1), as Dysmsapi (SMS) 2017-05-25 uses it:
 * percent-encode every key and value (RFC 3986: only A-Z a-z 0-9 - _ . ~ stay), sort by key,
 * join `k=v` with `&`, then StringToSign = METHOD & %2F & percentEncode(that). The key is the
 * AccessKey secret followed by `&`; the Base64 digest goes into `Signature`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SmsParams = Record<string, string>;

/** RFC 3986 encoding as Aliyun's SDKs do it (URLEncoder + the `+`, `*`, `%7E` fixes). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Sorted, encoded `k=v&…` of every param except `Signature`. */
export function canonicalQuery(params: SmsParams): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: SmsParams): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function signRpc(method: 'GET' | 'POST', params: SmsParams, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params), 'utf8').digest('base64');
}

/** Constant-time check of a request's `Signature`. */
export function verifyRpc(method: 'GET' | 'POST', params: SmsParams, accessKeySecret: string): boolean {
  const want = Buffer.from(signRpc(method, params, accessKeySecret));
  const got = Buffer.from(params.Signature ?? '');
  return want.length === got.length && timingSafeEqual(want, got);
}

/** ISO 8601 in UTC without milliseconds (2017-07-12T02:42:19Z), as the API requires. */
export function aliyunTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
