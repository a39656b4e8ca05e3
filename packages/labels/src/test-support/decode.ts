/**
 * Reads barcodes from rasterised pages with ZXing-C++ (zxing-wasm), an implementation independent
 * of bwip-js: if our bars or modules were wrong, it would not read them.
 *
 * (@zxing/library, the JS port, was tried first and rejected: it fails on valid mixed-mode QR
 * codes such as "女装一号档 A-1023 黑色/XL" that ZXing-C++ and phones read.)
 *
 * The .wasm ships inside the npm package and is loaded from disk: nothing is fetched at run time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let prepared = false;

function prepare(): void {
  if (prepared) return;
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
  prepared = true;
}

export interface Decoded {
  format: 'Code128' | 'QRCode';
  text: string;
  /** Top-left corner of the symbol in mm. */
  xMm: number;
  yMm: number;
}

/** Every Code 128 and QR code on a page PNG rendered at `dpi`, top to bottom. No charset hint. */
export async function decodePng(png: Buffer, dpi: number): Promise<Decoded[]> {
  prepare();
  const results = await readBarcodes(new Uint8Array(png), {
    formats: ['Code128', 'QRCode'],
    tryHarder: true,
    maxNumberOfSymbols: 16,
  });
  return results
    .filter((r) => r.isValid)
    .map((r) => ({
      format: r.format as Decoded['format'],
      text: r.text,
      xMm: (r.position.topLeft.x * 25.4) / dpi,
      yMm: (r.position.topLeft.y * 25.4) / dpi,
    }))
    .sort((a, b) => a.yMm - b.yMm || a.xMm - b.xMm);
}
