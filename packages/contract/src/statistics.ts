/**
 * Statistics pages (拿货统计, 缺货统计, 退货统计, 店铺拿退货统计): figures summed from the daily
 * rollups over a range of Beijing days, by day / week / month and split by one dimension
 * (docs/decisions/0034-statistics-rollups.md). Money is integer fen.
 */
import { z } from 'zod';
import { dayField, daysInOrder } from './dates.js';
import { id } from './schema-helpers.js';

/** The longest range one view may ask for (a year and a bit): the rollup's cost follows the range. */
export const STATISTICS_MAX_DAYS = 400;

export const StatisticsPeriod = z.enum(['DAY', 'WEEK', 'MONTH'], { error: '统计周期应为按日、按周或按月' });
export type StatisticsPeriod = z.infer<typeof StatisticsPeriod>;
export const STATISTICS_PERIOD_NAMES: Record<StatisticsPeriod, string> = { DAY: '按日', WEEK: '按周', MONTH: '按月' };

export const StatisticsSplit = z.enum(['NONE', 'SELLER', 'PURCHASER', 'PICKER', 'MARKET_AREA', 'STALL', 'GOODS', 'SHOP', 'CHANNEL'], {
  error: '分组维度不正确',
});
export type StatisticsSplit = z.infer<typeof StatisticsSplit>;
export const STATISTICS_SPLIT_NAMES: Record<StatisticsSplit, string> = {
  NONE: '不分组',
  SELLER: '卖家',
  PURCHASER: '采购商',
  PICKER: '拿货员',
  MARKET_AREA: '市场区域',
  STALL: '档口',
  GOODS: '商品（档口/货号）',
  SHOP: '店铺',
  CHANNEL: '平台',
};

/** The take splits read from the shop grain (decision 0037, "Shop and channel splits"): a seller's only. */
export const SHOP_SPLITS: readonly StatisticsSplit[] = ['SHOP', 'CHANNEL'];

/** At most this many shops in one shop filter (a seller has a handful; the cap keeps the query's list short). */
export const STATISTICS_MAX_SHOPS = 50;

/** Only these shops of the seller's (another seller's answers not found). */
const shopIdsField = z
  .array(id('店铺'), { error: '店铺筛选应为店铺编号的列表' })
  .max(STATISTICS_MAX_SHOPS, `最多选择${STATISTICS_MAX_SHOPS}个店铺`)
  .optional()
  .describe('店铺（多选）');

/** A shop the picker offers: every shop of the seller's, removed ones too (their figures stay). */
export const StatisticsShopOption = z.object({ id: z.number(), name: z.string(), channel: z.string(), removed: z.boolean() });
export type StatisticsShopOption = z.infer<typeof StatisticsShopOption>;

const dayCount = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000) + 1;

export const TakeStatisticsBody = z
  .object({
    startDay: dayField('开始日期'),
    endDay: dayField('结束日期'),
    period: StatisticsPeriod.default('DAY').describe('统计周期'),
    split: StatisticsSplit.default('NONE').describe('分组维度'),
    /** Only with the shop or channel split: the other splits' grains carry no shop. */
    shopIds: shopIdsField,
  })
  .refine(...daysInOrder('startDay', 'endDay', '开始日期不能晚于结束日期'))
  .refine((v) => dayCount(v.startDay, v.endDay) <= STATISTICS_MAX_DAYS, {
    message: `统计范围最多${STATISTICS_MAX_DAYS}天，请缩小日期范围`,
    path: ['startDay'],
  })
  .refine((v) => v.shopIds === undefined || v.shopIds.length === 0 || SHOP_SPLITS.includes(v.split), {
    message: '只有按店铺或平台分组时才能筛选店铺',
    path: ['shopIds'],
  });
export type TakeStatisticsBody = z.infer<typeof TakeStatisticsBody>;

