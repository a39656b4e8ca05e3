/**
 * Barcode encoding through bwip-js (BWIPP), reduced to module patterns that the layout step turns
 * into rectangles. Only the encoding comes from bwip-js; sizes, quiet zones and dot snapping are
 * decided in layout.ts so that all renderers share them.
 */
// The node build explicitly: labels render on the server, and the web app's type check (bundler resolution) would otherwise pick no entry.
import type bwipjs from 'bwip-js/node';
import type { LinearSymbology, QrEcLevel } from './model.ts';
import { onFirstUse } from './on-first-use.ts';

const bwip = onFirstUse<typeof bwipjs>('bwip-js/node');

type RawResult = Array<{ bbs: number[]; bhs: number[]; sbs: number[] }> | Array<{ pixs: number[]; pixx: number; pixy: number; height: number; width: number }>;

export interface LinearPattern {
  /** Alternating bar/space widths in modules, starting with a bar, start to stop pattern. */
  widths: number[];
  totalModules: number;
}

export interface MatrixPattern {
  /** Modules per side. */
  size: number;
  /** Row-major, 1 = dark. */
  dark: Uint8Array;
}

/** Characters Code 128 set A can carry: ASCII 0–95 (control codes, space, digits, upper case). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: set A is exactly the control codes plus ASCII up to '_'.
export const CODE128A_PATTERN = /^[\x00-\x5f]*$/;

/**
 * Code 128. 'code128' leaves code-set choice to BWIPP, which uses set C (two digits per symbol) for
 * digit runs: a 12-digit pick-up code is 101 modules instead of 167 in set B. 'code128a' forces
 * set A by handing BWIPP the codewords itself (start A = 103, then value = ASCII − 32 for 32–95,
 * ASCII + 64 for control codes); BWIPP adds the check symbol and stop.
 */
export function encodeCode128(value: string, symbology: LinearSymbology): LinearPattern {
  if (value.length === 0) throw new Error('barcode value is empty');
  let raw: RawResult;
  if (symbology === 'code128a') {
    if (!CODE128A_PATTERN.test(value)) {
      throw new Error(`code128a can only carry ASCII 0–95 (no lower case): ${JSON.stringify(value)}`);
    }
    let cws = '^103';
    for (const ch of value) {
      const c = ch.charCodeAt(0);
      const cw = c >= 32 ? c - 32 : c + 64;
      cws += `^${String(cw).padStart(3, '0')}`;
    }
    raw = bwip().raw({ bcid: 'code128', text: cws, raw: true } as bwipjs.RawOptions);
  } else {
    raw = bwip().raw({ bcid: 'code128', text: value });
  }
  const first = raw[0];
  if (!first || !('sbs' in first)) throw new Error('bwip-js returned no linear pattern');
  const widths = first.sbs.slice();
  return { widths, totalModules: widths.reduce((a, b) => a + b, 0) };
}

/**
 * QR Code. bwip-js encodes a JS string with characters above U+00FF as UTF-8 bytes, so Chinese
 * content scans as UTF-8 on phones and on scanners set to UTF-8.
 */
export function encodeQr(value: string, ecLevel: QrEcLevel): MatrixPattern {
  if (value.length === 0) throw new Error('QR value is empty');
  const raw = bwip().raw({ bcid: 'qrcode', text: value, eclevel: ecLevel } as bwipjs.RawOptions);
  const first = raw[0];
  if (!first || !('pixs' in first)) throw new Error('bwip-js returned no matrix');
  if (first.pixx !== first.pixy) throw new Error('QR matrix is not square');
  return { size: first.pixx, dark: Uint8Array.from(first.pixs) };
}
