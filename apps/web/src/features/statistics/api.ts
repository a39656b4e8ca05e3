/** The statistics calls (decisions 0034, 0037): the take / out-of-stock, return and shop figures and their Excel export. */
import type {
  ProfitOrdersBody,
  ProfitOrdersResult,
  ProfitStatisticsBody,
  ProfitStatisticsResult,
  ReturnStatisticsBody,
  ReturnStatisticsResult,
  ShopStatisticsBody,
  ShopStatisticsResult,
  StatisticsShopOption,
  TakeStatisticsBody,
  TakeStatisticsResult,
} from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export type StatisticsKind = 'take' | 'outStock';
export const STATISTICS_TITLES: Record<StatisticsKind, string> = { take: '拿货统计', outStock: '缺货统计' };

/** The pages whose calls the shop picker's choices come under (each page's own permission). */
export type ShopPickerPage = StatisticsKind | 'shopTakeReturn';

export const statisticsKeys = {
  all: ['statistics'] as const,
  take: (kind: StatisticsKind, q: TakeStatisticsBody) => [...statisticsKeys.all, kind, q] as const,
  shops: (page: ShopPickerPage) => [...statisticsKeys.all, page, 'shops'] as const,
};

/** The seller's shops for the shop picker, removed ones too. */
export const shopOptionsOf = (page: ShopPickerPage) => call<StatisticsShopOption[]>({ method: 'GET', url: `/api/b2/statistics/${page}/shops` });

export const statisticsApi = {
  take: (kind: StatisticsKind, q: TakeStatisticsBody) => call<TakeStatisticsResult>({ method: 'POST', url: `/api/b2/statistics/${kind}`, data: q }),
  async exportTake(kind: StatisticsKind, q: TakeStatisticsBody) {
    const r = await downloadExcel({ url: `/api/b2/statistics/${kind}/export`, method: 'post', fileName: STATISTICS_TITLES[kind], data: q });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};

export const returnStatisticsApi = {
  keys: (q: ReturnStatisticsBody) => [...statisticsKeys.all, 'takeReturn', q] as const,
  get: (q: ReturnStatisticsBody) => call<ReturnStatisticsResult>({ method: 'POST', url: '/api/b2/statistics/takeReturn', data: q }),
  async export(q: ReturnStatisticsBody) {
    const r = await downloadExcel({ url: '/api/b2/statistics/takeReturn/export', method: 'post', fileName: '退货统计', data: q });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};

export const shopStatisticsApi = {
  keys: (q: ShopStatisticsBody) => [...statisticsKeys.all, 'shopTakeReturn', q] as const,
  get: (q: ShopStatisticsBody) => call<ShopStatisticsResult>({ method: 'POST', url: '/api/b2/statistics/shopTakeReturn', data: q }),
  async export(q: ShopStatisticsBody) {
    const r = await downloadExcel({ url: '/api/b2/statistics/shopTakeReturn/export', method: 'post', fileName: '店铺拿退货统计', data: q });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};

/** 利润统计 (decision 0038): a tab of 店铺拿退货统计. */
export const profitStatisticsApi = {
  keys: (q: ProfitStatisticsBody) => [...statisticsKeys.all, 'profit', q] as const,
  orderKeys: (q: ProfitOrdersBody) => [...statisticsKeys.all, 'profitOrders', q] as const,
  get: (q: ProfitStatisticsBody) => call<ProfitStatisticsResult>({ method: 'POST', url: '/api/b2/statistics/profit', data: q }),
  orders: (q: ProfitOrdersBody) => call<ProfitOrdersResult>({ method: 'POST', url: '/api/b2/statistics/profit/orders', data: q }),
  async export(q: ProfitStatisticsBody) {
    const r = await downloadExcel({ url: '/api/b2/statistics/profit/export', method: 'post', fileName: '利润统计', data: q });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
  async exportOrders(q: Omit<ProfitOrdersBody, 'pageNo' | 'pageSize'>) {
    const r = await downloadExcel({ url: '/api/b2/statistics/profit/orders/export', method: 'post', fileName: '订单利润明细', data: q });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};
