/**
 * The emulator's item pictures: a small PNG per item, one flat colour taken from the item's id, so
 * the same item always shows the same picture and pages have a real image to load and preview.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Where the emulator's HTTP server answers pictures: `${url}${PICTURE_PREFIX}/<item>.png`. */
export const PICTURE_PREFIX = '/pic';
const SIZE = 64;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A SIZE×SIZE PNG: the item's colour with a lighter band, so a thumbnail is not a blank square. */
export function itemPicture(itemId: string): Buffer {
  const [r = 0, g = 0, b = 0] = createHash('sha256').update(itemId).digest();
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour RGB
  const rows: number[] = [];
  for (let y = 0; y < SIZE; y++) {
    rows.push(0); // no filter
    const band = y > SIZE * 0.6 && y < SIZE * 0.8;
    for (let x = 0; x < SIZE; x++) rows.push(...(band ? [(r + 255) >> 1, (g + 255) >> 1, (b + 255) >> 1] : [r, g, b]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The item id of a picture path (`/pic/<item>.png`), or undefined when it is not one. */
export function pictureItemOf(pathname: string): string | undefined {
  const m = /^\/pic\/([\w-]{1,64})\.png$/.exec(pathname);
  return m?.[1];
}