/** The figures of one cell (a period and a key, a key's total, or the grand total). */
export const TakeFigures = z.object({
  items: z.number(),
  quantity: z.number(),
  amountFen: z.number(),
  took: z.number(),
  tookPart: z.number(),
  lack: z.number(),
  nextDay: z.number(),
  stopped: z.number(),
  tookQuantity: z.number(),
  tookFen: z.number(),
  /** (took + tookPart) / items, 0..1, 4 decimals; 0 without items. */
  takeRate: z.number(),
  /** lack / items, 0..1. */
  lackRate: z.number(),
  /** Average seconds from assignment to the mark over the timed taken items; null when none. */
  avgTakeSeconds: z.number().nullable(),
});
export type TakeFigures = z.infer<typeof TakeFigures>;

/**
 * Every statistics answer has one shape over its own figures: a row per period and key, the figures
 * per key over the whole range, and the grand total.
 */
function statisticsAnswer<F extends z.ZodRawShape, S extends z.ZodType>(figures: z.ZodObject<F>, split: S) {
  const keyed = { key: z.string(), keyName: z.string() };
  const row = figures.extend({ period: z.string(), ...keyed });
  const result = z.object({
    startDay: z.string(),
    endDay: z.string(),
    period: StatisticsPeriod,
    split,
    /** Every period of the range in order (empty ones too), the chart's x axis. */
    periods: z.array(z.string()),
    rows: z.array(row),
    /** Per key over the whole range. */
    keys: z.array(figures.extend(keyed)),
    total: figures,
  });
  return { row, result };
}

const takeAnswer = statisticsAnswer(TakeFigures, StatisticsSplit);
export const TakeStatisticsRow = takeAnswer.row;
export type TakeStatisticsRow = z.infer<typeof TakeStatisticsRow>;

export const TakeStatisticsResult = takeAnswer.result.extend({
  /** Only the caller's own numbers (a picker's sub-account). */
  ownOnly: z.boolean(),
});
export type TakeStatisticsResult = z.infer<typeof TakeStatisticsResult>;

export const StatisticsRebuildBody = z
  .object({ startDay: dayField('开始日期'), endDay: dayField('结束日期') })
  .refine(...daysInOrder('startDay', 'endDay', '开始日期不能晚于结束日期'))
  .refine((v) => dayCount(v.startDay, v.endDay) <= STATISTICS_MAX_DAYS, {
    message: `重建范围最多${STATISTICS_MAX_DAYS}天`,
    path: ['startDay'],
  });
export const StatisticsRebuildResult = z.object({ days: z.number() });

/** 退货统计 splits: the after-sale rollup's keys. */
export const ReturnStatisticsSplit = z.enum(['NONE', 'SELLER', 'PURCHASER', 'SHOP', 'STALL', 'GOODS', 'REASON', 'TYPE'], { error: '分组维度不正确' });
export type ReturnStatisticsSplit = z.infer<typeof ReturnStatisticsSplit>;
export const RETURN_STATISTICS_SPLIT_NAMES: Record<ReturnStatisticsSplit, string> = {
  NONE: '不分组',
  SELLER: '卖家',
  PURCHASER: '采购商',
  SHOP: '店铺',
  STALL: '档口',
  GOODS: '商品（档口/货号）',
  REASON: '售后原因',
  TYPE: '售后类型',
};

export const ReturnStatisticsBody = z
  .object({
    startDay: dayField('开始日期'),
    endDay: dayField('结束日期'),
    period: StatisticsPeriod.default('DAY').describe('统计周期'),
    split: ReturnStatisticsSplit.default('NONE').describe('分组维度'),
  })
  .refine(...daysInOrder('startDay', 'endDay', '开始日期不能晚于结束日期'))
  .refine((v) => dayCount(v.startDay, v.endDay) <= STATISTICS_MAX_DAYS, {
    message: `统计范围最多${STATISTICS_MAX_DAYS}天，请缩小日期范围`,
    path: ['startDay'],
  });
export type ReturnStatisticsBody = z.infer<typeof ReturnStatisticsBody>;

/** The after-sale figures of one cell, with the items placed (take items) they are a rate of. */
export const ReturnFigures = z.object({
  /** After-sales made on the days, their quantity, those whose goods come back, the finished ones. */
  cases: z.number(),
  quantity: z.number(),
  returned: z.number(),
  finished: z.number(),
  /** Owed back to the seller, and given back so far (fen). */
  refundFen: z.number(),
  refundedFen: z.number(),
  /** Take items placed on the same days for the same key (for a reason, type or shop: all of the period). */
  placed: z.number(),
  /** cases / placed, 0..1, 4 decimals; 0 without placed items. */
  returnRate: z.number(),
});
export type ReturnFigures = z.infer<typeof ReturnFigures>;

