/**
 * The tag designer's model, free of React and Fabric so it can be tested without a canvas.
 *
 * The template (`@dropship/labels/template`) is the one source of truth. The pick-up part is drawn
 * from `originCanvasData.elements` (what the label prints); the return part from the ticked
 * entries of `datas.return.tagElements` at their palette geometry (what `returnTagPage` prints).
 * Both become `DesignBox`es for the canvas, and every edit is a pure function template → template.
 * Lengths are canvas px: the label at 96 dpi, so 60 × 40 mm is 226.77 × 151.18 px.
 */
import {
  type CanvasElement,
  defaultPickupTagTemplate,
  type PickupTagTemplate,
  pickupTagTemplateSchema,
  TAG_DEFAULTS,
  type TagElement,
  type TagKey,
} from '@dropship/labels/template';

export type TagPart = 'pickup' | 'return';
export type TextAlign = 'left' | 'center' | 'right';

const MM_PER_INCH = 25.4;
const CSS_DPI = 96;
export const mmToPx = (mm: number): number => (mm * CSS_DPI) / MM_PER_INCH;
export const pxToMm = (px: number): number => (px * MM_PER_INCH) / CSS_DPI;
const round2 = (v: number): number => Math.round(v * 100) / 100;

/** The canvas size of a template in px (60 × 40 mm → 226.77 × 151.18). */
export function canvasSize(t: Pick<PickupTagTemplate, 'width' | 'height'>): { width: number; height: number } {
  return { width: round2(mmToPx(t.width)), height: round2(mmToPx(t.height)) };
}

/** One object on the designer canvas. `id` is the canvas element id (pick-up) or the field key (return). */
export interface DesignBox {
  id: string;
  key: TagKey | undefined;
  label: string;
  kind: 'text' | 'barcode' | 'qrcode';
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
  fontSize: number;
  bold: boolean;
  align: TextAlign;
  isWrap: boolean;
  maxLines: number;
}

