/**
 * Calls of the labels capability: the seller's pick-up tag templates, custom certificates, and the
 * print service configuration. The render request itself (kind, format, data, options) is defined
 * by @dropship/labels beside the layouts it validates.
 */
import { z } from 'zod';
import { id, text } from './schema-helpers.js';

/** A template as the designer edits it (SPEC.md section 3 "Pick-up tag template"); checked in full by @dropship/labels. */
export const TagTemplateJson = z.record(z.string(), z.unknown()).describe('标签模板');

export const TagTemplateRow = z.object({
  id: z.number(),
  name: z.string(),
  type: z.literal('pickup'),
  isDefault: z.boolean(),
  template: TagTemplateJson,
  updatedAt: z.string(),
});
export type TagTemplateRow = z.infer<typeof TagTemplateRow>;

export const TagTemplateSaveBody = z.object({
  id: id('模板编号').optional(),
  name: text('模板名称', 30).min(1, '请输入模板名称'),
  isDefault: z.boolean().default(false).describe('设为默认'),
  template: TagTemplateJson,
});

/** One wash-care symbol of a certificate: a small PNG/JPEG data URL and its Chinese meaning. */
export const WashedLabel = z.object({
  image: z
    .string()
    .max(300_000, '洗涤标识图片不能超过200KB')
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, '洗涤标识图片必须是 PNG 或 JPEG')
    .describe('洗涤标识图片'),
  zhDesc: text('洗涤说明', 30),
});

/** The custom certificate fields of SPEC.md section 3 (quantity is chosen when printing). */
export const CertificateFields = z.object({
  title: text('标题', 20).default('合格证'),
  brand: text('品牌', 40).default(''),
  categoryName: text('品名', 40).default(''),
  artNo: text('货号', 40).default(''),
  specification: text('规格', 60).default(''),
  productLevel: text('等级', 20).default(''),
  fabricComposition: text('成分', 200).default(''),
  enforceStandards: text('执行标准', 100).default(''),
  safetyCategory: text('安全类别', 60).default(''),
  origin: text('产地', 40).default(''),
  washedLabelList: z.array(WashedLabel).max(12, '洗涤标识最多12个').default([]).describe('洗涤标识'),
});
export type CertificateFields = z.infer<typeof CertificateFields>;

export const CertificateRow = CertificateFields.extend({ id: z.number(), updatedAt: z.string() });
export type CertificateRow = z.infer<typeof CertificateRow>;

export const CertificateSaveBody = CertificateFields.extend({ id: id('合格证编号').optional() });

export const CertificatePageBody = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1).describe('页码'),
  pageSize: z.coerce.number().int().min(1).max(100).default(20).describe('每页条数'),
  keyword: text('关键词', 40).optional(),
});

/** What the page needs to run the local print service (C-Lodop): licence and minimum versions. */
export const PrintServiceConfig = z.object({
  license: z.object({ companyName: z.string(), license: z.string(), licenseA: z.string(), licenseB: z.string() }),
  minVersion: z.string(),
  cloudMinVersion: z.string(),
  installers: z.object({ win32: z.string(), win64: z.string() }),
});
export type PrintServiceConfig = z.infer<typeof PrintServiceConfig>;

/** GET /api/labels/tagTemplate/default: the organisation's default, or the built-in one (id and updatedAt null). */
export const DefaultTagTemplate = TagTemplateRow.extend({ id: z.number().nullable(), updatedAt: z.string().nullable() });
export type DefaultTagTemplate = z.infer<typeof DefaultTagTemplate>;

/** POST /api/labels/certificate/page answers one page and the total count. */
export const CertificatePageResult = z.object({ total: z.number(), list: z.array(CertificateRow) });
export type CertificatePageResult = z.infer<typeof CertificatePageResult>;

/** What a save call answers: the id of the created or updated record. */
export const SavedId = z.object({ id: z.number() });

/** The two installer names served under /downloads/ (C-Lodop itself is not shipped, see ARCHITECTURE.md). */
export const CLODOP_INSTALLERS = { win32: 'CLodop_Setup_for_Win32NT.exe', win64: 'CLodop_Setup_for_Win64NT.exe' } as const;