const returnAnswer = statisticsAnswer(ReturnFigures, ReturnStatisticsSplit);
export const ReturnStatisticsRow = returnAnswer.row;
export type ReturnStatisticsRow = z.infer<typeof ReturnStatisticsRow>;

export const ReturnStatisticsResult = returnAnswer.result;
export type ReturnStatisticsResult = z.infer<typeof ReturnStatisticsResult>;

/** 店铺拿退货统计 splits (decision 0037): by the seller's shop, or by its platform. */
export const ShopStatisticsSplit = z.enum(['SHOP', 'CHANNEL'], { error: '分组维度应为店铺或平台' });
export type ShopStatisticsSplit = z.infer<typeof ShopStatisticsSplit>;
export const SHOP_STATISTICS_SPLIT_NAMES: Record<ShopStatisticsSplit, string> = { SHOP: '店铺', CHANNEL: '平台' };

export const ShopStatisticsBody = z
  .object({
    startDay: dayField('开始日期'),
    endDay: dayField('结束日期'),
    period: StatisticsPeriod.default('DAY').describe('统计周期'),
    split: ShopStatisticsSplit.default('SHOP').describe('分组维度'),
    /** Only this shop of the seller's (another's answers not found). */
    shopId: id('店铺').optional().describe('店铺'),
    /** The shop picker's choice (with `shopId`, the union). */
    shopIds: shopIdsField,
  })
  .refine(...daysInOrder('startDay', 'endDay', '开始日期不能晚于结束日期'))
  .refine((v) => dayCount(v.startDay, v.endDay) <= STATISTICS_MAX_DAYS, {
    message: `统计范围最多${STATISTICS_MAX_DAYS}天，请缩小日期范围`,
    path: ['startDay'],
  });
export type ShopStatisticsBody = z.infer<typeof ShopStatisticsBody>;

/** One cell of 店铺拿退货统计: the take items of the shop's orders placed on the days, and the after-sales made on them. */
export const ShopFigures = z.object({
  /** Take items placed, their quantity and cost (fen). */
  items: z.number(),
  quantity: z.number(),
  amountFen: z.number(),
  /** Taken whole or in part (items), the pieces taken and the money paid for them (fen). */
  took: z.number(),
  tookQuantity: z.number(),
  tookFen: z.number(),
  /** Out of stock (items). */
  lack: z.number(),
  /** (took + part) / items, 0..1, 4 decimals. */
  takeRate: z.number(),
  /** After-sales made on the days, the pieces whose goods come back, money owed back to the seller and given back so far (fen). */
  cases: z.number(),
  returnedQuantity: z.number(),
  refundFen: z.number(),
  refundedFen: z.number(),
  /** cases / items, 0..1, 4 decimals; 0 without items. */
  returnRate: z.number(),
});
export type ShopFigures = z.infer<typeof ShopFigures>;

const shopAnswer = statisticsAnswer(ShopFigures, ShopStatisticsSplit);
export const ShopStatisticsRow = shopAnswer.row;
export type ShopStatisticsRow = z.infer<typeof ShopStatisticsRow>;

export const ShopStatisticsResult = shopAnswer.result;
export type ShopStatisticsResult = z.infer<typeof ShopStatisticsResult>;

/** 利润统计 splits (decision 0038): by the seller's shop, by its platform, or none. */
export const ProfitStatisticsSplit = z.enum(['SHOP', 'CHANNEL', 'NONE'], { error: '分组维度应为店铺、平台或不分组' });
export type ProfitStatisticsSplit = z.infer<typeof ProfitStatisticsSplit>;
export const PROFIT_SPLIT_NAMES: Record<ProfitStatisticsSplit, string> = { SHOP: '店铺', CHANNEL: '平台', NONE: '不分组' };

