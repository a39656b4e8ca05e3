/**
 * Whether bytes are an image we keep: the type from its first bytes (a name or a claimed type proves
 * nothing), its header read to the width and height, and the file's structure walked far enough to
 * know it is whole (PNG ends with IEND, a JPEG reaches its scan, a GIF ends with its trailer, a
 * WebP's RIFF size matches). Too large in bytes or pixels is refused before anything is stored.
 */
import { ErrorCode } from '@dropship/contract';
import { AppError } from '../app-error.js';

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
export interface ImageInfo {
  mime: ImageMime;
  width: number;
  height: number;
}

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Wider or taller than this is refused: a small file can claim a huge canvas (a decompression bomb). */
export const IMAGE_MAX_SIDE = 8000;

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type its first bytes say, or null. */
export function sniffImage(b: Buffer): ImageMime | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIG)) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return 'image/gif';
  return null;
}

function png(b: Buffer): [number, number] | null {
  if (b.length < 45 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  // Walk the chunks to IEND: a cut-off upload never reaches it.
  let off = 8;
  while (off + 12 <= b.length) {
    const len = b.readUInt32BE(off);
    const type = b.toString('latin1', off + 4, off + 8);
    off += 12 + len;
    if (type === 'IEND') return off === b.length ? [b.readUInt32BE(16), b.readUInt32BE(20)] : null;
  }
  return null;
}

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(b: Buffer): [number, number] | null {
  let off = 2;
  let size: [number, number] | null = null;
  while (off + 4 <= b.length) {
    if (b[off] !== 0xff) return null;
    const marker = b[off + 1] as number;
    if (marker === 0xff) {
      off += 1;
      continue;
    }
    const len = b.readUInt16BE(off + 2);
    if (len < 2 || off + 2 + len > b.length) return null;
    if (SOF.has(marker) && len >= 7) size = [b.readUInt16BE(off + 7), b.readUInt16BE(off + 5)];
    // The scan data follows SOS: reaching it with a frame header read is a JPEG we can show.
    if (marker === 0xda) return size && off + 2 + len < b.length ? size : null;
    off += 2 + len;
  }
  return null;
}

function gif(b: Buffer): [number, number] | null {
  if (b.length < 14 || b[b.length - 1] !== 0x3b) return null;
  return [b.readUInt16LE(6), b.readUInt16LE(8)];
}

function webp(b: Buffer): [number, number] | null {
  if (b.length < 30 || b.readUInt32LE(4) + 8 !== b.length + (b.length % 2)) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return [b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff];
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const [b0, b1, b2, b3] = [b.readUInt8(21), b.readUInt8(22), b.readUInt8(23), b.readUInt8(24)];
    return [1 + (((b1 & 0x3f) << 8) | b0), 1 + (((b3 & 0xf) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6))];
  }
  if (chunk === 'VP8X') return [1 + b.readUIntLE(24, 3), 1 + b.readUIntLE(27, 3)];
  return null;
}

const READERS: Record<ImageMime, (b: Buffer) => [number, number] | null> = { 'image/png': png, 'image/jpeg': jpeg, 'image/gif': gif, 'image/webp': webp };

/** The image's type and size, or an AppError in Chinese saying why it is refused. */
export function checkImage(bytes: Buffer, limits: { maxBytes?: number; maxSide?: number } = {}): ImageInfo {
  const maxBytes = limits.maxBytes ?? IMAGE_MAX_BYTES;
  const maxSide = limits.maxSide ?? IMAGE_MAX_SIDE;
  if (bytes.length > maxBytes) {
    throw new AppError(ErrorCode.STORAGE_IMAGE_TOO_LARGE, `图片不能超过${+(maxBytes / 1024 / 1024).toFixed(1)}MB，请压缩后重新上传`);
  }
  const mime = sniffImage(bytes);
  if (!mime) throw new AppError(ErrorCode.STORAGE_NOT_IMAGE);
  let size: [number, number] | null = null;
  try {
    size = READERS[mime](bytes);
  } catch {
    // A read past the end of a cut-off file: the same answer as any other broken image.
    size = null;
  }
  if (!size || size[0] < 1 || size[1] < 1) throw new AppError(ErrorCode.STORAGE_IMAGE_BROKEN);
  if (size[0] > maxSide || size[1] > maxSide) throw new AppError(ErrorCode.STORAGE_IMAGE_DIMENSIONS, `图片宽高不能超过${maxSide}像素，请缩小后重新上传`);
  return { mime, width: size[0], height: size[1] };
}

/** A data URL or bare base64 (what the pages send) → bytes; anything that is not base64 is not an image. */
export function decodeBase64Image(image: string): Buffer {
  const b64 = image.replace(/^data:[\w/+.-]*;base64,/, '').replace(/\s+/g, '');
  if (b64.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw new AppError(ErrorCode.STORAGE_NOT_IMAGE);
  return Buffer.from(b64, 'base64');
}
