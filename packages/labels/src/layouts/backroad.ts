/**
 * Backroad label (回货标签): stuck on goods coming back to the sorting area, so the sorting number
 * is the biggest thing on it and the pick-up code is scannable.
 */
import { z } from 'zod';
import type { LabelElement, Page } from '../model.ts';
import { code128Value, optionalText, printTime, requiredText } from './fields.ts';
import { bottomLine, labelFlow, page } from './kit.ts';

export const backroadSchema = z.object({
  orderNo: requiredText(64),
  pickerName: optionalText(40),
  takeCode: code128Value,
  sortingNo: requiredText(20),
  gift: optionalText(200),
  printTime,
});
export type BackroadData = z.infer<typeof backroadSchema>;

export function backroadLabel(d: BackroadData): Page[] {
  const footer: LabelElement[] = [];
  const footerTop = bottomLine(footer, d.printTime ? `打印时间：${d.printTime}` : '');
  const f = labelFlow(footerTop - 0.5);
  f.text('分拣号', { fontSize: 7, align: 'center', gapAfter: 0 });
  f.text(d.sortingNo, { fontSize: 22, bold: true, align: 'center', wrap: false });
  f.rule();
  f.barcode(d.takeCode, 13);
  f.field('订单号', d.orderNo, { maxLines: 2 });
  f.field('拿货员', d.pickerName ?? undefined);
  f.field('赠品', d.gift ?? undefined, { maxLines: 4, bold: true });
  return [page([...f.elements, ...footer])];
}
