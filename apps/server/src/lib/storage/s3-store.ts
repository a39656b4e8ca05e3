/**
 * An S3-compatible bucket (AWS S3, MinIO, OSS/COS in S3 mode) through path-style URLs
 * (endpoint/bucket/key), which every S3-compatible store answers. The file's type travels as the
 * object's Content-Type; the key's extension says the same.
 */
import { Readable } from 'node:stream';
import { type S3Credentials, s3Encode, sha256Hex, signS3Request } from './sigv4.js';
import { mimeOfKey, newKey, type Storage } from './storage.js';

export interface S3Config extends S3Credentials {
  endpoint: string;
  bucket: string;
}

const TIMEOUT_MS = 20_000;

export function s3Store(cfg: S3Config): Storage {
  const base = cfg.endpoint.replace(/\/+$/, '');
  const urlOf = (key: string) => new URL(`${base}/${s3Encode(cfg.bucket, false)}/${s3Encode(key, true)}`);
  async function call(method: string, key: string, body?: Buffer, headers: Record<string, string> = {}) {
    const url = urlOf(key);
    const signed = signS3Request({ method, url, headers, payloadHash: sha256Hex(body ?? '') }, cfg);
    delete signed.host;
    return fetch(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(TIMEOUT_MS) });
  }
  const fail = async (what: string, res: Response) => new Error(`S3 ${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return {
    async put(owner, kind, bytes, mime) {
      const key = newKey(owner, kind, mime);
      const res = await call('PUT', key, bytes, { 'content-type': mime, 'content-length': String(bytes.length) });
      if (!res.ok) throw await fail('PUT', res);
      await res.arrayBuffer();
      return key;
    },
    async get(key) {
      const res = await call('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok || !res.body) throw await fail('GET', res);
      const size = Number(res.headers.get('content-length') ?? 0);
      return { stream: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), mime: res.headers.get('content-type') || mimeOfKey(key), size };
    },
    async delete(key) {
      const res = await call('DELETE', key);
      // S3 answers 204 for a deleted object and for one that never existed.
      if (!res.ok && res.status !== 404) throw await fail('DELETE', res);
      await res.arrayBuffer();
    },
  };
}
