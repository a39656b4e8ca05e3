/**
 * The file store: files under a directory and an S3-compatible bucket (the emulator in
 * s3-emulator.ts checks every request's signature) answer put/get/delete alike; the SigV4 signer
 * against AWS's published example; images checked by their bytes, size and header.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@dropship/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { AppError } from '../src/lib/app-error.js';
import { checkImage, createStorage, fileStore, type Storage, s3Store, signS3Request } from '../src/lib/storage/index.js';
import { gif, jpeg, png, webp } from './image-fixtures.js';
import { type S3Emulator, startS3Emulator } from './s3-emulator.js';

const creds = { accessKeyId: 'TESTKEY', secretAccessKey: 'test/secret+key', region: 'us-east-1', bucket: 'files' };
let dir: string;
let s3: S3Emulator;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  s3 = await startS3Emulator(creds);
});
afterAll(async () => {
  await s3?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function roundTrip(store: Storage) {
  const bytes = png(4, 3);
  const key = await store.put(7, 'work-order', bytes, 'image/png');
  expect(key).toMatch(/^7\/work-order\/\d{6}\/[0-9a-f]{32}\.png$/);
  const got = await store.get(key);
  expect(got?.mime).toBe('image/png');
  expect(got?.size).toBe(bytes.length);
  const chunks: Buffer[] = [];
  for await (const c of got?.stream ?? []) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  const pub = await store.put('public', 'help-article', gif(), 'image/gif');
  expect(pub).toMatch(/^public\/help-article\//);
  await store.delete(key);
  expect(await store.get(key)).toBeNull();
  await store.delete(key); // a second delete is not an error
  return pub;
}

describe('storage', () => {
  it('files under a directory: put, get, delete; keys cannot climb out', async () => {
    const store = fileStore(dir);
    const pub = await roundTrip(store);
    expect(await readdir(path.join(dir, 'public', 'help-article'))).toHaveLength(1);
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.get(pub.replace('.gif', '.png'))).toBeNull();
    await expect(store.put(0, 'x', png(), 'image/png')).rejects.toThrow();
    await expect(store.put(1, '../up', png(), 'image/png')).rejects.toThrow();
  });

  it('an S3-compatible bucket through the emulator: signed PUT, GET, DELETE', async () => {
    const store = s3Store({ ...creds, endpoint: s3.endpoint });
    await roundTrip(store);
    expect(s3.requests.map((r) => r.split(' ')[0])).toEqual(['PUT', 'GET', 'PUT', 'DELETE', 'GET', 'DELETE']);
    expect([...s3.objects.values()].map((o) => o.type)).toEqual(['image/gif']);
    const wrong = s3Store({ ...creds, secretAccessKey: 'wrong', endpoint: s3.endpoint });
    await expect(wrong.put(1, 'work-order', png(), 'image/png')).rejects.toThrow(/403/);
  });

  it('configuration: DATA_DIR/storage by default (also with DATABASE_URL), S3 when named, half an S3 setting refused', async () => {
    expect(loadConfig({ DATA_DIR: '/srv/d' }).storage).toEqual({ dir: '/srv/d/storage' });
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).storage.dir).toBe(path.resolve('./data/storage'));
    const cfg = loadConfig({
      STORAGE_S3_ENDPOINT: s3.endpoint,
      STORAGE_S3_BUCKET: creds.bucket,
      STORAGE_S3_ACCESS_KEY_ID: creds.accessKeyId,
      STORAGE_S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
    });
    const key = await createStorage(cfg).put(3, 'work-order', webp(), 'image/webp');
    expect(s3.objects.has(key)).toBe(true);
    expect(() => loadConfig({ STORAGE_S3_ENDPOINT: s3.endpoint })).toThrow(/STORAGE_S3_BUCKET/);
  });

  it("SigV4 matches AWS's published GET Object example", () => {
    const h = signS3Request(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { range: 'bytes=0-9' },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(h.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('checkImage', () => {
  const refused = (b: Buffer, limits?: { maxBytes?: number; maxSide?: number }) => {
    try {
      checkImage(b, limits);
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      return { code: (e as AppError).errorCode, message: (e as AppError).message };
    }
    throw new Error('accepted');
  };

  it('reads type and size of PNG, JPEG, WebP and GIF', () => {
    expect(checkImage(png(5, 4))).toEqual({ mime: 'image/png', width: 5, height: 4 });
    expect(checkImage(jpeg(30, 20))).toEqual({ mime: 'image/jpeg', width: 30, height: 20 });
    expect(checkImage(webp())).toEqual({ mime: 'image/webp', width: 1, height: 1 });
    expect(checkImage(gif())).toEqual({ mime: 'image/gif', width: 1, height: 1 });
  });

  it('refuses what is not an image, a cut-off file, too many bytes and too many pixels, in Chinese', () => {
    expect(refused(Buffer.from('%PDF-1.4 hello')).code).toBe(ErrorCode.STORAGE_NOT_IMAGE);
    expect(refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')).code).toBe(ErrorCode.STORAGE_NOT_IMAGE);
    const p = png(3, 3);
    expect(refused(p.subarray(0, p.length - 6)).code).toBe(ErrorCode.STORAGE_IMAGE_BROKEN);
    const j = jpeg();
    expect(refused(j.subarray(0, 12)).code).toBe(ErrorCode.STORAGE_IMAGE_BROKEN);
    expect(refused(webp().subarray(0, 20)).code).toBe(ErrorCode.STORAGE_IMAGE_BROKEN);
    expect(refused(gif().subarray(0, 30)).code).toBe(ErrorCode.STORAGE_IMAGE_BROKEN);
    const big = refused(p, { maxBytes: 50 });
    expect(big).toEqual({ code: ErrorCode.STORAGE_IMAGE_TOO_LARGE, message: expect.stringMatching(/图片不能超过.*MB/) });
    const wide = png(3, 3);
    wide.writeUInt32BE(9000, 16);
    expect(refused(wide).code).toBe(ErrorCode.STORAGE_IMAGE_DIMENSIONS);
    expect(refused(jpeg(0, 5)).code).toBe(ErrorCode.STORAGE_IMAGE_BROKEN);
  });
});
