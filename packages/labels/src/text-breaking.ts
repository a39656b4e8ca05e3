/**
 * Line breaking for label text, done here rather than by any renderer: pdfkit, the browser and
 * C-Lodop would each wrap differently (labels.md §8), so lines are decided once, with the embedded
 * font's own advance widths, and every renderer draws exactly these lines.
 *
 * Rules: CJK text breaks between any two characters, except that closing punctuation never starts a
 * line and opening punctuation never ends one; Latin words (any run without spaces) stay whole when
 * they fit on a line and are cut by character only when a word alone is wider than the line.
 */
import type { LabelFont } from './fonts.ts';
import { ELLIPSIS } from './model.ts';

export interface BrokenLine {
  text: string;
  /** Font units (divide by unitsPerEm, multiply by the em size). */
  widthUnits: number;
}

export interface BreakResult {
  lines: BrokenLine[];
  /** True when text was dropped to respect maxLines (the last line then ends with "…"). */
  truncated: boolean;
}

export interface BreakOptions {
  /** Line width in font units (mm width × unitsPerEm / em size). */
  maxWidthUnits: number;
  wrap: boolean;
  maxLines: number;
  breakAnywhere: boolean;
}

/** Never at the start of a line. */
const CLOSING = new Set([...'，。、：；！？）】」』〉》〕］｝”’…％·・～,.;:!?)]}%']);
/** Never at the end of a line. */
const OPENING = new Set([...'（【「『〈《〔［｛“‘￥$(¥[{']);

function isCjk(cp: number): boolean {
  return (
    (cp >= 0x2e80 && cp <= 0x9fff) ||
    (cp >= 0xac00 && cp <= 0xd7af) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x20000 && cp <= 0x3ffff) ||
    cp === 0x2014 ||
    cp === 0x2026
  );
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'grapheme' });

/** User-perceived characters, so a cut never splits a surrogate pair or an emoji sequence. */
export function graphemes(s: string): string[] {
  const out: string[] = [];
  for (const g of segmenter.segment(s)) out.push(g.segment);
  return out;
}

/**
 * Unbreakable units of one paragraph. Each Latin word carries its trailing spaces; each CJK
 * character is its own unit, with kinsoku punctuation glued to its neighbour.
 */
export function tokenize(paragraph: string, breakAnywhere: boolean): string[] {
  const raw: string[] = [];
  if (breakAnywhere) {
    for (const g of graphemes(paragraph)) {
      if (g === ' ' && raw.length > 0) raw[raw.length - 1] += g;
      else raw.push(g);
    }
  } else {
    let word = '';
    for (const ch of paragraph) {
      const cp = ch.codePointAt(0)!;
      if (ch === ' ' || ch === '\t') {
        // A space after a CJK character belongs to it (a break may follow it, never precede it).
        if (word === '' && raw.length > 0) raw[raw.length - 1] += ' ';
        else word += ' ';
        continue;
      }
      if (isCjk(cp)) {
        if (word) raw.push(word);
        raw.push(ch);
        word = '';
        continue;
      }
      // A non-space after trailing spaces starts a new word.
      if (word.endsWith(' ')) {
        raw.push(word);
        word = '';
      }
      word += ch;
    }
    if (word) raw.push(word);
  }
  const tokens: string[] = [];
  for (const t of raw) {
    const prev = tokens[tokens.length - 1];
    if (prev !== undefined && (CLOSING.has(firstChar(t)) || OPENING.has(lastChar(prev.trimEnd())))) {
      tokens[tokens.length - 1] = prev + t;
    } else {
      tokens.push(t);
    }
  }
  return tokens;
}

const firstChar = (s: string): string => String.fromCodePoint(s.codePointAt(0) ?? 0);
const lastChar = (s: string): string => {
  const arr = Array.from(s);
  return arr[arr.length - 1] ?? '';
};

/**
 * Largest `end` such that units[start..end) (trailing spaces trimmed) plus `suffix` is no wider
 * than maxUnits. Widths add up exactly because shaping is off (fonts.ts), so one pass suffices.
 */
function fitUnits(font: LabelFont, units: readonly string[], start: number, suffix: string, maxUnits: number): number {
  const suffixW = font.widthUnits(suffix);
  let acc = 0;
  let end = start;
  while (end < units.length) {
    const u = units[end]!;
    const trimmed = u.trimEnd();
    if (acc + font.widthUnits(trimmed) + suffixW > maxUnits) break;
    acc += font.widthUnits(u);
    end++;
  }
  return end;
}

/** Cuts `text` so that it plus "…" fits; used for the last kept line and for unwrapped text. */
function ellipsize(font: LabelFont, text: string, maxUnits: number): BrokenLine {
  const g = graphemes(text);
  const end = fitUnits(font, g, 0, ELLIPSIS, maxUnits);
  const cut = g.slice(0, end).join('').trimEnd() + ELLIPSIS;
  return { text: cut, widthUnits: font.widthUnits(cut) };
}

function line(font: LabelFont, text: string): BrokenLine {
  const t = text.trimEnd();
  return { text: t, widthUnits: font.widthUnits(t) };
}

/** Breaks `text` (which may contain "\n") into at most opts.maxLines lines. */
export function breakText(font: LabelFont, text: string, opts: BreakOptions): BreakResult {
  const max = opts.maxWidthUnits;
  const maxLines = Math.max(1, Math.floor(opts.maxLines));
  const normalized = text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ');

  if (!opts.wrap) {
    const single = normalized.replace(/\n+/g, ' ').trim();
    if (font.widthUnits(single) <= max) return { lines: [line(font, single)], truncated: false };
    return { lines: [ellipsize(font, single, max)], truncated: true };
  }

  const lines: BrokenLine[] = [];
  const paragraphs = normalized.split('\n');
  for (let p = 0; p < paragraphs.length; p++) {
    const tokens = tokenize(paragraphs[p]!.trimEnd(), opts.breakAnywhere);
    if (tokens.length === 0) tokens.push('');
    let i = 0;
    while (i < tokens.length) {
      let end = fitUnits(font, tokens, i, '', max);
      let text: string;
      if (end === i) {
        // One unit wider than the whole line: cut it by character, at least one per line.
        const g = graphemes(tokens[i]!);
        const cut = Math.max(1, fitUnits(font, g, 0, '', max));
        text = g.slice(0, cut).join('');
        const rest = g.slice(cut).join('');
        if (rest) tokens[i] = rest;
        else i++;
        end = i;
      } else {
        text = tokens.slice(i, end).join('');
      }
      i = end;
      if (lines.length === maxLines) {
        // One line too many: the text overflows; end the last kept line with an ellipsis.
        const last = lines[maxLines - 1]!;
        lines[maxLines - 1] = ellipsize(font, last.text, max);
        return { lines, truncated: true };
      }
      lines.push(line(font, text));
    }
  }
  return { lines, truncated: false };
}
