/**
 * Goods association: shop SKUs and their versioned links to supplier items, by hand,
 * in bulk, by rule (with a preview) and by spreadsheet; and the spec text parser the page and the
 * rules share.
 */
import { z } from 'zod';
import { Channel } from './enums.js';
import { costFenField, EnableStatus, ExcelUploadBody, goodsItemFields, idList } from './goods.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

// ---- 商品关联 ----------------------------------------------------------------------------------

export const GoodsLinkView = z.object({
  linkId: z.number(),
  version: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  supplierCode: z.string(),
  supplierStatus: EnableStatus,
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  costFen: z.number().nullable(),
  source: z.string(),
  createdAt: z.string(),
});
export type GoodsLinkView = z.infer<typeof GoodsLinkView>;

export const ShopSkuRow = z.object({
  id: z.number(),
  channel: z.string(),
  shopId: z.number().nullable(),
  itemId: z.string(),
  skuId: z.string().nullable(),
  title: z.string(),
  spec: z.string(),
  outerItemCode: z.string(),
  outerSkuCode: z.string(),
  picUrl: z.string(),
  lastSeenAt: z.string(),
  link: GoodsLinkView.nullable(),
});
export type ShopSkuRow = z.infer<typeof ShopSkuRow>;

export const LinkedFilter = z.enum(['ALL', 'LINKED', 'UNLINKED']).describe('关联状态');
export const AssociationPageBody = pageQuery.extend({
  linked: LinkedFilter.default('ALL').describe('关联状态'),
  channel: Channel.optional().describe('平台'),
  keyword: text('关键词', 60).optional(),
  supplierId: id('供应商').optional(),
});
export type AssociationPageQuery = z.input<typeof AssociationPageBody>;

export const LinkOneBody = z.object({
  shopSkuId: id('商品SKU'),
  /** The link the user saw (null: unlinked). Another change since then is a conflict, never overwritten. */
  expectedLinkId: id('原关联').nullable().describe('原关联'),
  supplierId: id('供应商'),
  ...goodsItemFields,
  costFen: costFenField().nullable().default(null),
});
export type LinkOneBody = z.input<typeof LinkOneBody>;

export const BulkLinkBody = z.object({
  shopSkuIds: idList('商品SKU'),
  supplierId: id('供应商'),
  artNo: goodsItemFields.artNo,
  /** Empty: each SKU's own color/size from its spec. */
  color: goodsItemFields.color,
  size: goodsItemFields.size,
  costFen: costFenField().nullable().default(null),
  overwrite: z.boolean().default(false).describe('覆盖已有关联'),
});
export type BulkLinkBody = z.input<typeof BulkLinkBody>;

export const UnlinkBody = z.object({ shopSkuIds: idList('商品SKU') });

/** What a link operation did: conflicts are listed, never silently overwritten. */
export const LinkConflict = z.object({ shopSkuId: z.number(), title: z.string(), spec: z.string(), current: z.string(), proposed: z.string() });
export const LinkResult = z.object({
  linked: z.number(),
  unchanged: z.number(),
  conflicts: z.array(LinkConflict),
  failed: z.array(z.object({ shopSkuId: z.number(), reason: z.string() })),
});
export type LinkResult = z.infer<typeof LinkResult>;

export const LinkHistoryRow = GoodsLinkView.extend({ replacedAt: z.string().nullable() });

// ---- 关联规则 ----------------------------------------------------------------------------------

export const RuleSource = z.enum(['OUTER_CODE', 'OUTER_SKU_CODE', 'OUTER_ITEM_CODE', 'TITLE']).describe('匹配来源');
export type RuleSource = z.infer<typeof RuleSource>;
export const RULE_SOURCE_NAMES: Record<RuleSource, string> = {
  OUTER_CODE: '商家编码（先SKU后商品）',
  OUTER_SKU_CODE: 'SKU商家编码',
  OUTER_ITEM_CODE: '商品商家编码',
  TITLE: '商品标题',
};
/** The words a pattern is made of; anything else between them is a separator. */
export const RULE_TOKENS = ['档口', '货号', '颜色', '尺码', '价格'] as const;

