/**
 * Building blocks shared by the 40 × 70 mm label layouts: a top-down flow that stacks fields by
 * their measured height, so a one-line value takes one line and a long address takes its lines,
 * up to the field's maxLines and never past the flow's bottom.
 */
import { fenToYuan } from '@dropship/contract';
import { measureText } from '../layout.ts';
import { DEFAULT_LINE_HEIGHT, type LabelElement, type Page, type TextAlign, type TextElement } from '../model.ts';
import { ptToMm } from '../units.ts';

/** Label page of SPEC §9: 40 mm wide, 70 mm high (portrait, as the roll feeds). */
export const LABEL_WIDTH_MM = 40;
export const LABEL_HEIGHT_MM = 70;
export const MARGIN_MM = 2;
export const BODY_PT = 8;
export const SMALL_PT = 7;
export const LINE_HEIGHT = DEFAULT_LINE_HEIGHT;

export interface TextOptions {
  fontSize?: number;
  bold?: boolean;
  align?: TextAlign;
  maxLines?: number;
  wrap?: boolean;
  breakAnywhere?: boolean;
  /** Space after the element, mm. */
  gapAfter?: number;
}

/** True for values that should be left off the label (absent, empty, whitespace). */
export const isBlank = (v: string | number | null | undefined): boolean => v === undefined || v === null || String(v).trim() === '';

export class Flow {
  readonly elements: LabelElement[] = [];
  /** Fields that did not fit at all (the layouts' budgets are meant to keep this empty). */
  readonly dropped: string[] = [];
  y: number;

  constructor(
    readonly x: number,
    readonly width: number,
    top: number,
    public bottom: number,
  ) {
    this.y = top;
  }

  get remaining(): number {
    return this.bottom - this.y;
  }

  /** A text block as tall as its broken lines; skipped when blank. */
  text(text: string, o: TextOptions = {}): TextElement | undefined {
    if (isBlank(text)) return undefined;
    const fontSize = o.fontSize ?? BODY_PT;
    const lineH = ptToMm(fontSize) * LINE_HEIGHT;
    if (this.remaining + 1e-6 < lineH) {
      this.dropped.push(text);
      return undefined;
    }
    const el: TextElement = {
      kind: 'text',
      x: this.x,
      y: this.y,
      width: this.width,
      height: this.remaining,
      text,
      ...textStyle(fontSize, o),
      breakAnywhere: o.breakAnywhere ?? false,
    };
    el.height = measureText(el).heightMm;
    this.elements.push(el);
    this.y += el.height + (o.gapAfter ?? 0.3);
    return el;
  }

  /** "标签：值", skipped when the value is blank. */
  field(label: string, value: string | number | undefined, o: TextOptions = {}): TextElement | undefined {
    if (isBlank(value)) return undefined;
    return this.text(`${label}：${String(value).trim()}`, o);
  }

  /**
   * A Code 128 across the flow's width plus the page margins on both sides: the margins are blank
   * anyway, and a quiet zone in them leaves room for wider bars.
   */
  barcode(value: string, height: number, o: { showText?: boolean; gapAfter?: number } = {}): void {
    if (isBlank(value)) return;
    if (this.remaining + 1e-6 < height) {
      this.dropped.push(value);
      return;
    }
    this.elements.push({
      kind: 'barcode',
      x: this.x - MARGIN_MM,
      y: this.y,
      width: this.width + 2 * MARGIN_MM,
      height,
      value,
      symbology: 'code128',
      showText: o.showText ?? true,
    });
    this.y += height + (o.gapAfter ?? 0.8);
  }

  rule(dashed = false, gap = 0.8): void {
    this.elements.push({ kind: 'line', x1: this.x, y1: this.y, x2: this.x + this.width, y2: this.y, dashed, widthMm: 0.2 });
    this.y += gap;
  }

  gap(mm: number): void {
    this.y += mm;
  }
}

/** The text style every label block shares: the options given, else the labels' defaults. */
const textStyle = (fontSize: number, o: TextOptions) => ({
  fontSize,
  bold: o.bold ?? false,
  align: o.align ?? ('left' as const),
  wrap: o.wrap ?? true,
  maxLines: o.maxLines ?? 1,
  lineHeight: LINE_HEIGHT,
});

export const page = (elements: LabelElement[], widthMm = LABEL_WIDTH_MM, heightMm = LABEL_HEIGHT_MM): Page => ({
  widthMm,
  heightMm,
  elements,
});

/** A flow over the label's printable width, from the top margin to `bottom`. */
export const labelFlow = (bottom = LABEL_HEIGHT_MM - MARGIN_MM): Flow => new Flow(MARGIN_MM, LABEL_WIDTH_MM - 2 * MARGIN_MM, MARGIN_MM, bottom);

/** One line pinned to the bottom margin (print time, footers). Returns its top. */
export function bottomLine(elements: LabelElement[], text: string, o: TextOptions = {}): number {
  const fontSize = o.fontSize ?? SMALL_PT;
  const h = ptToMm(fontSize) * LINE_HEIGHT * (o.maxLines ?? 1);
  const top = LABEL_HEIGHT_MM - MARGIN_MM - h;
  if (!isBlank(text)) {
    elements.push({
      kind: 'text',
      x: MARGIN_MM,
      y: top,
      width: LABEL_WIDTH_MM - 2 * MARGIN_MM,
      height: h,
      text,
      ...textStyle(fontSize, o),
    });
  }
  return top;
}

/** ¥ with two decimals from integer fen (money is fen everywhere but on paper), the sign before the ¥: -¥0.05. */
export const formatFen = (fen: number): string => (fen < 0 ? `-¥${fenToYuan(-fen)}` : `¥${fenToYuan(fen)}`);
