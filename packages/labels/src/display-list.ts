/**
 * The display list: absolute, pre-broken, pre-encoded primitives in mm. Every renderer (SVG, PDF,
 * C-Lodop) draws from this and nothing else, so the preview, the PDF and the print agree on where
 * each line breaks and where each bar goes. It is plain JSON, so tests can compare it byte for byte.
 */
import type { LinearSymbology, QrEcLevel, TextAlign } from './model.ts';

/** [x, y, width, height] in mm. Tuples keep a 1,000-label list small. */
export type RectMm = [number, number, number, number];

export interface GlyphRun {
  type: 'text';
  text: string;
  /** Left end of the run's baseline. */
  x: number;
  /** Baseline. */
  y: number;
  /** Em size in mm (pt × 25.4 / 72). */
  sizeMm: number;
  bold: boolean;
  /** Advance width measured with the embedded font; the SVG preview pins the run to it. */
  width: number;
  /**
   * The line box the run was placed in: the element's content width by one line height. C-Lodop
   * draws with Windows fonts whose widths differ, so it gets the box and the alignment rather than
   * the measured x.
   */
  box: RectMm;
  align: TextAlign;
}

export interface BarcodeItem {
  type: 'barcode';
  symbology: LinearSymbology;
  value: string;
  /** The bars' bounding box, quiet zones excluded. */
  box: RectMm;
  moduleMm: number;
  bars: RectMm[];
}

export interface QrCodeItem {
  type: 'qrcode';
  value: string;
  ecLevel: QrEcLevel;
  /** The symbol's bounding box, quiet zone excluded. */
  box: RectMm;
  moduleMm: number;
  /** Dark modules, merged into horizontal runs. */
  modules: RectMm[];
}

export interface ImageItem {
  type: 'image';
  box: RectMm;
  src: string;
}

export interface LineItem {
  type: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  widthMm: number;
  dashed: boolean;
}

export type DisplayItem = GlyphRun | BarcodeItem | QrCodeItem | ImageItem | LineItem;

export interface DisplayPage {
  widthMm: number;
  heightMm: number;
  items: DisplayItem[];
}

/** Per-workstation print calibration, applied by every renderer. */
export interface RenderOffset {
  offsetXMm?: number;
  offsetYMm?: number;
}

/** Dash pattern for dashed lines, mm on / mm off. */
export const DASH_MM: readonly [number, number] = [1, 0.6];
