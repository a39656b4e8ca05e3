import { describe, expect, it } from 'vitest';
import { layoutPages } from '../layout.ts';
import { renderPdf } from '../render/pdf.ts';
import { decodePng } from '../test-support/decode.ts';
import { expectInsidePage } from '../test-support/fixtures.ts';
import { rasterize } from '../test-support/poppler.ts';
import { CALIBRATION_BARCODE, CALIBRATION_QR, calibrationLabel, calibrationSchema } from './calibration.ts';

describe('calibration page', () => {
  it('has rulers, stays on the page at each size, and its codes scan', async () => {
    for (const size of [{}, { widthMm: 60, heightMm: 40 }]) {
      const pages = calibrationLabel(calibrationSchema.parse(size));
      const [p] = layoutPages(pages);
      expectInsidePage(p!);
      const ticks = pages[0]!.elements.filter((e) => e.kind === 'line').length;
      expect(ticks).toBeGreaterThan(60);
      const pdf = await renderPdf(layoutPages(pages));
      const decoded = await decodePng(rasterize(pdf, 300)[0]!, 300);
      const texts = decoded.map((d) => d.text);
      expect(texts).toContain(CALIBRATION_BARCODE);
      if (pages[0]!.heightMm >= 50) expect(texts).toContain(CALIBRATION_QR);
    }
  });
});
