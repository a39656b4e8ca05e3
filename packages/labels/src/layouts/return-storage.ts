/**
 * Return-storage label (退货入库标签): goes on a returned item when it is put into the return
 * warehouse. The QR code and return code identify the return; the inbound number, when there is
 * one, is printed as a Code 128 barcode at the bottom for the stock-in scan.
 *
 * Upstream sends the inbound number as the text 'null' when the item has none yet. Then (and for
 * an empty value) the inbound block at the bottom is left out, and its 11 mm go to the
 * manufacturer's address, which may then take 6 lines instead of 3.
 */
import { z } from 'zod';
import type { LabelElement, Page } from '../model.ts';
import { fen, optionalText, printTime, requiredText } from './fields.ts';
import { bottomLine, Flow, formatFen, isBlank, LABEL_WIDTH_MM, labelFlow, MARGIN_MM, page } from './kit.ts';

export const returnStorageSchema = z.object({
  /** Free heading text printed at the top (e.g. 退货入库). */
  text: optionalText(60),
  dropshipOrderNo: requiredText(64),
  productInfo: optionalText(300),
  colorSize: optionalText(100),
  priceFen: fen.nullish(),
  manufacturerAddress: optionalText(300),
  /** Points; the address is the field people read from across the shelf. Default 8. */
  manufacturerAddressFontSize: z.number().min(6).max(16).nullish(),
  pickerName: optionalText(40),
  qrCode: requiredText(200),
  returnCode: requiredText(40),
  printTime,
  /** 'null' (the text) means no inbound number yet. */
  inboundNo: z
    .string()
    .max(48)
    .regex(/^[\x20-\x7e]*$/, '入库单号只能包含英文字母、数字和符号')
    .nullish(),
});
export type ReturnStorageData = z.infer<typeof returnStorageSchema>;

/** True when the label carries an inbound number (not absent, blank or the text 'null'). */
export const hasInboundNo = (v: string | null | undefined): v is string => !isBlank(v) && v!.trim().toLowerCase() !== 'null';

const QR_MM = 16;
const INBOUND_BLOCK_MM = 11;

export function returnStorageLabel(d: ReturnStorageData): Page[] {
  const withInbound = hasInboundNo(d.inboundNo);
  const footer: LabelElement[] = [];
  let bottom = bottomLine(footer, d.printTime ? `打印时间：${d.printTime}` : '') - 0.5;
  if (withInbound) {
    const top = bottom - INBOUND_BLOCK_MM;
    footer.push({ kind: 'line', x1: MARGIN_MM, y1: top, x2: LABEL_WIDTH_MM - MARGIN_MM, y2: top, widthMm: 0.2 });
    const block = new Flow(MARGIN_MM, LABEL_WIDTH_MM - 2 * MARGIN_MM, top + 0.5, bottom);
    block.text('入库单号', { fontSize: 6, gapAfter: 0.2 });
    block.barcode(d.inboundNo!.trim(), bottom - block.y, { gapAfter: 0 });
    footer.push(...block.elements);
    bottom = top - 0.5;
  }

  const f = labelFlow(bottom);
  f.text(d.text ?? '', { fontSize: 10, bold: true, align: 'center', maxLines: 1, wrap: false });
  const qrTop = f.y;
  const qr: LabelElement = { kind: 'qrcode', x: MARGIN_MM - 0.6, y: qrTop, size: QR_MM, value: d.qrCode };
  const side = new Flow(MARGIN_MM + QR_MM, f.width - QR_MM + 0.6, qrTop + 1, qrTop + QR_MM);
  side.text('退货码', { fontSize: 6, gapAfter: 0 });
  side.text(d.returnCode, { fontSize: 10, bold: true, maxLines: 2 });
  f.gap(QR_MM + 0.3);
  f.field('代发单号', d.dropshipOrderNo, { maxLines: 2 });
  f.field('商品', d.productInfo ?? undefined, { maxLines: 2 });
  f.field('颜色尺码', d.colorSize ?? undefined);
  // Price and picker share a line: both are short, and the address needs the room.
  const price = d.priceFen !== undefined && d.priceFen !== null ? `价格：${formatFen(d.priceFen)}` : '';
  const picker = isBlank(d.pickerName) ? '' : `拿货员：${d.pickerName!.trim()}`;
  f.text([price, picker].filter(Boolean).join('  '), { fontSize: 7.5, maxLines: 2 });
  f.field('厂家地址', d.manufacturerAddress ?? undefined, {
    fontSize: d.manufacturerAddressFontSize ?? 8,
    maxLines: withInbound ? 3 : 6,
    bold: true,
  });
  return [page([qr, ...side.elements, ...f.elements, ...footer])];
}
