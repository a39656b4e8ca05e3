/**
 * After-sale label (售后标签): the QR carries the after-sale SU number for scanning at the return
 * desk; the sorting and allocation codes sit beside it in large type for people.
 */
import { z } from 'zod';
import type { LabelElement, Page } from '../model.ts';
import { optionalText, printTime, quantity, requiredText } from './fields.ts';
import { bottomLine, Flow, LABEL_WIDTH_MM, labelFlow, MARGIN_MM, page } from './kit.ts';

export const afterSaleSchema = z.object({
  /** The after-sale SU number (e.g. SU2405120001), encoded in the QR. */
  qrContent: requiredText(120),
  orderNo: requiredText(64),
  sortingCode: optionalText(20),
  allocationCode: optionalText(20),
  allocation: optionalText(100),
  articleNo: optionalText(60),
  spec: optionalText(100),
  quantity: quantity.nullish(),
  printTime,
});
export type AfterSaleData = z.infer<typeof afterSaleSchema>;

const QR_MM = 18;

export function afterSaleLabel(d: AfterSaleData): Page[] {
  const elements: LabelElement[] = [{ kind: 'qrcode', x: MARGIN_MM - 0.8, y: MARGIN_MM - 0.8, size: QR_MM, value: d.qrContent }];
  // Beside the QR: the codes people read across the sorting shelf.
  const side = new Flow(MARGIN_MM + QR_MM, LABEL_WIDTH_MM - 2 * MARGIN_MM - QR_MM + 0.8, MARGIN_MM, MARGIN_MM + QR_MM);
  side.text('分拣码', { fontSize: 6, gapAfter: 0 });
  side.text(d.sortingCode ?? '', { fontSize: 14, bold: true, wrap: false });
  side.text('分配码', { fontSize: 6, gapAfter: 0 });
  side.text(d.allocationCode ?? '', { fontSize: 11, bold: true, wrap: false });
  elements.push(...side.elements);

  const footer: LabelElement[] = [];
  const footerTop = bottomLine(footer, d.printTime ? `打印时间：${d.printTime}` : '');
  const f = labelFlow(footerTop - 0.5);
  f.gap(QR_MM - 0.6);
  f.text(d.qrContent, { fontSize: 7, align: 'center', wrap: false });
  f.rule();
  f.field('订单号', d.orderNo, { maxLines: 2 });
  f.field('分配', d.allocation ?? undefined, { maxLines: 2 });
  f.field('货号', d.articleNo ?? undefined, { maxLines: 2, bold: true });
  f.field('规格', d.spec ?? undefined, { maxLines: 3 });
  if (d.quantity !== undefined && d.quantity !== null) f.field('数量', d.quantity, { fontSize: 10, bold: true });
  elements.push(...f.elements, ...footer);
  return [page(elements)];
}
