/**
 * Return label (退货标签): goes on a parcel sent back to the manufacturer. The title depends on the
 * brand variant; the footer asks the receiver to report problems within 24 hours.
 */
import { z } from 'zod';
import type { LabelElement, Page } from '../model.ts';
import { ptToMm } from '../units.ts';
import { type LayoutContext, RETURN_FOOTER, returnTitle } from './brand.ts';
import { fen, optionalText, printTime, requiredText } from './fields.ts';
import { bottomLine, Flow, formatFen, LINE_HEIGHT, labelFlow, MARGIN_MM, page, SMALL_PT } from './kit.ts';

export const returnSchema = z.object({
  productInfo: requiredText(300),
  colorSize: optionalText(100),
  priceFen: fen.nullish(),
  dropshipOrderNo: requiredText(64),
  manufacturerAddress: optionalText(300),
  pickerName: optionalText(40),
  printTime,
});
export type ReturnData = z.infer<typeof returnSchema>;

export function returnLabel(d: ReturnData, ctx: LayoutContext): Page[] {
  const footer: LabelElement[] = [];
  const footerTop = bottomLine(footer, RETURN_FOOTER, { fontSize: 6.5, align: 'center', maxLines: 2 });
  const ruleY = footerTop - 0.5;
  const timeTop = ruleY - ptToMm(SMALL_PT) * LINE_HEIGHT - 0.5;

  const f = labelFlow(timeTop - 0.3);
  f.text(returnTitle(ctx), { fontSize: 12, bold: true, align: 'center', wrap: false });
  f.rule();
  f.field('商品', d.productInfo, { maxLines: 3, bold: true });
  f.field('颜色尺码', d.colorSize ?? undefined, { maxLines: 2 });
  if (d.priceFen !== undefined && d.priceFen !== null) f.field('价格', formatFen(d.priceFen));
  f.field('代发单号', d.dropshipOrderNo, { maxLines: 2 });
  f.field('厂家地址', d.manufacturerAddress ?? undefined, { maxLines: 5 });
  f.field('拿货员', d.pickerName ?? undefined);

  const time = new Flow(MARGIN_MM, f.width, timeTop, ruleY);
  time.field('打印时间', d.printTime ?? undefined, { fontSize: SMALL_PT });
  const rule: LabelElement = {
    kind: 'line',
    x1: MARGIN_MM,
    y1: ruleY,
    x2: MARGIN_MM + f.width,
    y2: ruleY,
    dashed: true,
    widthMm: 0.2,
  };
  return [page([...f.elements, ...time.elements, rule, ...footer])];
}
