import { describe, expect, it } from 'vitest';
import type { BarcodeItem, GlyphRun, ImageItem, QrCodeItem } from './display-list.ts';
import { CODE128_QUIET_MODULES, layoutPage, QR_QUIET_MODULES } from './layout.ts';
import type { Page } from './model.ts';
import { LONG_ADDRESS, tinyPngDataUrl } from './test-support/fixtures.ts';

const DOT_203 = 25.4 / 203;

const samplePage = (): Page => ({
  widthMm: 60,
  heightMm: 40,
  elements: [
    { kind: 'text', x: 1, y: 1, width: 58, height: 10, text: LONG_ADDRESS, fontSize: 7.5, maxLines: 2, padding: 1 },
    { kind: 'barcode', x: 1, y: 12, width: 40, height: 12, value: '202405120001', symbology: 'code128', showText: true },
    { kind: 'qrcode', x: 42, y: 12, size: 16, value: '取货码 202405120001' },
    { kind: 'image', x: 1, y: 30, width: 10, height: 5, src: tinyPngDataUrl(8, 8) },
    { kind: 'line', x1: 0, y1: 29, x2: 60, y2: 29, dashed: true },
  ],
});

const modulesOf = (b: BarcodeItem) => Math.round(b.box[2] / b.moduleMm);

describe('layoutPage', () => {
  it('is deterministic: the same input gives byte-identical display lists', () => {
    const a = JSON.stringify(layoutPage(samplePage()));
    const b = JSON.stringify(layoutPage(samplePage()));
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThan(1000);
  });

  it('breaks and truncates text inside the padded box', () => {
    const runs = layoutPage(samplePage()).items.filter((i): i is GlyphRun => i.type === 'text' && i.box[1] < 11);
    expect(runs).toHaveLength(2);
    expect(runs[1]!.text.endsWith('…')).toBe(true);
    const lineH = ((7.5 * 25.4) / 72) * 1.2;
    expect(runs[1]!.y - runs[0]!.y).toBeCloseTo(lineH, 3);
    for (const r of runs) {
      expect(r.box[0]).toBeCloseTo(2, 6); // x + padding
      expect(r.x + r.width).toBeLessThanOrEqual(59 + 1e-6);
    }
  });

  it('aligns lines within the content box', () => {
    const el = { kind: 'text' as const, x: 0, y: 0, width: 40, height: 5, text: '居中', fontSize: 10 };
    const [c] = layoutPage({ widthMm: 40, heightMm: 5, elements: [{ ...el, align: 'center' }] }).items as GlyphRun[];
    const [r] = layoutPage({ widthMm: 40, heightMm: 5, elements: [{ ...el, align: 'right' }] }).items as GlyphRun[];
    expect(c!.x + c!.width / 2).toBeCloseTo(20, 6);
    expect(r!.x + r!.width).toBeCloseTo(40, 6);
  });

  it('encodes digits with Code 128 set C: 101 modules for 12 digits against 167 in set A', () => {
    const auto = layoutPage(samplePage()).items.find((i): i is BarcodeItem => i.type === 'barcode')!;
    expect(modulesOf(auto)).toBe(101);
    const a = layoutPage({
      widthMm: 60,
      heightMm: 20,
      elements: [{ kind: 'barcode', x: 0, y: 0, width: 60, height: 10, value: '202405120001', symbology: 'code128a' }],
    }).items[0] as BarcodeItem;
    expect(modulesOf(a)).toBe(167);
  });

  it('snaps modules to whole printer dots and keeps the full quiet zone when it can', () => {
    const b = layoutPage(samplePage()).items.find((i): i is BarcodeItem => i.type === 'barcode')!;
    expect(b.moduleMm / DOT_203).toBeCloseTo(Math.round(b.moduleMm / DOT_203), 3);
    expect(b.moduleMm).toBeCloseTo(2 * DOT_203, 4); // 40 mm / 121 modules = 0.33 → 2 dots
    expect(b.box[0] - 1).toBeGreaterThanOrEqual(CODE128_QUIET_MODULES * b.moduleMm - DOT_203);
    expect(41 - (b.box[0] + b.box[2])).toBeGreaterThanOrEqual(CODE128_QUIET_MODULES * b.moduleMm - DOT_203);
    // Bars are solid rectangles exactly as tall as the bar area.
    for (const [, y, w, h] of b.bars) {
      expect(y).toBe(12);
      expect(h).toBe(b.box[3]);
      expect(w / b.moduleMm).toBeCloseTo(Math.round(w / b.moduleMm), 3);
    }
  });

  it('snaps to the dot size of the given dpi', () => {
    const b = layoutPage(samplePage(), { dpi: 300 }).items.find((i): i is BarcodeItem => i.type === 'barcode')!;
    const dot = 25.4 / 300;
    expect(b.moduleMm / dot).toBeCloseTo(Math.round(b.moduleMm / dot), 3);
  });

  it('prints the human-readable code centred under the bars', () => {
    const page = layoutPage(samplePage());
    const b = page.items.find((i): i is BarcodeItem => i.type === 'barcode')!;
    const t = page.items.find((i): i is GlyphRun => i.type === 'text' && i.text === '202405120001')!;
    expect(t.y).toBeGreaterThan(b.box[1] + b.box[3]);
    expect(t.x + t.width / 2).toBeCloseTo(21, 3);
  });

  it('lays a QR out square with a 4-module quiet zone inside its element', () => {
    const q = layoutPage(samplePage()).items.find((i): i is QrCodeItem => i.type === 'qrcode')!;
    const n = Math.round(q.box[2] / q.moduleMm);
    expect(n).toBe(Math.round(q.box[3] / q.moduleMm));
    expect((n - 17) % 4).toBe(0); // a real QR version: 21, 25, 29 … modules
    expect(q.box[0] - 42).toBeGreaterThanOrEqual(QR_QUIET_MODULES * q.moduleMm - DOT_203);
    expect(58 - (q.box[0] + q.box[2])).toBeGreaterThanOrEqual(QR_QUIET_MODULES * q.moduleMm - DOT_203);
    // The three finder patterns make the first row start with 7 dark modules.
    const firstRow = q.modules.filter((m) => m[1] === q.box[1]);
    expect(firstRow[0]![2]).toBeCloseTo(7 * q.moduleMm, 3);
  });

  it('fits images into their box keeping the aspect ratio', () => {
    const img = layoutPage(samplePage()).items.find((i): i is ImageItem => i.type === 'image')!;
    expect(img.box).toEqual([3.5, 30, 5, 5]);
  });

  it('rejects what Code 128 set A cannot carry', () => {
    expect(() =>
      layoutPage({
        widthMm: 60,
        heightMm: 20,
        elements: [{ kind: 'barcode', x: 0, y: 0, width: 60, height: 10, value: 'abc', symbology: 'code128a' }],
      }),
    ).toThrow(/code128a/);
  });
});
