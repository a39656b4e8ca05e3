/**
 * Statistics pages (拿货统计, 缺货统计, 退货统计, 店铺拿退货统计): figures summed from the daily
 * rollups over a range of Beijing days, by day / week / month and split by one dimension
 * (docs/decisions/0034-statistics-rollups.md). Money is integer fen.
 */
import { z } from 'zod';
import { dayField, daysInOrder } from './dates.js';

/** The longest range one view may ask for (a year and a bit): the rollup's cost follows the range. */
export const STATISTICS_MAX_DAYS = 400;

export const StatisticsPeriod = z.enum(['DAY', 'WEEK', 'MONTH'], { error: '统计周期应为按日、按周或按月' });
export type StatisticsPeriod = z.infer<typeof StatisticsPeriod>;
export const STATISTICS_PERIOD_NAMES: Record<StatisticsPeriod, string> = { DAY: '按日', WEEK: '按周', MONTH: '按月' };

export const StatisticsSplit = z.enum(['NONE', 'SELLER', 'PURCHASER', 'PICKER', 'MARKET_AREA', 'STALL', 'GOODS'], {
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
};

const dayCount = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000) + 1;

export const TakeStatisticsBody = z
  .object({
    startDay: dayField('开始日期'),
    endDay: dayField('结束日期'),
    period: StatisticsPeriod.default('DAY').describe('统计周期'),
    split: StatisticsSplit.default('NONE').describe('分组维度'),
  })
  .refine(...daysInOrder('startDay', 'endDay', '开始日期不能晚于结束日期'))
  .refine((v) => dayCount(v.startDay, v.endDay) <= STATISTICS_MAX_DAYS, {
    message: `统计范围最多${STATISTICS_MAX_DAYS}天，请缩小日期范围`,
    path: ['startDay'],
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

export const TakeStatisticsRow = TakeFigures.extend({ period: z.string(), key: z.string(), keyName: z.string() });
export type TakeStatisticsRow = z.infer<typeof TakeStatisticsRow>;

export const TakeStatisticsResult = z.object({
  startDay: z.string(),
  endDay: z.string(),
  period: StatisticsPeriod,
  split: StatisticsSplit,
  /** Every period of the range in order (empty ones too), the chart's x axis. */
  periods: z.array(z.string()),
  rows: z.array(TakeStatisticsRow),
  /** Per key over the whole range. */
  keys: z.array(TakeFigures.extend({ key: z.string(), keyName: z.string() })),
  total: TakeFigures,
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
