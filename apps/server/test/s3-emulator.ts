/**
 * A small S3-speaking emulator for the storage tests: PUT, GET and DELETE of objects in path-style
 * URLs on 127.0.0.1, each request's SigV4 Authorization recomputed from what arrived (method, path,
 * the signed headers, the body's hash), so a wrong signature or a body that does not match its
 * x-amz-content-sha256 is refused as S3 would (403).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signS3Request } from '../src/lib/storage/index.js';

export interface S3Emulator {
  endpoint: string;
  objects: Map<string, { body: Buffer; type: string }>;
  requests: string[];
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

function amzDateToDate(s: string): Date {
  return new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
}

export async function startS3Emulator(creds: { accessKeyId: string; secretAccessKey: string; region: string; bucket: string }): Promise<S3Emulator> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    requests.push(`${req.method} ${url.pathname}`);
    const auth = String(req.headers.authorization ?? '');
    const signedNames = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    const hash = String(req.headers['x-amz-content-sha256'] ?? '');
    const given: Record<string, string> = {};
    for (const n of signedNames) if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(n)) given[n] = String(req.headers[n] ?? '');
    const expected = signS3Request(
      { method: req.method ?? 'GET', url, headers: given, payloadHash: hash },
      creds,
      amzDateToDate(String(req.headers['x-amz-date'])),
    );
    const bodyHash = createHash('sha256').update(body).digest('hex');
    if (!auth.includes(`Credential=${creds.accessKeyId}/`) || expected.authorization !== auth || bodyHash !== hash) {
      res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucket !== creds.bucket) {
      res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
      return;
    }
    if (req.method === 'PUT') {
      objects.set(key, { body, type: String(req.headers['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    } else if (req.method === 'GET') {
      const o = objects.get(key);
      if (!o) res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
      else res.writeHead(200, { 'content-type': o.type, 'content-length': String(o.body.length) }).end(o.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
