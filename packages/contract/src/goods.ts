/**
 * Goods and suppliers: the seller's stall list and the shared stall directory, supplier
 * goods, shop SKUs and their links to supplier items (by hand, in bulk, by rule, by spreadsheet),
 * custom goods. Money is integer fen; the page turns the price input (SPEC.md section 5) into fen.
 */
import { z } from 'zod';
import { fenField } from './money.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

/** A cost price in fen (the page converts the typed yuan with yuanToFen), up to MAX_FEN: more than any stall price. */
export const costFenField = (label = '成本价') => fenField(label);

export const idList = (label: string, max = 500) => z.array(id(label)).min(1, `请选择${label}`).max(max, `一次最多处理${max}条`).describe(label);

export const EnableStatus = z.enum(['ENABLED', 'DISABLED']).describe('状态');
export type EnableStatus = z.infer<typeof EnableStatus>;
export const ENABLE_STATUS_NAMES: Record<EnableStatus, string> = { ENABLED: '启用', DISABLED: '停用' };

const phone = text('联系电话', 20).regex(/^[\d\-+() ]*$/, '联系电话只能包含数字、空格、横线、括号和加号');

/** Art number, color and size as the picker asks at the stall. */
export const goodsItemFields = {
  artNo: requiredText('货号', 60),
  color: text('颜色', 40).default(''),
  size: text('尺码', 40).default(''),
};

// ---- 供应商（档口） ------------------------------------------------------------------------------

/** The fields of a stall, shared by the directory and each organisation's own supplier list. */
export const StallFields = z.object({
  market: text('市场', 40).default(''),
  building: text('楼栋/区', 40).default(''),
  floor: text('楼层', 20).default(''),
  stallNo: text('档口号', 40).default(''),
  name: requiredText('档口名称', 60),
  contact: text('联系人', 30).default(''),
  phone: phone.default(''),
  address: text('厂家地址', 200).default(''),
  marketArea: text('拿货区域', 40).default(''),
});

