/**
 * Pick-up tags (拿货标签): a template (pickup-tag-template.ts) plus one data item per tag, keyed
 * by the template's element keys, → one page of template.width × template.height mm.
 *
 * Canvas px become mm as px × 25.4 / 96 and font px become points as px × 0.75 (the canvas is
 * drawn 1:1 at 96 dpi). Mock texts are designer previews and never print: a keyed field prints
 * the item's value, or nothing; an input_text field (typed by the user) prints its own text unless
 * the item overrides it; an unkeyed canvas text is fixed decoration and prints as is.
 */
import { z } from 'zod';
import type { LabelElement, Page, TextAlign } from '../model.ts';
import { pxToMm, pxToPt } from '../units.ts';
import {
  type CanvasBarcodeElement,
  type CanvasElement,
  type CanvasTextElement,
  PICKUP_TAG_KEYS,
  type PickupTagKey,
  type PickupTagTemplate,
  TAG_DEFAULTS,
  type TagElement,
} from './pickup-tag-template.ts';

const value = z
  .union([z.string().max(300), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? undefined : String(v)));

const itemFields = Object.fromEntries([...PICKUP_TAG_KEYS, 'artno'].map((k) => [k, value])) as Record<PickupTagKey | 'artno', typeof value>;

/** A pick-up tag item: element keys → text, plus the stall used to group separator pages. */
export const pickupTagItemSchema = z.object({
  ...itemFields,
  /** Stall (档口) the goods are picked from; consecutive items of one stall form a group. */
  stallName: z.string().max(60).nullish(),
});
export type PickupTagItem = z.infer<typeof pickupTagItemSchema>;

const mm = pxToMm;

function fontIsBold(w: string | number | undefined): boolean {
  if (w === undefined) return false;
  if (typeof w === 'number') return w >= 600;
  return w === 'bold' || w === 'bolder' || Number(w) >= 600;
}

const toAlign = (a: CanvasTextElement['textAlign']): TextAlign => (a === 'center' || a === 'right' ? a : 'left');

function paletteEntry(t: PickupTagTemplate, key: string | undefined): TagElement | undefined {
  if (!key) return undefined;
  const all = [...t.datas.pickup.tagElements, ...t.datas.return.tagElements];
  return all.find((e) => e.key === key || e.children?.some((c) => c.key === key));
}

function textValue(t: PickupTagTemplate, el: CanvasTextElement, item: PickupTagItem): string {
  if (!el.key) return el.text;
  const v = item[el.key as keyof PickupTagItem];
  if (typeof v === 'string') return v;
  return paletteEntry(t, el.key)?.type === 'input_text' ? el.text : '';
}

function canvasText(el: CanvasTextElement, text: string): LabelElement {
  return {
    kind: 'text',
    x: mm(el.x),
    y: mm(el.y),
    width: mm(el.width),
    height: mm(el.height),
    text,
    fontSize: pxToPt(el.fontSize),
    bold: fontIsBold(el.fontWeight),
    align: toAlign(el.textAlign),
    wrap: el.isWrap ?? true,
    maxLines: el.maxLines ?? TAG_DEFAULTS.maxLines,
    lineHeight: el.lineHeight ?? TAG_DEFAULTS.lineHeight,
    padding: mm(el.padding ?? TAG_DEFAULTS.padding),
    breakAnywhere: el.splitByGrapheme ?? false,
  };
}

function canvasBarcode(el: CanvasBarcodeElement, item: PickupTagItem): LabelElement | undefined {
  const v = el.key ? item[el.key as keyof PickupTagItem] : el.data;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  if (el.codeType === 'QRCODE') {
    const side = Math.min(el.width, el.height);
    return {
      kind: 'qrcode',
      x: mm(el.x + (el.width - side) / 2),
      y: mm(el.y + (el.height - side) / 2),
      size: mm(side),
      value: v.trim(),
    };
  }
  // CODE128B in the template prints as Code 128 auto: see canvasBarcodeSchema.codeType.
  return {
    kind: 'barcode',
    x: mm(el.x),
    y: mm(el.y),
    width: mm(el.width),
    height: mm(el.height),
    value: v.trim(),
    symbology: 'code128',
    showText: (el.showText ?? true) && el.textPosition !== 'none',
  };
}

function canvasElement(t: PickupTagTemplate, el: CanvasElement, item: PickupTagItem): LabelElement | undefined {
  if (el.type === 'barcode') return canvasBarcode(el, item);
  const text = textValue(t, el, item);
  return text.trim() === '' ? undefined : canvasText(el, text);
}

/** One pick-up tag from the template's canvas. */
export function pickupTagPage(t: PickupTagTemplate, item: PickupTagItem): Page {
  const ordered = t.originCanvasData.elements
    .map((el, i) => ({ el, i }))
    .filter(({ el }) => el.visible !== false)
    .sort((a, b) => (a.el.zIndex ?? 0) - (b.el.zIndex ?? 0) || a.i - b.i);
  const elements: LabelElement[] = [];
  for (const { el } of ordered) {
    const e = canvasElement(t, el, item);
    if (e) elements.push(e);
  }
  return { widthMm: t.width, heightMm: t.height, elements };
}

/** A return tag: the ticked fields of datas.return at their palette geometry. */
export function returnTagPage(t: PickupTagTemplate, item: PickupTagItem): Page {
  const elements: LabelElement[] = [];
  for (const e of t.datas.return.tagElements) {
    if (!e.checked) continue;
    const key = e.selectedChild ?? e.key;
    const v = item[key as keyof PickupTagItem];
    const text = typeof v === 'string' ? v : e.type === 'input_text' ? e.mockValue : '';
    if (text.trim() === '') continue;
    elements.push({
      kind: 'text',
      x: mm(e.x),
      y: mm(e.y),
      width: mm(e.width),
      height: mm(e.height),
      text,
      fontSize: pxToPt(e.fontSize),
      bold: e.fontSize >= TAG_DEFAULTS.largeFontSize,
      wrap: e.isWrap,
      maxLines: e.maxLines,
      lineHeight: TAG_DEFAULTS.lineHeight,
      padding: mm(TAG_DEFAULTS.padding),
    });
  }
  return { widthMm: t.width, heightMm: t.height, elements };
}

/**
 * The page printed between two stalls' tags (PRINT_STALL_SEPARATOR), so the picker can tear the
 * roll into one bundle per stall. It names the stall that follows and how many tags it has.
 */
export function stallSeparatorPage(t: PickupTagTemplate, stallName: string, count: number): Page {
  const w = t.width;
  const h = t.height;
  const m = 2;
  return {
    widthMm: w,
    heightMm: h,
    elements: [
      { kind: 'line', x1: m, y1: m, x2: w - m, y2: m, dashed: true, widthMm: 0.3 },
      { kind: 'text', x: m, y: h * 0.12, width: w - 2 * m, height: 5, text: '档口分隔', fontSize: 9, align: 'center', maxLines: 1 },
      {
        kind: 'text',
        x: m,
        y: h * 0.3,
        width: w - 2 * m,
        height: 13,
        text: stallName.trim() || '未知档口',
        fontSize: 16,
        bold: true,
        align: 'center',
        maxLines: 2,
        breakAnywhere: true,
      },
      { kind: 'text', x: m, y: h * 0.68, width: w - 2 * m, height: 5, text: `共 ${count} 张`, fontSize: 10, align: 'center', maxLines: 1 },
      { kind: 'line', x1: m, y1: h - m, x2: w - m, y2: h - m, dashed: true, widthMm: 0.3 },
    ],
  };
}
