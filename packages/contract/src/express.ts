/**
 * Express companies and the operator's price rules (快递与运费). The fee of a dropship order is
 * first weight + extra weight steps, by the receiver's province, the weight estimated from the item
 * count; the service fee is per item. All money is integer fen (docs/decisions/0010-dropship-orders.md).
 */
import { z } from 'zod';
import { fenField } from './money.js';
import { requiredText, text } from './schema-helpers.js';

export const ExpressCode = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? '请选择快递公司' : '快递公司编码必须是文字') })
  .trim()
  .regex(/^[A-Z0-9_]{2,20}$/, '快递公司编码格式不正确，请重新选择快递')
  .describe('快递公司');

/** A province name as the area tree writes it; '' is the rule for every province without its own. */
const province = text('省份', 20);

/** A price of the rule table: at most 1,000 yuan (a per-item fee at most 100). */
const ruleFen = (label: string, max = 100_000) => fenField(label, 0, max);

const grams = (label: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}必须是数字（单位：克）`) })
    .int(`${label}必须是整数（单位：克）`)
    .min(1, `${label}至少1克`)
    .max(100_000, `${label}不能超过100千克`)
    .describe(label);

export const ExpressCompany = z.object({ code: z.string(), name: z.string(), enabled: z.boolean(), sort: z.number().int() });
export type ExpressCompany = z.infer<typeof ExpressCompany>;

export const ExpressPriceRule = z.object({
  expressCode: z.string(),
  /** '' = 默认（其他省份）. */
  province: z.string(),
  firstWeightGrams: z.number().int(),
  firstFen: z.number().int(),
  stepWeightGrams: z.number().int(),
  stepFen: z.number().int(),
});
export type ExpressPriceRule = z.infer<typeof ExpressPriceRule>;

export const ExpressSettings = z.object({
  /** 代发服务费 per item, fen. */
  serviceFeePerItemFen: z.number().int(),
  /** The weight one item is counted as when the order gives none (clothing: about half a kilo). */
  itemWeightGrams: z.number().int(),
});
export type ExpressSettings = z.infer<typeof ExpressSettings>;

/** /order/expressList and the operator: every company with its rules, and the fee settings. */
export const ExpressRulesResult = z.object({
  companies: z.array(ExpressCompany.extend({ rules: z.array(ExpressPriceRule) })),
  settings: ExpressSettings,
});
export type ExpressRulesResult = z.infer<typeof ExpressRulesResult>;

/** GET /api/b2/post/orders/express: what a dropship order may be sent with, with the default first-weight price. */
export const PlaceExpressOption = z.object({ code: z.string(), name: z.string(), firstWeightGrams: z.number().int(), firstFen: z.number().int() });
export type PlaceExpressOption = z.infer<typeof PlaceExpressOption>;

export const ItemCount = z
  .number({ error: (iss) => (iss.input === undefined ? '请输入商品件数' : '商品件数必须是数字') })
  .int('商品件数必须是整数')
  .min(1, '商品件数至少1件')
  .max(999, '一单最多999件')
  .describe('商品件数');

/** POST /api/b2/post/orders/express/fee/v2: every enabled company's fee (or one company's) for a receiver and item count. */
export const ExpressFeeBody = z.object({
  province: requiredText('收货省份', 20),
  itemCount: ItemCount,
  weightGrams: grams('包裹重量').optional(),
  expressCode: ExpressCode.optional(),
});
export type ExpressFeeBody = z.input<typeof ExpressFeeBody>;

export const ExpressFeeRow = z.object({
  code: z.string(),
  name: z.string(),
  feeFen: z.number().int(),
  weightGrams: z.number().int(),
  /** The province of the rule used ('' = the default rule). */
  ruleProvince: z.string(),
});
export type ExpressFeeRow = z.infer<typeof ExpressFeeRow>;

/** Operator: replaces one company's rules (the '' rule is required) and its name / enabled flag. */
export const ExpressRulesSaveBody = z.object({
  code: ExpressCode,
  name: requiredText('快递公司名称', 20),
  enabled: z.boolean({ error: '是否启用必须是 true 或 false' }).default(true).describe('是否启用'),
  sort: z.number().int('排序必须是整数').min(0, '排序不能为负数').max(999, '排序不能超过999').default(100).describe('排序'),
  rules: z
    .array(
      z.object({
        province,
        firstWeightGrams: grams('首重'),
        firstFen: ruleFen('首重价格'),
        stepWeightGrams: grams('续重单位'),
        stepFen: ruleFen('续重价格'),
      }),
      { error: '运费规则必须是数组' },
    )
    .min(1, '请至少填写一条默认运费规则')
    .max(40, '运费规则最多40条')
    .refine((rs) => rs.some((r) => r.province === ''), '必须包含一条默认规则（省份留空）')
    .refine((rs) => new Set(rs.map((r) => r.province)).size === rs.length, '同一省份只能有一条运费规则')
    .describe('运费规则'),
});
export type ExpressRulesSaveBody = z.input<typeof ExpressRulesSaveBody>;

export const ExpressSettingsBody = z.object({
  serviceFeePerItemFen: ruleFen('每件服务费', 10_000),
  itemWeightGrams: grams('每件重量'),
});