const RANGE = { startDay: dayField('开始日期'), endDay: dayField('结束日期') };
const inRange = (v: { startDay: string; endDay: string }) => dayCount(v.startDay, v.endDay) <= STATISTICS_MAX_DAYS;
const RANGE_TOO_LONG = { message: `统计范围最多${STATISTICS_MAX_DAYS}天，请缩小日期范围`, path: ['startDay'] };

export const ProfitStatisticsBody = z
  .object({
    ...RANGE,
    period: StatisticsPeriod.default('DAY').describe('统计周期'),
    split: ProfitStatisticsSplit.default('SHOP').describe('分组维度'),
    /** The shop picker's choice, as on the 拿退货 tab: only these shops' orders. */
    shopIds: shopIdsField,
  })
  .refine(...daysInOrder('startDay', 'endDay', '开始日期不能晚于结束日期'))
  .refine(inRange, RANGE_TOO_LONG);
export type ProfitStatisticsBody = z.infer<typeof ProfitStatisticsBody>;

/**
 * The money of a set of paid orders (decision 0038), fen: sale price (the shop order's paid amount
 * for the placed lines), goods, express and service (what the seller's payment of the order kept,
 * after every refund, plus 补款), what after-sales gave back (stall refunds), profit and margin.
 */
export const ProfitFigures = z.object({
  orders: z.number(),
  /** Orders without a sale price (placed by hand or imported without a shop order): counted with sale 0. */
  noSale: z.number(),
  saleFen: z.number(),
  goodsFen: z.number(),
  expressFen: z.number(),
  serviceFen: z.number(),
  afterSaleBackFen: z.number(),
  /** sale − goods − express − service + after-sale back. */
  profitFen: z.number(),
  /** profit / sale, 0..1 (negative for a loss), 4 decimals; 0 without sale. */
  margin: z.number(),
});
export type ProfitFigures = z.infer<typeof ProfitFigures>;

const profitAnswer = statisticsAnswer(ProfitFigures, ProfitStatisticsSplit);
export const ProfitStatisticsRow = profitAnswer.row;
export type ProfitStatisticsRow = z.infer<typeof ProfitStatisticsRow>;

export const ProfitStatisticsResult = profitAnswer.result;
export type ProfitStatisticsResult = z.infer<typeof ProfitStatisticsResult>;

/** The per-order list: the range, optionally one shop (0: orders without a shop) and the picked shops, paged. */
export const ProfitOrdersBody = z
  .object({
    ...RANGE,
    /** The seller's shop; 0 = orders without a shop; absent = every order. */
    shopId: z.number({ error: '店铺必须是数字' }).int('店铺必须是整数').min(0, '店铺不正确').max(2_147_483_647, '店铺超出范围').optional().describe('店铺'),
    /** The shop picker's choice on the page; with `shopId`, both apply. */
    shopIds: shopIdsField,
    pageNo: z.coerce.number().int('页码必须是整数').min(1, '页码至少为1').max(100_000, '页码超出范围').default(1).describe('页码'),
    pageSize: z.coerce.number().int('每页条数必须是整数').min(1, '每页条数至少为1').max(100, '每页最多100条').default(20).describe('每页条数'),
  })
  .refine(...daysInOrder('startDay', 'endDay', '开始日期不能晚于结束日期'))
  .refine(inRange, RANGE_TOO_LONG);
export type ProfitOrdersBody = z.infer<typeof ProfitOrdersBody>;

/** One paid order's parts and profit (no receiver). */
export const ProfitOrderRow = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  platformOrderId: z.string().nullable(),
  shopId: z.number(),
  shopName: z.string(),
  status: z.string(),
  /** The Beijing day it was paid: the day it counts on. */
  paidDay: z.string(),
  /** No sale price known (no shop order): sale counted as 0. */
  noSale: z.boolean(),
  saleFen: z.number(),
  goodsFen: z.number(),
  expressFen: z.number(),
  serviceFen: z.number(),
  afterSaleBackFen: z.number(),
  profitFen: z.number(),
  margin: z.number(),
});
export type ProfitOrderRow = z.infer<typeof ProfitOrderRow>;

export const ProfitOrdersResult = z.object({ total: z.number(), list: z.array(ProfitOrderRow), sum: ProfitFigures });
export type ProfitOrdersResult = z.infer<typeof ProfitOrdersResult>;
