/**
 * Waybill label (电子面单), 76 × 130 mm like the couriers' standard one-part e-waybill: the courier
 * and the tracking number's Code 128 on top (scanned at every hub), the receiver biggest, the
 * sender, the goods, and a tear-off stub at the bottom with the number again. Receiver name and
 * phone arrive masked (privacy waybill); the courier holds the full values.
 */
import { z } from 'zod';
import type { LabelElement, Page } from '../model.ts';
import { code128Value, optionalText, printTime, quantity, requiredText } from './fields.ts';
import { Flow, page } from './kit.ts';

export const WAYBILL_WIDTH_MM = 76;
export const WAYBILL_HEIGHT_MM = 130;
const M = 3;
const STUB_MM = 30;

export const waybillSchema = z.object({
  trackingNo: code128Value,
  courierName: requiredText(30),
  orderNo: optionalText(64),
  receiverName: requiredText(40),
  receiverPhone: requiredText(40),
  receiverAddress: requiredText(300),
  senderName: requiredText(40),
  senderPhone: optionalText(40),
  senderAddress: optionalText(300),
  goods: optionalText(300),
  itemCount: quantity.nullish(),
  remark: optionalText(200),
  printTime,
});
export type WaybillData = z.infer<typeof waybillSchema>;

const line = (y: number, dashed = false): LabelElement => ({ kind: 'line', x1: 0, y1: y, x2: WAYBILL_WIDTH_MM, y2: y, dashed, widthMm: 0.3 });

export function waybillLabel(d: WaybillData): Page[] {
  const stubTop = WAYBILL_HEIGHT_MM - STUB_MM;
  const f = new Flow(M, WAYBILL_WIDTH_MM - 2 * M, M, stubTop - 1);
  f.text(d.courierName, { fontSize: 16, bold: true, wrap: false, gapAfter: 1 });
  f.barcode(d.trackingNo, 16, { gapAfter: 1.5 });
  f.rule(false, 1.5);
  f.text(`收 ${d.receiverName}  ${d.receiverPhone}`, { fontSize: 12, bold: true, gapAfter: 0.5 });
  f.text(d.receiverAddress, { fontSize: 11, bold: true, maxLines: 4, breakAnywhere: true, gapAfter: 1.5 });
  f.rule(false, 1.5);
  f.text(`寄 ${d.senderName}  ${d.senderPhone ?? ''}`.trim(), { fontSize: 9, gapAfter: 0.3 });
  f.text(d.senderAddress ?? '', { fontSize: 8, maxLines: 2, breakAnywhere: true, gapAfter: 1.5 });
  f.rule(true, 1.5);
  f.field('物品', d.goods ?? undefined, { fontSize: 8, maxLines: 3 });
  f.field('件数', d.itemCount ?? undefined, { fontSize: 8 });
  f.field('订单号', d.orderNo ?? undefined, { fontSize: 8 });
  f.field('备注', d.remark ?? undefined, { fontSize: 8, maxLines: 2 });

  // The stub the receiver keeps: the number again, scannable, and when it was printed.
  const stub = new Flow(M, WAYBILL_WIDTH_MM - 2 * M, stubTop + 2, WAYBILL_HEIGHT_MM - M);
  stub.text(`${d.courierName}  运单号：${d.trackingNo}`, { fontSize: 8, bold: true, wrap: false });
  stub.barcode(d.trackingNo, 10, { showText: false });
  stub.text(d.printTime ? `打印时间：${d.printTime}` : '', { fontSize: 7, wrap: false });
  return [page([...f.elements, line(stubTop, true), ...stub.elements], WAYBILL_WIDTH_MM, WAYBILL_HEIGHT_MM)];
}
