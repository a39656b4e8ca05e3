/**
 * Offline pick-up labels (线下拿货): what to take from the stall and where it goes. The supplier
 * variant is the same label without the pick-up code (the supplier ships it themselves).
 */
import { z } from 'zod';
import type { LabelElement, Page } from '../model.ts';
import { code128Value, optionalText, printTime, quantity, requiredText } from './fields.ts';
import { bottomLine, labelFlow, page } from './kit.ts';

export const offlineSupplierSchema = z.object({
  productInfo: requiredText(300),
  colorSize: optionalText(100),
  pickupQuantity: quantity,
  consignee: optionalText(40),
  contact: optionalText(40),
  address: optionalText(300),
  printTime,
});
export const offlineSchema = offlineSupplierSchema.extend({ takeCode: code128Value });
export type OfflineSupplierData = z.infer<typeof offlineSupplierSchema>;
export type OfflineData = z.infer<typeof offlineSchema>;

function offlinePage(d: OfflineSupplierData, takeCode: string | undefined): Page {
  const footer: LabelElement[] = [];
  const footerTop = bottomLine(footer, d.printTime ? `打印时间：${d.printTime}` : '');
  const f = labelFlow(footerTop - 0.5);
  f.text(d.productInfo, { fontSize: 9, bold: true, maxLines: 3 });
  f.field('颜色尺码', d.colorSize ?? undefined, { maxLines: 2 });
  f.field('拿货数量', d.pickupQuantity, { fontSize: 10, bold: true });
  if (takeCode !== undefined) f.barcode(takeCode, 12);
  f.rule(true);
  f.field('收货人', d.consignee ?? undefined);
  f.field('电话', d.contact ?? undefined);
  f.field('地址', d.address ?? undefined, { maxLines: 4 });
  return page([...f.elements, ...footer]);
}

export const offlineLabel = (d: OfflineData): Page[] => [offlinePage(d, d.takeCode)];
export const offlineSupplierLabel = (d: OfflineSupplierData): Page[] => [offlinePage(d, undefined)];