export const SupplierSaveBody = StallFields.extend({
  id: id('供应商编号').optional(),
  /** Short code the link rules match (the 档口 part of 档口#货号); unique in the organisation. */
  code: text('档口编码', 30)
    .regex(/^[^\s#\-_/|,，;；]*$/, '档口编码不能包含空格和分隔符（# - _ / | , ;）')
    .default(''),
  remark: text('备注', 200).default(''),
});
export type SupplierSaveBody = z.input<typeof SupplierSaveBody>;

export const SupplierRow = z.object({
  id: z.number(),
  directoryId: z.number().nullable(),
  code: z.string(),
  market: z.string(),
  building: z.string(),
  floor: z.string(),
  stallNo: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  marketArea: z.string(),
  status: EnableStatus,
  remark: z.string(),
  updatedAt: z.string(),
});
export type SupplierRow = z.infer<typeof SupplierRow>;

export const SupplierPageBody = pageQuery.extend({
  keyword: text('关键词', 60).optional(),
  status: EnableStatus.optional().describe('状态'),
  marketArea: text('拿货区域', 40).optional(),
});
export type SupplierPageQuery = z.input<typeof SupplierPageBody>;

export const SupplierStatusBody = z.object({ ids: idList('供应商'), status: EnableStatus });

/** A stall of the shared directory (platform-maintained; sellers copy it into their own list). */
export const StallDirectoryRow = StallFields.extend({ id: z.number() });
export type StallDirectoryRow = z.infer<typeof StallDirectoryRow>;
export const StallDirectorySearch = z.object({ keyword: text('关键词', 60).default('') });
export const AddFromDirectoryBody = z.object({
  directoryId: id('档口库编号'),
  code: SupplierSaveBody.shape.code,
  remark: SupplierSaveBody.shape.remark,
});
export const StallDirectorySaveBody = StallFields.extend({ id: id('档口库编号').optional(), status: EnableStatus.default('ENABLED').describe('状态') });

/** Operator (档口库 page): every directory stall, disabled ones too, newest change first. */
export const StallDirectoryAdminRow = StallDirectoryRow.extend({ status: EnableStatus, updatedAt: z.string() });
export type StallDirectoryAdminRow = z.infer<typeof StallDirectoryAdminRow>;
export const StallDirectoryPageQuery = pageQuery.extend({ keyword: text('关键词', 60).default(''), status: EnableStatus.optional().describe('状态') });
export type StallDirectoryPageQuery = z.input<typeof StallDirectoryPageQuery>;
export const StallDirectoryPageResult = z.object({ total: z.number(), list: z.array(StallDirectoryAdminRow) });
export type StallDirectoryPageResult = z.infer<typeof StallDirectoryPageResult>;

/** Option lists for selects: id, display name and code. */
export const SupplierOption = z.object({ id: z.number(), name: z.string(), code: z.string(), status: EnableStatus });
export type SupplierOption = z.infer<typeof SupplierOption>;

/** A spreadsheet upload: the .xlsx bytes as base64 (the route raises its own body limit). */
export const ExcelUploadBody = z.object({
  fileName: requiredText('文件名', 200).regex(/\.xlsx$/i, '请上传 .xlsx 格式的 Excel 文件'),
  contentBase64: z
    .string({ error: '请选择要导入的文件' })
    .min(1, '请选择要导入的文件')
    .max(14_000_000, '文件不能超过10MB')
    .regex(/^[A-Za-z0-9+/=\r\n]+$/, '文件内容不正确，请重新选择文件')
    .describe('文件'),
});

export const SupplierImportResult = z.object({ created: z.number(), updated: z.number(), unchanged: z.number() });

// ---- 供应商商品 --------------------------------------------------------------------------------

export const SupplierGoodsRow = z.object({
  id: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  supplierCode: z.string(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  costFen: z.number().nullable(),
  linkedSkus: z.number(),
  updatedAt: z.string(),
});
export type SupplierGoodsRow = z.infer<typeof SupplierGoodsRow>;
export const SupplierGoodsPageBody = pageQuery.extend({
  supplierId: id('供应商').optional(),
  keyword: text('货号', 60).optional(),
  costMissing: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: '仅看未填成本价必须是 true 或 false' }))
    .optional()
    .describe('仅看未填成本价'),
});
export type SupplierGoodsPageQuery = z.input<typeof SupplierGoodsPageBody>;
export const SupplierGoodsCostBody = z.object({ id: id('供应商商品编号'), costFen: costFenField() });

// ---- 自定义商品 --------------------------------------------------------------------------------

export const CustomGoodsSaveBody = z.object({
  id: id('自定义商品编号').optional(),
  name: requiredText('商品名称', 60),
  supplierId: id('供应商').nullable().default(null),
  ...goodsItemFields,
  costFen: costFenField().nullable().default(null),
  picUrl: text('图片地址', 500)
    .regex(/^(https?:\/\/\S+)?$/, '图片地址须以 http:// 或 https:// 开头')
    .default(''),
  remark: text('备注', 200).default(''),
});
export type CustomGoodsSaveBody = z.input<typeof CustomGoodsSaveBody>;
export const CustomGoodsRow = z.object({
  id: z.number(),
  name: z.string(),
  supplierId: z.number().nullable(),
  supplierName: z.string(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  costFen: z.number().nullable(),
  picUrl: z.string(),
  remark: z.string(),
  status: EnableStatus,
  updatedAt: z.string(),
});
export type CustomGoodsRow = z.infer<typeof CustomGoodsRow>;
export const CustomGoodsPageBody = pageQuery.extend({ keyword: text('关键词', 60).optional(), status: EnableStatus.optional().describe('状态') });
export type CustomGoodsPageQuery = z.input<typeof CustomGoodsPageBody>;
export const CustomGoodsStatusBody = z.object({ ids: idList('自定义商品'), status: EnableStatus });

export const goodsPageOf = <T extends z.ZodType>(row: T) => z.object({ total: z.number(), list: z.array(row) });
