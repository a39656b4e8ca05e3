/**
 * The certificate form's fields with the limits of the contract (CertificateFields), and the checks
 * on a wash-care image before it is read: PNG or JPEG, at most 200 KB, at most 12 symbols.
 */
import type { CertificateFields } from '@dropship/contract';

export type TextField = Exclude<keyof CertificateFields, 'washedLabelList'>;

export const TEXT_FIELDS: { name: TextField; label: string; max: number; long?: boolean }[] = [
  { name: 'title', label: '标题', max: 20 },
  { name: 'brand', label: '品牌', max: 40 },
  { name: 'categoryName', label: '品名', max: 40 },
  { name: 'artNo', label: '货号', max: 40 },
  { name: 'specification', label: '规格', max: 60 },
  { name: 'productLevel', label: '等级', max: 20 },
  { name: 'fabricComposition', label: '成分', max: 200, long: true },
  { name: 'enforceStandards', label: '执行标准', max: 100 },
  { name: 'safetyCategory', label: '安全类别', max: 60 },
  { name: 'origin', label: '产地', max: 40 },
];

export const MAX_WASHED_LABELS = 12;
export const MAX_WASHED_IMAGE_BYTES = 200 * 1024;
export const MAX_PRINT_QUANTITY = 500;

export const emptyCertificate = (): CertificateFields => ({
  title: '合格证',
  brand: '',
  categoryName: '',
  artNo: '',
  specification: '',
  productLevel: '',
  fabricComposition: '',
  enforceStandards: '',
  safetyCategory: '',
  origin: '',
  washedLabelList: [],
});

/** Why a chosen file cannot be a wash-care symbol, or null when it can. */
export function washedImageProblem(file: { type: string; size: number }, count: number): string | null {
  if (count >= MAX_WASHED_LABELS) return `洗涤标识最多${MAX_WASHED_LABELS}个`;
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return '洗涤标识图片必须是 PNG 或 JPEG';
  if (file.size > MAX_WASHED_IMAGE_BYTES) return '洗涤标识图片不能超过200KB';
  return null;
}

/** The fields of a row (id and updatedAt dropped), trimmed, as the save and render calls take them. */
export function certificateFieldsOf(v: Partial<CertificateFields> & Record<string, unknown>): CertificateFields {
  const base = emptyCertificate();
  const out = { ...base } as CertificateFields;
  for (const f of TEXT_FIELDS) {
    const raw = v[f.name];
    out[f.name] = typeof raw === 'string' ? raw.trim() : base[f.name];
  }
  if (!out.title) out.title = base.title;
  out.washedLabelList = (v.washedLabelList ?? []).map((w) => ({ image: w.image, zhDesc: (w.zhDesc ?? '').trim() }));
  return out;
}
