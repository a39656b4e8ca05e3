/**
 * Headless-parcel label (无头件): a returned parcel with no matching order. The barcode number is
 * the only handle on it, so it gets a large barcode.
 */
import { z } from 'zod';
import type { Page } from '../model.ts';
import { code128Value, optionalText } from './fields.ts';
import { labelFlow, page } from './kit.ts';

export const headlessSchema = z.object({
  barcodeNo: code128Value,
  signInTime: optionalText(40),
  returnCourier: optionalText(60),
});
export type HeadlessData = z.infer<typeof headlessSchema>;

export function headlessLabel(d: HeadlessData): Page[] {
  const f = labelFlow();
  f.text('无头件', { fontSize: 16, bold: true, align: 'center', wrap: false });
  f.rule();
  f.gap(1);
  f.barcode(d.barcodeNo, 18, { gapAfter: 2 });
  f.field('签收时间', d.signInTime ?? undefined, { fontSize: 9, maxLines: 2 });
  f.field('退回快递', d.returnCourier ?? undefined, { fontSize: 9, maxLines: 2 });
  return [page(f.elements)];
}
