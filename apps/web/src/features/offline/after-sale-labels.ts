/**
 * Labels of after-sale returns (SPEC.md section 3) through the same print path as the return
 * storage tags: the after-sale label (afterSale) when the return parcel is signed in, and the
 * return label (return) that goes with the goods back to the stall.
 */
import type { OfflineReturnLineRow, SignedAfterSale } from '@dropship/contract';
import { formatDateTime } from '../../lib/date';
import { printLabels } from '../printing/print-labels';

export function afterSaleLabelData(rows: SignedAfterSale[], now = new Date()) {
  return rows.map((a) => ({
    qrContent: a.afterSaleNo,
    orderNo: a.orderNo,
    articleNo: a.artNo,
    quantity: a.quantity,
    allocation: a.sellerName,
    printTime: formatDateTime(now.toISOString()),
  }));
}

export const printAfterSaleLabels = (rows: SignedAfterSale[]) => printLabels({ kind: 'afterSale', data: afterSaleLabelData(rows) });

export function returnLabelData(lines: OfflineReturnLineRow[], now = new Date()) {
  return lines.map((l) => ({
    productInfo: `${l.stallText} ${l.artNo}`.trim(),
    colorSize: [l.color, l.size].filter(Boolean).join(' '),
    priceFen: l.unitPriceFen,
    dropshipOrderNo: l.afterSaleNo ?? l.returnNo,
    manufacturerAddress: l.manufacturerAddress,
    pickerName: l.pickerName ?? '',
    printTime: formatDateTime(now.toISOString()),
  }));
}

/** One return label per line (the bag of goods going back to the stall). */
export const printReturnLabels = (lines: OfflineReturnLineRow[]) => printLabels({ kind: 'return', data: returnLabelData(lines) });
