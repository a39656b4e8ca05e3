/**
 * The PDF checked by independent readers: poppler rasterises it at 300 dpi and ZXing-C++ decodes
 * every barcode and QR code; pdftotext must give back the Chinese text (no missing glyphs) and
 * pdffonts must show embedded subsets. Needs Debian's poppler-utils; fails (never skips) without.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BarcodeItem, DisplayPage, QrCodeItem } from '../display-list.ts';
import { layoutPages } from '../layout.ts';
import { afterSaleLabel } from '../layouts/after-sale.ts';
import { type PickupTagItem, pickupTagPage } from '../layouts/pickup-tag.ts';
import { defaultPickupTagTemplate } from '../layouts/pickup-tag-template.ts';
import { returnStorageLabel, returnStorageSchema } from '../layouts/return-storage.ts';
import type { Page } from '../model.ts';
import { type Decoded, decodePng } from '../test-support/decode.ts';
import { pdfFonts, pdfInfo, pdfText, rasterize } from '../test-support/poppler.ts';
import { createPdfStream, renderPdf } from './pdf.ts';

const DPI = 300;
const CHINESE_QR = '女装一号档 A-1023 黑色/XL ×2 取货码：202405120001';

const sourcePages: Page[] = [
  pickupTagPage(defaultPickupTagTemplate(), {
    EXPRESS_NAME: '中通快递',
    SHOP_ORDER_GOODS_TYPE: '多件',
    ARTICLE_SIZE_NUM: '女装一号档 A-1023 黑色/XL ×2',
    TAKE_CODE: '202405120001',
    POSITION_NO: 'A-08',
    SHOP_ORDER_NO: '3712345678901234',
  } as PickupTagItem),
  ...afterSaleLabel({ qrContent: 'SU2405120001', orderNo: 'DF202405120001234', sortingCode: 'S-03', spec: '黑色/XL' }),
  ...returnStorageLabel(
    returnStorageSchema.parse({
      text: '退货入库',
      dropshipOrderNo: 'DF1',
      manufacturerAddress: '广州市白云区石井镇某某服装厂',
      qrCode: CHINESE_QR,
      returnCode: 'TH-1',
      inboundNo: 'RK2405120001',
    }),
  ),
  {
    widthMm: 60,
    heightMm: 40,
    elements: [
      { kind: 'barcode', x: 2, y: 2, width: 56, height: 14, value: 'ABC-123/XYZ', symbology: 'code128a', showText: true },
      { kind: 'barcode', x: 2, y: 20, width: 56, height: 14, value: 'Mixed-case 42', symbology: 'code128', showText: true },
    ],
  },
];

const symbolsOf = (p: DisplayPage) => p.items.filter((i): i is BarcodeItem | QrCodeItem => i.type === 'barcode' || i.type === 'qrcode');

let pages: DisplayPage[];
let pdf: Buffer;
let decoded: Decoded[][];

beforeAll(async () => {
  pages = layoutPages(sourcePages);
  pdf = await renderPdf(pages, { creationDate: new Date('2025-01-01T00:00:00Z') });
  decoded = await Promise.all(rasterize(pdf, DPI).map((png) => decodePng(png, DPI)));
});

describe('PDF barcodes', () => {
  it('decodes every barcode and QR to its input, at its place', () => {
    expect(decoded).toHaveLength(pages.length);
    pages.forEach((page, i) => {
      const expected = symbolsOf(page)
        .map((s) => ({ format: s.type === 'qrcode' ? 'QRCode' : 'Code128', text: s.value, x: s.box[0], y: s.box[1] }))
        .sort((a, b) => a.y - b.y || a.x - b.x);
      const got = decoded[i]!;
      expect(
        got.map((d) => [d.format, d.text]),
        `page ${i + 1}`,
      ).toEqual(expected.map((e) => [e.format, e.text]));
      got.forEach((d, k) => {
        expect(Math.abs(d.xMm - expected[k]!.x)).toBeLessThan(1);
        expect(Math.abs(d.yMm - expected[k]!.y)).toBeLessThan(1);
      });
    });
  });

  it('reads the Chinese UTF-8 QR content exactly, without a charset hint', () => {
    expect(decoded[2]!.find((d) => d.format === 'QRCode')!.text).toBe(CHINESE_QR);
  });

  it('moves everything by the calibration offset', async () => {
    const shifted = await renderPdf([pages[0]!], { offsetXMm: 3, offsetYMm: 2 });
    const [d] = await decodePng(rasterize(shifted, DPI)[0]!, DPI);
    const [orig] = decoded[0]!;
    expect(d!.text).toBe('202405120001');
    expect(d!.xMm - orig!.xMm).toBeCloseTo(3, 0);
    expect(d!.yMm - orig!.yMm).toBeCloseTo(2, 0);
  });
});

describe('PDF text and fonts', () => {
  it('gives back the Chinese text through pdftotext (no missing glyphs)', () => {
    const text = pdfText(pdf).replace(/\s/g, '');
    for (const s of ['中通快递', '女装一号档A-1023黑色/XL×2', '分拣码', 'S-03', '订单号：', '退货入库', '厂家地址：广州市白云区石井镇某某服装厂', '入库单号']) {
      expect(text).toContain(s.replace(/\s/g, ''));
    }
  });

  it('embeds subsets of the Noto Sans Hans faces and nothing else', () => {
    const rows = pdfFonts(pdf)
      .split('\n')
      .slice(2)
      .filter((l) => l.trim());
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(row).toMatch(/^[A-Z]{6}\+NotoSansHans-(Regular|Bold)\s+CID Type 0C\s+Identity-H\s+yes\s+yes\s+yes/);
    }
  });

  it('sizes every page exactly to its label in points', () => {
    const sizes = [...pdfInfo(pdf).matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [m[1], m[2]]);
    expect(sizes).toEqual([
      ['170.079', '113.386'],
      ['113.386', '198.425'],
      ['113.386', '198.425'],
      ['170.079', '113.386'],
    ]);
  });

  it('keeps the file small: subsets, not whole 8 MB fonts', () => {
    expect(pdf.length).toBeLessThan(120_000);
  });
});

describe('createPdfStream', () => {
  it('streams the same document in chunks', async () => {
    const chunks: Buffer[] = [];
    const opts = { creationDate: new Date('2025-01-01T00:00:00Z') };
    for await (const c of createPdfStream(pages, opts)) chunks.push(c as Buffer);
    const streamed = Buffer.concat(chunks);
    expect(streamed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(streamed.length).toBeGreaterThan(0);
    expect(Math.abs(streamed.length - pdf.length)).toBeLessThan(200); // only the random /ID differs
  });

  it('refuses an empty job instead of writing an unreadable PDF', () => {
    expect(() => createPdfStream([])).toThrow(RangeError);
  });
});
