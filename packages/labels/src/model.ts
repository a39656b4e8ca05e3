/**
 * The label layout model: what a label layout function produces and the layout step consumes.
 * Every coordinate and length is in millimetres from the page's top-left corner; font sizes are in
 * points because that is how print people (and C-Lodop's FontSize) talk about type.
 */

export type TextAlign = 'left' | 'center' | 'right';

export interface TextElement {
  kind: 'text';
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
  /** Points. */
  fontSize: number;
  bold?: boolean;
  align?: TextAlign;
  /** Default true. When false the text stays on one line and is cut with an ellipsis. */
  wrap?: boolean;
  /** Lines beyond this are dropped and the last kept line ends with "…". Also capped by height. */
  maxLines?: number;
  /** Multiple of the font size. Default 1.2. */
  lineHeight?: number;
  /** Inset on all four sides, mm. Default 0. */
  padding?: number;
  /**
   * Break between any two characters, Latin words included (the designer's splitByGrapheme).
   * By default Latin words are kept whole when they fit on a line.
   */
  breakAnywhere?: boolean;
}

export type LinearSymbology = 'code128' | 'code128a';

export interface BarcodeElement {
  kind: 'barcode';
  x: number;
  y: number;
  /** Includes the quiet zones (10 modules each side), which the layout keeps blank. */
  width: number;
  /** Bars plus, with showText, the human-readable line under them. */
  height: number;
  value: string;
  /**
   * code128 lets the encoder switch code sets and use set C (two digits per symbol) for digit
   * runs; code128a forces set A (upper case, digits, control characters).
   */
  symbology: LinearSymbology;
  showText?: boolean;
  /** Human-readable text size in points. Default 8. */
  textSize?: number;
}

export type QrEcLevel = 'L' | 'M' | 'Q' | 'H';

export interface QrCodeElement {
  kind: 'qrcode';
  x: number;
  y: number;
  /** Side of the square, including the 4-module quiet zone. */
  size: number;
  /** Encoded as UTF-8 bytes. */
  value: string;
  /** Default M. */
  ecLevel?: QrEcLevel;
}

export interface ImageElement {
  kind: 'image';
  x: number;
  y: number;
  width: number;
  height: number;
  /** data:image/png;base64,… or data:image/jpeg;base64,… Scaled to fit the box, aspect kept. */
  src: string;
}

export interface LineElement {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  dashed?: boolean;
  /** Stroke width. Default 0.2 mm. */
  widthMm?: number;
}

export type LabelElement = TextElement | BarcodeElement | QrCodeElement | ImageElement | LineElement;

export interface Page {
  widthMm: number;
  heightMm: number;
  elements: LabelElement[];
}

export const DEFAULT_LINE_HEIGHT = 1.2;
export const DEFAULT_BARCODE_TEXT_PT = 8;
export const DEFAULT_LINE_WIDTH_MM = 0.2;
export const ELLIPSIS = '…';