export interface Geometry {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StylePatch {
  fontSize?: number;
  bold?: boolean;
  isWrap?: boolean;
  maxLines?: number;
  align?: TextAlign;
}

/** The saved template JSON if it is a valid template, else the built-in default. */
export function parseTemplate(json: unknown): PickupTagTemplate {
  const r = pickupTagTemplateSchema.safeParse(json);
  return r.success ? r.data : defaultPickupTagTemplate();
}

/** The palette entry a key belongs to: its own key or one of its radio children. */
export function paletteEntryOf(t: PickupTagTemplate, part: TagPart, key: string | undefined): TagElement | undefined {
  if (!key) return undefined;
  return t.datas[part].tagElements.find((e) => e.key === key || e.children?.some((c) => c.key === key));
}

const keysOf = (e: TagElement): string[] => [e.key, ...(e.children ?? []).map((c) => c.key)];

const isBold = (w: string | number | undefined): boolean => (typeof w === 'number' ? w >= 600 : w === 'bold' || w === 'bolder' || Number(w) >= 600);

const mockTextOf = (e: TagElement, key: string): string => e.children?.find((c) => c.key === key)?.mockValue ?? e.mockValue;

/** What the canvas draws for the selected part. */
export function boxesOf(t: PickupTagTemplate, part: TagPart): DesignBox[] {
  if (part === 'return') {
    return t.datas.return.tagElements
      .filter((e) => e.checked)
      .map((e) => ({
        id: e.key,
        key: e.key,
        label: e.label,
        kind: 'text',
        x: e.x,
        y: e.y,
        width: e.width,
        height: e.height,
        text: mockTextOf(e, e.selectedChild ?? e.key),
        fontSize: e.fontSize,
        bold: e.fontSize >= TAG_DEFAULTS.largeFontSize,
        align: 'left',
        isWrap: e.isWrap,
        maxLines: e.maxLines,
      }));
  }
  return t.originCanvasData.elements
    .map((el, i) => ({ el, i }))
    .filter(({ el }) => el.visible !== false)
    .sort((a, b) => (a.el.zIndex ?? 0) - (b.el.zIndex ?? 0) || a.i - b.i)
    .map(({ el }) => {
      const entry = paletteEntryOf(t, 'pickup', el.key);
      const common = { id: el.id, key: el.key, label: entry?.label ?? '文字', x: el.x, y: el.y, width: el.width, height: el.height };
      if (el.type === 'barcode') {
        const qr = el.codeType === 'QRCODE';
        return {
          ...common,
          kind: qr ? 'qrcode' : 'barcode',
          text: el.data,
          fontSize: TAG_DEFAULTS.fontSize,
          bold: false,
          align: 'center',
          isWrap: false,
          maxLines: 1,
        };
      }
      return {
        ...common,
        kind: 'text',
        text: el.text,
        fontSize: el.fontSize,
        bold: isBold(el.fontWeight),
        align: el.textAlign === 'center' || el.textAlign === 'right' ? el.textAlign : 'left',
        isWrap: el.isWrap ?? true,
        maxLines: el.maxLines ?? TAG_DEFAULTS.maxLines,
      } satisfies DesignBox;
    });
}

const nextId = (t: PickupTagTemplate): string => {
  const used = new Set(t.originCanvasData.elements.map((e) => e.id));
  let n = t.originCanvasData.elements.length + 1;
  while (used.has(`el-${n}`)) n++;
  return `el-${n}`;
};

const topZ = (t: PickupTagTemplate): number => t.originCanvasData.elements.reduce((z, e) => Math.max(z, e.zIndex ?? 0), 0);

/** A canvas object for a palette field (the selected child of a radio), at the field's geometry. */
export function canvasElementFor(entry: TagElement, id: string, zIndex: number, keep?: Geometry): CanvasElement {
  const key = entry.selectedChild ?? entry.key;
  const base = { id, x: entry.x, y: entry.y, width: entry.width, height: entry.height, ...keep, visible: true, locked: false, zIndex, key };
  if (key === 'TAKE_CODE' || key === 'TAKE_CODE_QR') {
    const bar = key === 'TAKE_CODE';
    return {
      ...base,
      type: 'barcode',
      data: mockTextOf(entry, key),
      showText: bar,
      textPosition: bar ? 'bottom' : 'none',
      codeType: bar ? 'CODE128B' : 'QRCODE',
    };
  }
  return {
    ...base,
    type: 'text',
    text: mockTextOf(entry, key),
    fontSize: entry.fontSize,
    fontFamily: 'Noto Sans SC',
    fontWeight: entry.fontSize >= TAG_DEFAULTS.largeFontSize ? 'bold' : 'normal',
    fontStyle: 'normal',
    fill: '#000000',
    textAlign: 'left',
    lineHeight: TAG_DEFAULTS.lineHeight,
    isWrap: entry.isWrap,
    maxLines: entry.maxLines,
    padding: TAG_DEFAULTS.padding,
    stroke: null,
    strokeWidth: 0,
    splitByGrapheme: false,
  };
}

/** Fields that are a page setting, not an object on the canvas. */
const NOT_ON_CANVAS = new Set<string>(['PRINT_STALL_SEPARATOR']);

/** Ticks or unticks a palette field; on the pick-up part this adds or removes its canvas object. */
export function setChecked(t0: PickupTagTemplate, part: TagPart, key: string, checked: boolean): PickupTagTemplate {
  const t = structuredClone(t0);
  const entry = paletteEntryOf(t, part, key);
  if (!entry) return t0;
  entry.checked = checked;
  if (part === 'return' || NOT_ON_CANVAS.has(entry.key)) return t;
  const keys = keysOf(entry);
  const els = t.originCanvasData.elements;
  const present = els.some((e) => e.key && keys.includes(e.key));
  if (checked && !present) els.push(canvasElementFor(entry, nextId(t), topZ(t) + 1));
  if (!checked) t.originCanvasData.elements = els.filter((e) => !(e.key && keys.includes(e.key)));
  return t;
}

/** Picks a radio child (barcode vs QR, with or without the stall name); the canvas object keeps its place. */
export function selectChild(t0: PickupTagTemplate, part: TagPart, key: string, childKey: TagKey): PickupTagTemplate {
  const t = structuredClone(t0);
  const entry = paletteEntryOf(t, part, key);
  if (!entry?.children?.some((c) => c.key === childKey)) return t0;
  entry.selectedChild = childKey;
  if (part === 'return') return t;
  const keys = keysOf(entry);
  t.originCanvasData.elements = t.originCanvasData.elements.map((el) => {
    if (!el.key || !keys.includes(el.key)) return el;
    const next = canvasElementFor(entry, el.id, el.zIndex ?? 0, { x: el.x, y: el.y, width: el.width, height: el.height });
    // A text keeps its styling when only the wording changes (with/without the stall name).
    if (next.type === 'text' && el.type === 'text') return { ...el, key: next.key, text: next.text };
    return next;
  });
  return t;
}

/** The typed text of an input_text field (and of its canvas object). */
export function setFieldText(t0: PickupTagTemplate, part: TagPart, key: string, text: string): PickupTagTemplate {
  const t = structuredClone(t0);
  const entry = paletteEntryOf(t, part, key);
  if (!entry) return t0;
  entry.mockValue = text;
  if (part === 'pickup') for (const el of t.originCanvasData.elements) if (el.type === 'text' && el.key === entry.key) el.text = text;
  return t;
}

/** Keeps a box inside the canvas and at least 4 px in each direction. */
export function clampGeometry(g: Geometry, size: { width: number; height: number }): Geometry {
  const width = round2(Math.min(Math.max(g.width, 4), size.width));
  const height = round2(Math.min(Math.max(g.height, 4), size.height));
  return {
    x: round2(Math.min(Math.max(g.x, 0), size.width - width)),
    y: round2(Math.min(Math.max(g.y, 0), size.height - height)),
    width,
    height,
  };
}

/** A drag or resize on the canvas. The palette entry follows, so unticking and ticking again keeps the place. */
export function setGeometry(t0: PickupTagTemplate, part: TagPart, id: string, g: Geometry): PickupTagTemplate {
  const t = structuredClone(t0);
  const geo = clampGeometry(g, canvasSize(t));
  if (part === 'return') {
    const entry = t.datas.return.tagElements.find((e) => e.key === id);
    if (!entry) return t0;
    Object.assign(entry, geo);
    return t;
  }
  const el = t.originCanvasData.elements.find((e) => e.id === id);
  if (!el) return t0;
  Object.assign(el, geo);
  const entry = paletteEntryOf(t, 'pickup', el.key);
  if (entry) Object.assign(entry, geo);
  return t;
}

/** Font size, bold, wrap, max lines and alignment of a text; the return part has only size, wrap and lines. */
export function setStyle(t0: PickupTagTemplate, part: TagPart, id: string, patch: StylePatch): PickupTagTemplate {
  const t = structuredClone(t0);
  const entry = part === 'return' ? t.datas.return.tagElements.find((e) => e.key === id) : undefined;
  const el = part === 'pickup' ? t.originCanvasData.elements.find((e) => e.id === id) : undefined;
  const palette = entry ?? paletteEntryOf(t, 'pickup', el?.key);
  if (el && el.type !== 'text') return t0;
  if (!entry && !el) return t0;
  if (el?.type === 'text') {
    if (patch.fontSize !== undefined) el.fontSize = patch.fontSize;
    if (patch.bold !== undefined) el.fontWeight = patch.bold ? 'bold' : 'normal';
    if (patch.isWrap !== undefined) el.isWrap = patch.isWrap;
    if (patch.maxLines !== undefined) el.maxLines = patch.maxLines;
    if (patch.align !== undefined) el.textAlign = patch.align;
  }
  if (palette) {
    if (patch.fontSize !== undefined) palette.fontSize = patch.fontSize;
    if (patch.isWrap !== undefined) palette.isWrap = patch.isWrap;
    if (patch.maxLines !== undefined) palette.maxLines = patch.maxLines;
  }
  return t;
}

/**
 * A pick-up tag data item filled with every field's mock value: the renderer never prints mock
 * values by itself, so the preview passes them as the item's data.
 */
export function mockItem(t: PickupTagTemplate, part: TagPart): Record<string, string> {
  const item: Record<string, string> = {};
  for (const e of t.datas[part].tagElements) {
    if (NOT_ON_CANVAS.has(e.key)) continue;
    item[e.key] = e.mockValue;
    for (const c of e.children ?? []) item[c.key] = c.mockValue;
  }
  return item;
}
