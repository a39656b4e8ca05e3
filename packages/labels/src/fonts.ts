/**
 * The one CJK font used for measuring, the PDF and (by name) the SVG preview.
 *
 * Noto Sans Hans (OFL-1.1) comes from the npm package @embedpdf/fonts-sc, so `npm install` alone
 * provides it: no system font is needed on a server or in CI. It has full CJK Unified Ideographs
 * coverage (20,945), fullwidth punctuation and "…". pdfkit embeds it as a CFF subset, which
 * poppler and printers read correctly (pdf-lib's subsetting loses CJK glyphs; see
 * shared/research/labels.md).
 *
 * Shaping is switched off (PDF_TEXT_FEATURES): no kerning, no ligatures, no contextual forms.
 * A line's width is then the plain sum of its characters' advances, so line breaking is a cheap
 * addition instead of one fontkit layout per candidate line. pdfkit is handed the same fontkit
 * font with its layout() answered from the very same per-character table (pdfkitFont), so it
 * encodes exactly the glyphs and advances that were measured and does no shaping of its own.
 * Kerning is invisible at 203 dpi on a label; the saved time is not (bench/pickup-tags.bench.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as fontkit from 'fontkit';
import { onFirstUse } from './on-first-use.ts';

export type FontFace = 'regular' | 'bold';

const FILES: Record<FontFace, string> = {
  regular: 'NotoSansHans-Regular.otf',
  bold: 'NotoSansHans-Bold.otf',
};

/** CSS family list for the SVG preview: the same face first, then common CJK system fonts. */
export const SVG_FONT_FAMILY =
  "'Noto Sans SC','Noto Sans CJK SC','Noto Sans Hans','Source Han Sans SC','Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif";

/** Every feature fontkit's default shaper would apply to Latin or Han text, turned off. */
export const PDF_TEXT_FEATURES: Readonly<Record<string, boolean>> = Object.freeze(
  Object.fromEntries(
    ['rvrn', 'ltra', 'ltrm', 'frac', 'numr', 'dnom', 'ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern'].map((f) => [
      f,
      false,
    ]),
  ),
);

/** One character laid out alone, unshaped: its glyph (if any) and where the next one starts. */
interface CharRun {
  glyphs: fontkit.Glyph[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  advance: number;
}

export class LabelFont {
  readonly face: FontFace;
  readonly font: fontkit.Font;
  /** Font units per em. */
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  private readonly chars = new Map<number, CharRun>();
  private pdfkitProxy: fontkit.Font | undefined;

  constructor(face: FontFace, font: fontkit.Font) {
    this.face = face;
    this.font = font;
    this.unitsPerEm = font.unitsPerEm;
    this.ascent = font.ascent;
    this.descent = font.descent;
  }

  /** Advance width of `text` in font units, exactly as the PDF draws it. */
  widthUnits(text: string): number {
    let total = 0;
    for (const ch of text) total += this.char(ch.codePointAt(0)!).advance;
    return total;
  }

  /** Width in mm at an em size in mm. */
  widthMm(text: string, sizeMm: number): number {
    return (this.widthUnits(text) * sizeMm) / this.unitsPerEm;
  }

  /** Advance of one code point in font units. */
  codePointUnits(cp: number): number {
    return this.char(cp).advance;
  }

  /**
   * The unshaped glyph run of `text`, in fontkit's GlyphRun shape (glyphs, positions,
   * advanceWidth). Positions are fresh objects: pdfkit scales them in place.
   */
  layoutUnshaped(text: string): { glyphs: fontkit.Glyph[]; positions: CharRun['positions']; advanceWidth: number } {
    const glyphs: fontkit.Glyph[] = [];
    const positions: CharRun['positions'] = [];
    let advanceWidth = 0;
    for (const ch of text) {
      const c = this.char(ch.codePointAt(0)!);
      for (let i = 0; i < c.glyphs.length; i++) {
        glyphs.push(c.glyphs[i]!);
        positions.push({ ...c.positions[i]! });
      }
      advanceWidth += c.advance;
    }
    return { glyphs, positions, advanceWidth };
  }

  /**
   * The fontkit font for pdfkit (which accepts any object with a layout() method): everything is
   * the real font except layout(), which returns layoutUnshaped(). Measurement and drawing then
   * share one table, and pdfkit skips fontkit's shaping pipeline.
   */
  get pdfkitFont(): fontkit.Font {
    if (!this.pdfkitProxy) {
      const layout = (text: string) => this.layoutUnshaped(text);
      this.pdfkitProxy = new Proxy(this.font, {
        get: (target, prop) => (prop === 'layout' ? layout : Reflect.get(target, prop, target)),
      });
    }
    return this.pdfkitProxy;
  }

  /**
   * A character laid out alone by fontkit with shaping off, so fontkit's own special cases
   * (zero-width marks, default-ignorable characters shown as zero-width spaces, variation
   * selectors) carry over. Cached: a label font meets a few thousand distinct characters.
   */
  private char(cp: number): CharRun {
    let c = this.chars.get(cp);
    if (c === undefined) {
      const run = this.font.layout(String.fromCodePoint(cp), PDF_TEXT_FEATURES as Record<string, boolean>);
      c = {
        glyphs: run.glyphs,
        positions: run.positions.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset })),
        advance: run.advanceWidth,
      };
      this.chars.set(cp, c);
    }
    return c;
  }
}

let fontDirCache: string | undefined;

/** Folder of the font package's .otf files, found through Node's resolver (works in workspaces). */
export function fontDirectory(): string {
  if (fontDirCache === undefined) {
    const require = createRequire(import.meta.url);
    // The package exports only its JS entry (dist/index.cjs); the fonts sit in ../fonts.
    const entry = require.resolve('@embedpdf/fonts-sc');
    fontDirCache = join(dirname(entry), '..', 'fonts');
  }
  return fontDirCache;
}

const fontkitLib = onFirstUse<typeof fontkit>('fontkit');

const loaded: Partial<Record<FontFace, LabelFont>> = {};

/** Loads a face once per process (8 MB each; the bold face only when bold text is laid out). */
export function getFont(face: FontFace): LabelFont {
  let f = loaded[face];
  if (!f) {
    const file = join(fontDirectory(), FILES[face]);
    const parsed = fontkitLib().create(readFileSync(file));
    if (!('layout' in parsed)) throw new Error(`${file} is a font collection, expected one face`);
    f = new LabelFont(face, parsed);
    loaded[face] = f;
  }
  return f;
}
