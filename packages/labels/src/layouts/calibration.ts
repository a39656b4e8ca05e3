/**
 * Calibration page (打印校准页) for the print settings: millimetre rulers along the top and left
 * edges, a crosshair at 10 mm / 10 mm, a test barcode and QR code. Printed with a workstation's
 * offsets, it shows how far the printer shifts the label so the offsets can be corrected.
 */
import { z } from 'zod';
import type { LabelElement, Page } from '../model.ts';

export const calibrationSchema = z.object({
  /** The page size of the label kind being calibrated. */
  widthMm: z.number().min(20).max(200).default(40),
  heightMm: z.number().min(20).max(300).default(70),
  title: z.string().trim().max(20).default('打印校准页'),
});
export type CalibrationData = z.infer<typeof calibrationSchema>;

export const CALIBRATION_BARCODE = '1234567890';
export const CALIBRATION_QR = 'CALIBRATION';

/** Ticks every millimetre; 5 mm ticks longer, 10 mm ticks longest and numbered. */
function ruler(lengthMm: number, horizontal: boolean): LabelElement[] {
  const out: LabelElement[] = [];
  for (let mm = 0; mm <= Math.floor(lengthMm); mm++) {
    const len = mm % 10 === 0 ? 3 : mm % 5 === 0 ? 2 : 1;
    out.push(horizontal ? { kind: 'line', x1: mm, y1: 0, x2: mm, y2: len, widthMm: 0.15 } : { kind: 'line', x1: 0, y1: mm, x2: len, y2: mm, widthMm: 0.15 });
    if (mm % 10 === 0 && mm > 0 && mm + 3 < lengthMm) {
      out.push(
        horizontal
          ? { kind: 'text', x: mm - 2, y: 3, width: 4, height: 2.6, text: String(mm), fontSize: 5, align: 'center', wrap: false, padding: 0 }
          : { kind: 'text', x: 3, y: mm - 1.3, width: 5, height: 2.6, text: String(mm), fontSize: 5, wrap: false, padding: 0 },
      );
    }
  }
  return out;
}

export function calibrationLabel(d: CalibrationData): Page[] {
  const { widthMm: w, heightMm: h } = d;
  const inner = w - 16;
  const elements: LabelElement[] = [
    ...ruler(w, true),
    ...ruler(h, false),
    { kind: 'line', x1: 6, y1: 10, x2: 14, y2: 10, widthMm: 0.2 },
    { kind: 'line', x1: 10, y1: 6, x2: 10, y2: 14, widthMm: 0.2 },
    { kind: 'text', x: 15, y: 8, width: w - 17, height: 4, text: '十字中心 = 10mm, 10mm', fontSize: 6, wrap: false, padding: 0 },
    { kind: 'text', x: 8, y: 15, width: w - 10, height: 5, text: d.title, fontSize: 10, bold: true, align: 'center', wrap: false, padding: 0 },
    { kind: 'barcode', x: 8, y: 21, width: inner + 6, height: 10, value: CALIBRATION_BARCODE, symbology: 'code128', showText: true },
  ];
  const qrSize = Math.min(inner, h - 38);
  if (qrSize >= 10) elements.push({ kind: 'qrcode', x: 8 + (inner + 6 - qrSize) / 2, y: 35, size: qrSize, value: CALIBRATION_QR });
  elements.push({ kind: 'line', x1: 0.2, y1: 0.2, x2: w - 0.2, y2: 0.2, dashed: true, widthMm: 0.1 });
  return [{ widthMm: w, heightMm: h, elements }];
}
