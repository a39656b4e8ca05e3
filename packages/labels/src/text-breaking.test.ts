import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { getFont, PDF_TEXT_FEATURES } from './fonts.ts';
import { breakText, tokenize } from './text-breaking.ts';

const font = getFont('regular');
const SIZE_MM = 3; // em
const toUnits = (mm: number) => (mm * font.unitsPerEm) / SIZE_MM;
const widthMm = (s: string) => font.widthMm(s, SIZE_MM);

function lines(text: string, maxMm: number, o: { maxLines?: number; wrap?: boolean; breakAnywhere?: boolean } = {}) {
  return breakText(font, text, {
    maxWidthUnits: toUnits(maxMm),
    wrap: o.wrap ?? true,
    maxLines: o.maxLines ?? 100,
    breakAnywhere: o.breakAnywhere ?? false,
  });
}

describe('measurement', () => {
  const SAMPLES = [
    'AVATAR Ty WAVE To.',
    'Yo, LT. AT&T 1/2',
    'office fi fl ffi',
    '女装一号档 A-1023 黑色/XL ×2',
    '“引号”（括号）…——、。，！？',
    'é ñ ü ç ß ø Å',
    'e\u0301 a\u0308', // combining marks
    '葛\u{E0100}葛', // ideographic variation sequence
    'a\u200db\u00adc\u200bd', // zero-width joiner, soft hyphen, zero-width space
    '𠮷野家 ①②③ ㈱ ℃ № ￥12.50 ～',
    '\t tab  two  spaces ',
  ];

  it('equals fontkit shaping the whole string with the same features off, to the font unit', () => {
    for (const s of SAMPLES) {
      expect(font.widthUnits(s), s).toBe(font.font.layout(s, PDF_TEXT_FEATURES as Record<string, boolean>).advanceWidth);
    }
  });

  it('is what pdfkit measures with the font it is given, glyph for glyph', () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    doc.registerFont('f', font.pdfkitFont as unknown as string);
    doc.font('f').fontSize(10);
    for (const s of SAMPLES) {
      expect(font.widthUnits(s) / 100, s).toBeCloseTo(doc.widthOfString(s), 9);
      const shaped = font.font.layout(s, PDF_TEXT_FEATURES as Record<string, boolean>);
      expect(
        font.layoutUnshaped(s).glyphs.map((g) => g.id),
        s,
      ).toEqual(shaped.glyphs.map((g) => g.id));
    }
  });

  it('is additive, which is what lets line breaking sum character widths', () => {
    for (const s of SAMPLES) {
      const cps = Array.from(s);
      const half = Math.floor(cps.length / 2);
      expect(font.widthUnits(s)).toBe(font.widthUnits(cps.slice(0, half).join('')) + font.widthUnits(cps.slice(half).join('')));
    }
  });

  it('has shaping really off: no kerning between A and V', () => {
    expect(font.widthUnits('AV')).toBe(font.widthUnits('A') + font.widthUnits('V'));
    expect(font.font.layout('AV').advanceWidth).toBeLessThan(font.widthUnits('AV')); // the font does kern by default
  });
});

describe('tokenize', () => {
  it('splits CJK per character and keeps Latin words with their trailing space', () => {
    expect(tokenize('女装 A-1023 黑色', false)).toEqual(['女', '装 ', 'A-1023 ', '黑', '色']);
  });
  it('glues closing punctuation to the previous character and opening to the next', () => {
    expect(tokenize('好，（对）。', false)).toEqual(['好，', '（对）。']);
  });
});

describe('breakText', () => {
  const para = '浙江省杭州市余杭区五常街道文一西路969号阿里巴巴西溪园区8号楼';

  it('breaks CJK between any characters and every line fits', () => {
    const r = lines(para, 20);
    expect(r.lines.length).toBeGreaterThan(2);
    expect(r.lines.map((l) => l.text).join('')).toBe(para);
    for (const l of r.lines) expect(widthMm(l.text)).toBeLessThanOrEqual(20 + 1e-9);
    // Greedy: each line but the last could not take the next character.
    for (let i = 0; i < r.lines.length - 1; i++) {
      const next = Array.from(r.lines[i + 1]!.text)[0]!;
      expect(widthMm(r.lines[i]!.text + next)).toBeGreaterThan(20);
    }
  });

  it('keeps a Latin word whole when it fits on the next line', () => {
    const w = widthMm('ABCDEFGHIJ') + 0.5;
    expect(widthMm('货号 ABCD')).toBeLessThan(w); // part of the word would fit after 货号…
    const r = lines('货号 ABCDEFGHIJ', w);
    expect(r.lines.map((l) => l.text)).toEqual(['货号', 'ABCDEFGHIJ']); // …but it moves whole
  });

  it('cuts a word by character only when it is wider than the line', () => {
    const r = lines('ABCDEFGHIJKLMNOPQRSTUVWXYZ', widthMm('ABCDEFGHIJ'));
    expect(r.lines.map((l) => l.text).join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(r.lines[0]!.text).toBe('ABCDEFGHIJ');
  });

  it('breaks Latin words anywhere with breakAnywhere', () => {
    const r = lines('货号 ABCDEFGHIJ', widthMm('货号 ABCDE'), { breakAnywhere: true });
    expect(r.lines[0]!.text).toBe('货号 ABCDE');
  });

  it('truncates to maxLines and ends the last line with an ellipsis that fits', () => {
    const r = lines(para, 20, { maxLines: 2 });
    expect(r.truncated).toBe(true);
    expect(r.lines).toHaveLength(2);
    expect(r.lines[1]!.text.endsWith('…')).toBe(true);
    expect(widthMm(r.lines[1]!.text)).toBeLessThanOrEqual(20 + 1e-9);
    expect(r.lines[0]!.text + r.lines[1]!.text.slice(0, -1)).toBe(para.slice(0, r.lines[0]!.text.length + r.lines[1]!.text.length - 1));
  });

  it('does not add an ellipsis when the text fits exactly in maxLines', () => {
    const all = lines(para, 20);
    const r = lines(para, 20, { maxLines: all.lines.length });
    expect(r.truncated).toBe(false);
    expect(r.lines.map((l) => l.text)).toEqual(all.lines.map((l) => l.text));
  });

  it('wrap=false keeps one line and cuts with an ellipsis', () => {
    const r = lines(para, 20, { wrap: false });
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]!.text.endsWith('…')).toBe(true);
    expect(widthMm(r.lines[0]!.text)).toBeLessThanOrEqual(20 + 1e-9);
    expect(lines('短', 20, { wrap: false })).toMatchObject({ lines: [{ text: '短' }], truncated: false });
  });

  it('honours explicit newlines', () => {
    expect(lines('第一行\n第二行', 30).lines.map((l) => l.text)).toEqual(['第一行', '第二行']);
  });

  it('never splits a surrogate pair', () => {
    const r = lines('𠮷'.repeat(10), widthMm('𠮷𠮷𠮷') + 0.1);
    for (const l of r.lines) expect(l.text).toMatch(/^(𠮷)+$/u);
  });
});
