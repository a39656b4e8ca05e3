/**
 * The layout step: model (mm) → display list (mm). Deterministic and pure apart from reading the
 * font once: the same page always yields the same JSON, which is what the preview, the PDF and
 * C-Lodop then draw.
 */

import { encodeCode128, encodeQr } from './barcode.ts';
import type { DisplayItem, DisplayPage, GlyphRun, RectMm } from './display-list.ts';
import { getFont } from './fonts.ts';
import { parseImageDataUrl } from './images.ts';
import {
  type BarcodeElement,
  DEFAULT_BARCODE_TEXT_PT,
  DEFAULT_LINE_HEIGHT,
  DEFAULT_LINE_WIDTH_MM,
  type ImageElement,
  type LabelElement,
  type Page,
  type QrCodeElement,
  type TextElement,
} from './model.ts';
import { type BreakResult, breakText } from './text-breaking.ts';
import { dotMm, ptToMm, r4 } from './units.ts';

export interface LayoutOptions {
  /**
   * Printer resolution. Barcode and QR modules are snapped to whole printer dots (203 dpi: 0.125 mm)
   * so every bar prints the same width (labels.md §8). Default 203.
   */
  dpi?: number;
}

/** Code 128 quiet zone: 10 modules each side (ISO/IEC 15417). */
export const CODE128_QUIET_MODULES = 10;
/**
 * When a full quiet zone would force bars one printer dot wide (which 203 dpi heads print unevenly),
 * the quiet zone may shrink to this many modules to keep 2-dot bars. Handheld scanners read
 * Code 128 reliably with 6X; a 1-dot code is the worse failure.
 */
export const CODE128_MIN_QUIET_MODULES = 6;
const MIN_MODULE_DOTS = 2;
/** QR quiet zone: 4 modules each side. */
export const QR_QUIET_MODULES = 4;
/** Line height of a barcode's human-readable text, as a multiple of its size. */
const BARCODE_TEXT_LINE = 1.25;

export function layoutPages(pages: readonly Page[], opts: LayoutOptions = {}): DisplayPage[] {
  return pages.map((p) => layoutPage(p, opts));
}

export function layoutPage(page: Page, opts: LayoutOptions = {}): DisplayPage {
  const dot = dotMm(opts.dpi ?? 203);
  const items: DisplayItem[] = [];
  for (const el of page.elements) items.push(...layoutElement(el, dot));
  return { widthMm: r4(page.widthMm), heightMm: r4(page.heightMm), items };
}

function layoutElement(el: LabelElement, dot: number): DisplayItem[] {
  switch (el.kind) {
    case 'text':
      return layoutText(el);
    case 'barcode':
      return layoutBarcode(el, dot);
    case 'qrcode':
      return [layoutQr(el, dot)];
    case 'image':
      return [layoutImage(el)];
    case 'line':
      return [
        {
          type: 'line',
          x1: r4(el.x1),
          y1: r4(el.y1),
          x2: r4(el.x2),
          y2: r4(el.y2),
          widthMm: r4(el.widthMm ?? DEFAULT_LINE_WIDTH_MM),
          dashed: el.dashed ?? false,
        },
      ];
  }
}

export interface TextMeasure extends BreakResult {
  lineHeightMm: number;
  /** Height the lines take, padding included. */
  heightMm: number;
}

/**
 * Lines of a text element as the layout will draw them. Layout functions use it to stack fields
 * by their real height (a one-line address takes one line, not its maxLines).
 */
export function measureText(el: TextElement): TextMeasure {
  const font = getFont(el.bold ? 'bold' : 'regular');
  const sizeMm = ptToMm(el.fontSize);
  const pad = el.padding ?? 0;
  const lineHeightMm = sizeMm * (el.lineHeight ?? DEFAULT_LINE_HEIGHT);
  const contentW = Math.max(0, el.width - 2 * pad);
  const contentH = Math.max(0, el.height - 2 * pad);
  // The box height caps the line count too; at least one line is always drawn.
  const byHeight = Math.max(1, Math.floor(contentH / lineHeightMm + 1e-6));
  const maxLines = Math.min(el.maxLines ?? Number.POSITIVE_INFINITY, byHeight);
  const result = breakText(font, el.text, {
    maxWidthUnits: (contentW * font.unitsPerEm) / sizeMm,
    wrap: el.wrap ?? true,
    maxLines,
    breakAnywhere: el.breakAnywhere ?? false,
  });
  return { ...result, lineHeightMm, heightMm: result.lines.length * lineHeightMm + 2 * pad };
}

