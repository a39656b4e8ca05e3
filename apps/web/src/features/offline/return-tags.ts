/** Return storage tags (退货入库标签, label kind returnStorage) for signed-in return lines. */
import type { OfflineReturnLineRow } from '@dropship/contract';
import { printLabels } from '../printing/print-labels';

export function returnStorageData(lines: OfflineReturnLineRow[]) {
  return lines.map((l) => ({
    text: '线下退货入库',
    dropshipOrderNo: l.returnNo,
    productInfo: `${l.stallText} ${l.artNo}`.trim(),
    colorSize: [l.color, l.size].filter(Boolean).join(' '),
    priceFen: l.unitPriceFen,
    manufacturerAddress: l.manufacturerAddress,
    pickerName: l.pickerName ?? '',
    qrCode: l.returnCode,
    returnCode: l.returnCode,
    // No stock-in number: the return code is what the shelf is scanned by.
    inboundNo: 'null',
  }));
}

/** One tag per piece, so every item in the bag carries its own. */
export function printReturnStorageTags(lines: OfflineReturnLineRow[]) {
  const data = returnStorageData(lines.flatMap((l) => Array.from({ length: l.quantity }, () => l)));
  return printLabels({ kind: 'returnStorage', data });
}