export const LinkRuleFields = z.object({
  source: RuleSource.default('OUTER_CODE').describe('匹配来源'),
  pattern: requiredText('规则格式', 60),
  /** A fixed stall for every match (patterns without 档口). */
  supplierId: id('固定档口').nullable().default(null),
});
export type LinkRuleFields = z.input<typeof LinkRuleFields>;
export const LinkRuleSaveBody = LinkRuleFields.extend({ id: id('规则编号').optional(), name: requiredText('规则名称', 30) });
export const LinkRuleRow = z.object({
  id: z.number(),
  name: z.string(),
  source: RuleSource,
  pattern: z.string(),
  supplierId: z.number().nullable(),
  updatedAt: z.string(),
});
export type LinkRuleRow = z.infer<typeof LinkRuleRow>;

export const RuleScope = z.enum(['UNLINKED', 'ALL']).describe('适用范围');
export const RuleOutcome = z.enum(['NEW', 'SAME', 'CONFLICT', 'UNMATCHED']);
export type RuleOutcome = z.infer<typeof RuleOutcome>;
export const RULE_OUTCOME_NAMES: Record<RuleOutcome, string> = { NEW: '将关联', SAME: '已是该关联', CONFLICT: '与现有关联冲突', UNMATCHED: '未匹配' };

export const RulePreviewBody = z.object({
  rule: LinkRuleFields,
  scope: RuleScope.default('UNLINKED').describe('适用范围'),
  outcome: RuleOutcome.optional().describe('预览结果'),
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('条数'),
});
export const RulePreviewRow = z.object({
  shopSkuId: z.number(),
  title: z.string(),
  spec: z.string(),
  sourceText: z.string(),
  outcome: RuleOutcome,
  supplierName: z.string(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  costFen: z.number().nullable(),
  current: z.string(),
  reason: z.string(),
});
export type RulePreviewRow = z.infer<typeof RulePreviewRow>;
export const RuleCounts = z.object({ NEW: z.number(), SAME: z.number(), CONFLICT: z.number(), UNMATCHED: z.number() });
export const RulePreviewResult = z.object({ total: z.number(), counts: RuleCounts, rows: z.array(RulePreviewRow) });
export type RulePreviewResult = z.infer<typeof RulePreviewResult>;

/** Applied in chunks (the page loops on nextAfterId and shows progress). */
export const RuleApplyBody = z.object({
  rule: LinkRuleFields,
  ruleId: id('规则编号').optional(),
  scope: RuleScope.default('UNLINKED').describe('适用范围'),
  overwrite: z.boolean().default(false).describe('覆盖冲突'),
  afterId: z.number().int().min(0).default(0).describe('起始位置'),
  limit: z.number().int().min(1).max(5000).default(2000).describe('每批条数'),
});
export const RuleApplyResult = z.object({
  total: z.number(),
  processed: z.number(),
  counts: RuleCounts,
  overwritten: z.number(),
  nextAfterId: z.number().nullable(),
});
export type RuleApplyResult = z.infer<typeof RuleApplyResult>;

export const LinkImportBody = ExcelUploadBody.extend({ overwrite: z.boolean().default(false).describe('覆盖冲突') });
/** skipped: rows without a stall and article number (unlinked SKUs of an exported file). */
export const LinkImportResult = LinkResult.extend({ skipped: z.number() });
export type LinkImportResult = z.infer<typeof LinkImportResult>;

// ---- 规格文字 ----------------------------------------------------------------------------------

const COLOR_KEYS = /^(颜色|颜色分类|主要颜色|色系|颜色分类名称|color)$/i;
const SIZE_KEYS = /^(尺码|尺寸|大小|码数|鞋码|参考身高|size)$/i;

/**
 * Color and size from a spec text as marketplaces write it: "颜色分类:黑色;尺码:L",
 * "颜色：杏色；尺码：均码", or bare values "黑色,L" (first color, then size).
 */
export function parseSpec(spec: string): { color: string; size: string } {
  const text = spec.trim();
  if (!text) return { color: '', size: '' };
  const pairs = text
    .split(/[;；]/)
    .map((p) => p.split(/[:：]/))
    .filter((kv) => kv.length >= 2);
  if (pairs.length > 0) {
    const value = (re: RegExp) =>
      pairs
        .find(([k]) => re.test((k ?? '').trim()))
        ?.slice(1)
        .join(':')
        .trim() ?? '';
    return { color: value(COLOR_KEYS), size: value(SIZE_KEYS) };
  }
  const [color = '', size = ''] = text.split(/[;；,，/\s]+/).filter(Boolean);
  return { color, size };
}
