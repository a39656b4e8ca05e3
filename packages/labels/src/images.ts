/**
 * Data-URL images (wash-care symbols on certificates, logos). The layout needs each image's pixel
 * size to fit it into its box with the aspect ratio kept; reading the PNG or JPEG header here keeps
 * that decision in the display list instead of in each renderer.
 */

export interface ImageInfo {
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  bytes: Uint8Array;
}

const DATA_URL = /^data:(image\/(?:png|jpeg|jpg));base64,([A-Za-z0-9+/=\s]+)$/;

export function parseImageDataUrl(src: string): ImageInfo {
  const m = DATA_URL.exec(src);
  if (!m) throw new Error('image src must be a base64 data URL of a PNG or JPEG');
  const mime = m[1] === 'image/png' ? 'image/png' : 'image/jpeg';
  const bytes = Uint8Array.from(Buffer.from(m[2]!, 'base64'));
  const size = mime === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  return { mime, ...size, bytes };
}

function pngSize(b: Uint8Array): { width: number; height: number } {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || sig.some((v, i) => b[i] !== v)) throw new Error('not a PNG');
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: dv.getUint32(16), height: dv.getUint32(20) };
}

function jpegSize(b: Uint8Array): { width: number; height: number } {
  if (b[0] !== 0xff || b[1] !== 0xd8) throw new Error('not a JPEG');
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) throw new Error('corrupt JPEG');
    const marker = b[i + 1]!;
    const len = dv.getUint16(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: dv.getUint16(i + 5), width: dv.getUint16(i + 7) };
    }
    i += 2 + len;
  }
  throw new Error('JPEG without a frame header');
}