function layoutText(el: TextElement): GlyphRun[] {
  if (el.text.trim() === '') return [];
  const font = getFont(el.bold ? 'bold' : 'regular');
  const sizeMm = ptToMm(el.fontSize);
  const m = measureText(el);
  const pad = el.padding ?? 0;
  const contentX = el.x + pad;
  const contentW = Math.max(0, el.width - 2 * pad);
  const align = el.align ?? 'left';
  // Centre the font's ascent+descent box in each line box, as CSS line-height does.
  const faceMm = ((font.ascent - font.descent) / font.unitsPerEm) * sizeMm;
  const ascentMm = (font.ascent / font.unitsPerEm) * sizeMm;
  const runs: GlyphRun[] = [];
  m.lines.forEach((line, i) => {
    if (line.text === '') return;
    const top = el.y + pad + i * m.lineHeightMm;
    const width = (line.widthUnits / font.unitsPerEm) * sizeMm;
    const x = align === 'left' ? contentX : align === 'center' ? contentX + (contentW - width) / 2 : contentX + contentW - width;
    runs.push({
      type: 'text',
      text: line.text,
      x: r4(x),
      y: r4(top + (m.lineHeightMm - faceMm) / 2 + ascentMm),
      sizeMm: r4(sizeMm),
      bold: el.bold ?? false,
      width: r4(width),
      box: [r4(contentX), r4(top), r4(contentW), r4(m.lineHeightMm)],
      align,
    });
  });
  return runs;
}

/**
 * Module width: the largest whole number of printer dots that fits. Below one dot the code cannot
 * be snapped at all and is fitted exactly (it is then too dense for that printer anyway).
 */
function snapModule(ideal: number, dot: number): number {
  return ideal >= dot ? Math.floor(ideal / dot + 1e-9) * dot : ideal;
}

const snapToDot = (v: number, dot: number): number => Math.round(v / dot) * dot;

function layoutBarcode(el: BarcodeElement, dot: number): DisplayItem[] {
  const pattern = encodeCode128(el.value, el.symbology);
  const textPt = el.textSize ?? DEFAULT_BARCODE_TEXT_PT;
  const textH = el.showText ? ptToMm(textPt) * BARCODE_TEXT_LINE : 0;
  const barsH = Math.max(dot, el.height - textH);
  let moduleMm = snapModule(el.width / (pattern.totalModules + 2 * CODE128_QUIET_MODULES), dot);
  if (moduleMm < MIN_MODULE_DOTS * dot - 1e-9) {
    moduleMm = Math.max(moduleMm, snapModule(el.width / (pattern.totalModules + 2 * CODE128_MIN_QUIET_MODULES), dot));
  }
  const barsW = pattern.totalModules * moduleMm;
  const x0 = snapToDot(el.x + (el.width - barsW) / 2, dot);
  const bars: RectMm[] = [];
  let x = x0;
  pattern.widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push([r4(x), r4(el.y), r4(w * moduleMm), r4(barsH)]);
    x += w * moduleMm;
  });
  const items: DisplayItem[] = [
    {
      type: 'barcode',
      symbology: el.symbology,
      value: el.value,
      box: [r4(x0), r4(el.y), r4(barsW), r4(barsH)],
      moduleMm: r4(moduleMm),
      bars,
    },
  ];
  if (el.showText) {
    items.push(
      ...layoutText({
        kind: 'text',
        x: el.x,
        y: el.y + barsH,
        width: el.width,
        height: textH,
        text: el.value,
        fontSize: textPt,
        align: 'center',
        wrap: false,
        lineHeight: BARCODE_TEXT_LINE,
      }),
    );
  }
  return items;
}

function layoutQr(el: QrCodeElement, dot: number): DisplayItem {
  const ecLevel = el.ecLevel ?? 'M';
  const m = encodeQr(el.value, ecLevel);
  const moduleMm = snapModule(el.size / (m.size + 2 * QR_QUIET_MODULES), dot);
  const side = m.size * moduleMm;
  const x0 = snapToDot(el.x + (el.size - side) / 2, dot);
  const y0 = snapToDot(el.y + (el.size - side) / 2, dot);
  const modules: RectMm[] = [];
  for (let row = 0; row < m.size; row++) {
    let col = 0;
    while (col < m.size) {
      if (!m.dark[row * m.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < m.size && m.dark[row * m.size + col]) col++;
      modules.push([r4(x0 + start * moduleMm), r4(y0 + row * moduleMm), r4((col - start) * moduleMm), r4(moduleMm)]);
    }
  }
  return {
    type: 'qrcode',
    value: el.value,
    ecLevel,
    box: [r4(x0), r4(y0), r4(side), r4(side)],
    moduleMm: r4(moduleMm),
    modules,
  };
}

function layoutImage(el: ImageElement): DisplayItem {
  const info = parseImageDataUrl(el.src);
  const scale = Math.min(el.width / info.width, el.height / info.height);
  const w = info.width * scale;
  const h = info.height * scale;
  return {
    type: 'image',
    box: [r4(el.x + (el.width - w) / 2), r4(el.y + (el.height - h) / 2), r4(w), r4(h)],
    src: el.src,
  };
}
