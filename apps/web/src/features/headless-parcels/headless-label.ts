/** The headless label (无头件标签, label kind headless): barcode number, sign-in time, return courier. */
import type { HeadlessRegistered } from '@dropship/contract';
import { formatDateTime } from '../../lib/date';
import { printLabels } from '../printing/print-labels';

export const headlessLabelData = (h: Pick<HeadlessRegistered, 'barcodeNo' | 'signedAt' | 'courierName'>) => ({
  barcodeNo: h.barcodeNo,
  signInTime: formatDateTime(h.signedAt, 'YYYY-MM-DD HH:mm'),
  returnCourier: h.courierName,
});

export function printHeadlessLabel(h: Pick<HeadlessRegistered, 'barcodeNo' | 'signedAt' | 'courierName'>) {
  return printLabels({ kind: 'headless', data: [headlessLabelData(h)] });
}
