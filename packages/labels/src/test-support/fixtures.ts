/** Shared checks and sample values for layout tests. */
import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { DisplayPage, GlyphRun } from '../display-list.ts';

export const LONG_ADDRESS =
  '浙江省杭州市余杭区五常街道文一西路969号阿里巴巴西溪园区8号楼3层左手边第二个门进去再右转到底的仓库收发室王师傅收（请务必提前电话联系，谢谢！）';
export const LONG_PRODUCT = '女装一号档 A-1023 2024夏季新款韩版宽松显瘦百搭中长款碎花雪纺连衣裙女学生气质法式复古小众设计感';

export const runs = (p: DisplayPage): GlyphRun[] => p.items.filter((i): i is GlyphRun => i.type === 'text');
/** All text of a page, lines joined without separators. */
export const textOf = (p: DisplayPage): string =>
  runs(p)
    .map((r) => r.text)
    .join('');

/** Every primitive lies on the page, and every text run fits its line box. */
export function expectInsidePage(p: DisplayPage): void {
  const eps = 1e-3;
  const inside = (x: number, y: number, w: number, h: number) => {
    expect(x).toBeGreaterThanOrEqual(-eps);
    expect(y).toBeGreaterThanOrEqual(-eps);
    expect(x + w).toBeLessThanOrEqual(p.widthMm + eps);
    expect(y + h).toBeLessThanOrEqual(p.heightMm + eps);
  };
  for (const it of p.items) {
    switch (it.type) {
      case 'text': {
        const [bx, by, bw, bh] = it.box;
        inside(bx, by, bw, bh);
        expect(it.width).toBeLessThanOrEqual(bw + eps);
        expect(it.x).toBeGreaterThanOrEqual(bx - eps);
        break;
      }
      case 'barcode':
      case 'qrcode':
      case 'image':
        inside(...it.box);
        break;
      case 'line':
        inside(Math.min(it.x1, it.x2), Math.min(it.y1, it.y2), Math.abs(it.x2 - it.x1), Math.abs(it.y2 - it.y1));
        break;
    }
  }
}

/** No two text line boxes overlap (fields were stacked, not drawn over each other). */
export function expectNoTextOverlap(p: DisplayPage): void {
  const boxes = runs(p).map((r) => r.box);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [ax, ay, aw, ah] = boxes[i]!;
      const [bx, by, bw, bh] = boxes[j]!;
      const overlap = ax < bx + bw - 1e-3 && bx < ax + aw - 1e-3 && ay < by + bh - 1e-3 && by < ay + ah - 1e-3;
      expect(overlap, `${runs(p)[i]!.text} overlaps ${runs(p)[j]!.text}`).toBe(false);
    }
  }
}

/** A w × h PNG data URL (solid black square with a white inner square), built by hand. */
export function tinyPngDataUrl(w = 8, h = 8): string {
  // Built by hand so the tests need no image library.
  const raw = Buffer.alloc((w + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const edge = x === 0 || y === 0 || x === w - 1 || y === h - 1;
      raw[y * (w + 1) + 1 + x] = edge ? 0 : 255;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A typical pick-up tag item, shared by the layout and renderer tests. */
export const SAMPLE_PICKUP_ITEM = {
  EXPRESS_NAME: '中通快递',
  SHOP_ORDER_GOODS_TYPE: '多件',
  ARTICLE_SIZE_NUM: '女装一号档 A-1023 黑色/XL ×2',
  SHOP_ORDER_PRODUCT_NUM: '共3件',
  PRINT_TIME: '05-12 10:30',
  TAKE_CODE: '202405120001',
  POSITION_NO: 'A-08',
  SHOP_ORDER_NO: '3712345678901234',
} as const;
