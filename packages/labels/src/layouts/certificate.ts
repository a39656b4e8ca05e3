/**
 * Custom certificate (合格证, SPEC §3 "Custom certificate item"). The certificate designer works
 * in units of 0.1 mm on a 400 × 700 page, i.e. 40 × 70 mm, the same stock as the other labels.
 * One certificate is printed per unit of quantity (jobs.ts); quantity 0 prints none.
 */
import { z } from 'zod';
import type { LabelElement, Page } from '../model.ts';
import { optionalText, quantity } from './fields.ts';
import { labelFlow, page } from './kit.ts';

/** Certificate designer units per mm. */
export const CERTIFICATE_UNITS_PER_MM = 10;
export const CERTIFICATE_PAGE_UNITS = { width: 400, height: 700 } as const;

const dataUrl = z
  .string()
  .max(500_000)
  .regex(/^data:image\/(png|jpeg|jpg);base64,/, '洗标图片必须是 PNG 或 JPEG 的 data URL');

export const certificateSchema = z.object({
  title: z.string().max(20).nullish(),
  brand: optionalText(60),
  categoryName: optionalText(60),
  artNo: optionalText(60),
  specification: optionalText(100),
  productLevel: optionalText(30),
  fabricComposition: optionalText(300),
  enforceStandards: optionalText(120),
  safetyCategory: optionalText(120),
  origin: optionalText(60),
  washedLabelList: z
    .array(z.object({ image: dataUrl, zhDesc: optionalText(40) }))
    .max(12)
    .nullish(),
  quantity,
});
export type CertificateData = z.infer<typeof certificateSchema>;

export const DEFAULT_CERTIFICATE_TITLE = '合格证';
const ICON_MM = 5;
const ICONS_PER_ROW = 6;

export function certificateLabel(d: CertificateData): Page[] {
  const f = labelFlow();
  f.text(d.title?.trim() || DEFAULT_CERTIFICATE_TITLE, { fontSize: 14, bold: true, align: 'center', wrap: false });
  f.rule();
  const o = { fontSize: 7.5 };
  f.field('品牌', d.brand ?? undefined, o);
  f.field('品名', d.categoryName ?? undefined, o);
  f.field('货号', d.artNo ?? undefined, o);
  f.field('规格', d.specification ?? undefined, { ...o, maxLines: 2 });
  f.field('等级', d.productLevel ?? undefined, o);
  f.field('成分', d.fabricComposition ?? undefined, { ...o, maxLines: 4 });
  f.field('执行标准', d.enforceStandards ?? undefined, { ...o, maxLines: 2 });
  f.field('安全类别', d.safetyCategory ?? undefined, { ...o, maxLines: 2 });
  f.field('产地', d.origin ?? undefined, o);

  const wash = d.washedLabelList ?? [];
  const icons: LabelElement[] = [];
  if (wash.length > 0) {
    f.rule(true);
    f.text('洗涤说明', { fontSize: 7, bold: true });
    const pitch = f.width / ICONS_PER_ROW;
    const rows = Math.ceil(wash.length / ICONS_PER_ROW);
    if (f.remaining >= rows * (ICON_MM + 0.5)) {
      wash.forEach((w, i) => {
        const col = i % ICONS_PER_ROW;
        const row = Math.floor(i / ICONS_PER_ROW);
        icons.push({
          kind: 'image',
          x: f.x + col * pitch + (pitch - ICON_MM) / 2,
          y: f.y + row * (ICON_MM + 0.5),
          width: ICON_MM,
          height: ICON_MM,
          src: w.image,
        });
      });
      f.gap(rows * (ICON_MM + 0.5) + 0.3);
    }
    const descs = wash.map((w) => w.zhDesc?.trim()).filter((s): s is string => !!s);
    f.text(descs.join('　'), { fontSize: 6, maxLines: 3 });
  }
  return [page([...f.elements, ...icons])];
}
