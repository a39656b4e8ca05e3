import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { layoutPage } from '../layout.ts';
import type { Page } from '../model.ts';
import { tinyPngDataUrl } from '../test-support/fixtures.ts';
import { renderSvg, renderSvgPage } from './svg.ts';

const page: Page = {
  widthMm: 60,
  heightMm: 40,
  elements: [
    { kind: 'text', x: 1, y: 1, width: 58, height: 10, text: '<收件人> & "张三" 的\'包裹\'', fontSize: 9, bold: true, align: 'center' },
    { kind: 'barcode', x: 1, y: 12, width: 40, height: 12, value: '202405120001', symbology: 'code128', showText: true },
    { kind: 'qrcode', x: 42, y: 12, size: 16, value: '取货码' },
    { kind: 'image', x: 1, y: 30, width: 5, height: 5, src: tinyPngDataUrl() },
    { kind: 'line', x1: 0, y1: 29, x2: 60, y2: 29, dashed: true },
  ],
};
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

describe('renderSvg', () => {
  it('is well-formed XML with a viewBox equal to the page size in mm', () => {
    const svg = renderSvgPage(layoutPage(page));
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = parser.parse(svg).svg;
    expect(doc.viewBox).toBe('0 0 60 40');
    expect(doc.width).toBe('60mm');
    expect(doc.height).toBe('40mm');
  });

  it('escapes text and pins each run to its measured width with a CJK font fallback list', () => {
    const svg = renderSvgPage(layoutPage(page));
    expect(svg).toContain(`&lt;收件人&gt; &amp; &quot;张三&quot; 的'包裹'`);
    expect(svg).toMatch(/font-family="'Noto Sans SC',[^"]*'Microsoft YaHei'[^"]*sans-serif"/);
    expect(svg).toMatch(/<text [^>]*font-weight="bold" textLength="[\d.]+" lengthAdjust="spacingAndGlyphs">/);
    expect(svg).toContain('stroke-dasharray="1 0.6"');
    expect(svg).toContain('<image ');
  });

  it('draws every bar and QR run of the display list', () => {
    const dl = layoutPage(page);
    const svg = renderSvgPage(dl);
    const rects = (svg.match(/M[\d.]+ [\d.]+h/g) ?? []).length;
    const expected = dl.items.reduce((n, i) => n + (i.type === 'barcode' ? i.bars.length : i.type === 'qrcode' ? i.modules.length : 0), 0);
    expect(rects).toBe(expected);
  });

  it('applies the calibration offset as a translation', () => {
    expect(renderSvgPage(layoutPage(page), { offsetXMm: 1.5, offsetYMm: -0.5 })).toContain('transform="translate(1.5 -0.5)"');
  });

  it('stacks several pages, each a nested svg whose viewBox is its page size', () => {
    const svg = renderSvg([layoutPage(page), layoutPage(page)]);
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = parser.parse(svg).svg;
    expect(doc.viewBox).toBe('0 0 60 82');
    expect(doc.svg).toHaveLength(2);
    expect(doc.svg.map((s: { viewBox: string; y: string }) => [s.viewBox, s.y])).toEqual([
      ['0 0 60 40', '0'],
      ['0 0 60 40', '42'],
    ]);
  });
});
