import { describe, expect, it } from 'vitest';
import { layoutPage, layoutPages } from '../layout.ts';
import { pickupTagItemSchema, pickupTagPage } from '../layouts/pickup-tag.ts';
import { defaultPickupTagTemplate } from '../layouts/pickup-tag-template.ts';
import { SAMPLE_PICKUP_ITEM, tinyPngDataUrl } from '../test-support/fixtures.ts';
import { type LodopStep, renderLodop } from './lodop.ts';

const item = pickupTagItemSchema.parse({ ...SAMPLE_PICKUP_ITEM });

const style = (name: string, value: string | number): LodopStep => ({ fn: 'SET_PRINT_STYLEA', args: [0, name, value] });

describe('renderLodop', () => {
  it('emits the expected steps for one default pick-up tag', () => {
    const pages = layoutPages([pickupTagPage(defaultPickupTagTemplate(), item)]);
    const steps = renderLodop(pages, { offsetXMm: 1, offsetYMm: -0.5, taskName: '拿货标签' });
    // Canvas px survive the mm round trip: text boxes sit at canvas x/y + 4 px padding.
    const expected: LodopStep[] = [
      { fn: 'PRINT_INITA', args: [-1.89, 3.78, 226.77, 151.18, '拿货标签'] },
      { fn: 'SET_PRINT_PAGESIZE', args: [1, 600, 400, 'CreateCustomPage'] },
      { fn: 'ADD_PRINT_TEXT', args: [6, 8, 142, 19.2, '中通快递'] },
      style('FontSize', 12),
      style('Bold', 1),
      style('Alignment', 1),
      { fn: 'ADD_PRINT_TEXT', args: [6, 164, 54.77, 19.2, '多件'] },
      style('FontSize', 12),
      style('Bold', 1),
      style('Alignment', 3),
      { fn: 'ADD_PRINT_TEXT', args: [34, 8, 210.77, 12, '女装一号档 A-1023 黑色/XL ×2'] },
      style('FontSize', 7.5),
      style('Alignment', 1),
      { fn: 'ADD_PRINT_TEXT', args: [66, 8, 82, 12, '共3件'] },
      style('FontSize', 7.5),
      style('Alignment', 1),
      { fn: 'ADD_PRINT_TEXT', args: [66, 114, 104.77, 12, '05-12 10:30'] },
      style('FontSize', 7.5),
      style('Alignment', 3),
      // 101 modules × 2 dots at 203 dpi, centred in the 150 px element and snapped to a dot.
      { fn: 'ADD_PRINT_BARCODE', args: [82, 31.21, 95.53, 34.67, '128Auto', '202405120001'] },
      style('ShowBarText', 0),
      { fn: 'ADD_PRINT_TEXT', args: [116.67, 4, 150, 13.33, '202405120001'] },
      style('FontSize', 8),
      style('Alignment', 2),
      { fn: 'ADD_PRINT_TEXT', args: [90, 160, 58.77, 12, 'A-08'] },
      style('FontSize', 7.5),
      style('Bold', 1),
      style('Alignment', 2),
      { fn: 'ADD_PRINT_TEXT', args: [134, 8, 210.77, 12, '3712345678901234'] },
      style('FontSize', 7.5),
      style('Alignment', 1),
    ];
    expect(steps).toEqual(expected);
  });

  it('separates pages with NEWPAGEA and sends 128A, QR, lines and images', () => {
    const a = layoutPage({
      widthMm: 40,
      heightMm: 70,
      elements: [
        { kind: 'barcode', x: 0, y: 0, width: 40, height: 10, value: 'AB12', symbology: 'code128a' },
        { kind: 'line', x1: 0, y1: 20, x2: 40, y2: 20, dashed: true, widthMm: 0.3 },
      ],
    });
    const b = layoutPage({
      widthMm: 40,
      heightMm: 70,
      elements: [
        { kind: 'qrcode', x: 0, y: 0, size: 20, value: '售后SU1' },
        { kind: 'image', x: 0, y: 30, width: 5, height: 5, src: tinyPngDataUrl() },
      ],
    });
    const steps = renderLodop([a, b]);
    expect(steps.map((s) => s.fn)).toEqual([
      'PRINT_INITA',
      'SET_PRINT_PAGESIZE',
      'ADD_PRINT_BARCODE',
      'SET_PRINT_STYLEA',
      'ADD_PRINT_LINE',
      'NEWPAGEA',
      'ADD_PRINT_BARCODE',
      'SET_PRINT_STYLEA',
      'ADD_PRINT_IMAGE',
      'SET_PRINT_STYLEA',
    ]);
    expect(steps[1]!.args).toEqual([1, 400, 700, 'CreateCustomPage']);
    expect(steps[2]!.args[4]).toBe('128A');
    expect(steps[4]!.args).toEqual([75.59, 0, 75.59, 151.18, 1, 1]);
    expect(steps[6]!.args.slice(4)).toEqual(['QRCode', '售后SU1']);
    expect(steps[7]!.args).toEqual([0, 'QRCodeErrorLevel', 'M']);
    expect(String(steps[8]!.args[4])).toMatch(/^<img src="data:image\/png;base64,/);
    expect(steps[9]!.args).toEqual([0, 'Stretch', 2]);
  });

  it('returns no steps for no pages', () => {
    expect(renderLodop([])).toEqual([]);
  });
});
