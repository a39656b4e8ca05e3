/**
 * AWS Signature Version 4 for S3 requests (the Authorization header), with node:crypto only: no S3
 * client is installed, and PUT/GET/DELETE of one object is all the store needs. Checked against
 * AWS's published example (test/storage.test.ts).
 */
import { createHash, createHmac } from 'node:crypto';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as S3 wants it: every byte but unreserved characters, '/' kept in paths. */
export function s3Encode(s: string, keepSlash: boolean): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, keepSlash ? '/' : '%2F');
}

/** 20130524T000000Z */
export const amzDate = (d: Date) => d.toISOString().replace(/[:-]|\.\d{3}/g, '');

/**
 * The headers to send (given ones plus host, x-amz-date, x-amz-content-sha256 and Authorization).
 * Every given header is signed.
 */
export function signS3Request(
  req: { method: string; url: URL; headers?: Record<string, string>; payloadHash: string },
  creds: S3Credentials,
  now = new Date(),
): Record<string, string> {
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v.trim();
  headers.host = req.url.host;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = req.payloadHash;
  const names = Object.keys(headers).sort();
  const query = [...req.url.searchParams.entries()]
    .map(([k, v]) => `${s3Encode(k, false)}=${s3Encode(v, false)}`)
    .sort()
    .join('&');
  const canonical = [
    req.method,
    s3Encode(decodeURIComponent(req.url.pathname), true),
    query,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    req.payloadHash,
  ].join('\n');
  const scope = `${day}/${creds.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`;
  return headers;
}
