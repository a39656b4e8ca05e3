/** Calls of 售后 (售后订单, 售后详情, 申请售后, 快速查询) and their query keys. Money is integer fen; pages show yuan. */
import type {
  AfterSaleApplyBody,
  AfterSaleBatchResult,
  AfterSaleDecideBody,
  AfterSaleDetail,
  AfterSaleFilter,
  AfterSalePageResult,
  ExchangeQuoteResult,
  ExchangeReshipBody,
  ExchangeReshipResult,
  QuickQueryResult,
} from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export type AfterSaleQuery = Partial<Record<keyof AfterSaleFilter, string | number>> & { pageNo: number; pageSize: number };
export type AfterSaleWaybill = { id: number; returnCourierName: string; returnWaybillNo: string };

export const afterSaleKeys = {
  all: ['after-sales'] as const,
  page: (q: AfterSaleQuery) => [...afterSaleKeys.all, 'page', q] as const,
  detail: (id: number) => [...afterSaleKeys.all, 'detail', id] as const,
  quick: (keyword: string) => [...afterSaleKeys.all, 'quickQuery', keyword] as const,
  exchangeQuote: (id: number, province: string) => [...afterSaleKeys.all, 'exchangeQuote', id, province] as const,
};

const A = '/api/b2/aftersale/orders';
const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });

export const afterSaleApi = {
  page: (q: AfterSaleQuery) => post<AfterSalePageResult>(`${A}/page`, q),
  detail: (id: number) => call<AfterSaleDetail>({ method: 'GET', url: `${A}/detail`, params: { id } }),
  apply: (body: AfterSaleApplyBody) => post<{ ids: number[]; afterSaleNos: string[] }>(`${A}/apply`, body),
  /** 售后图片: stored in the site's photo storage; the answered address goes into the request's photos. */
  uploadPhoto: (image: string) => post<{ id: number; url: string }>(`${A}/photo/upload`, { image }),
  cancel: (id: number, requestKey: string) => post<unknown>(`${A}/cancel`, { id, requestKey }),
  intercept: (id: number, requestKey: string) => post<unknown>(`${A}/intercept`, { id, requestKey }),
  batchIntercept: (ids: number[]) => post<AfterSaleBatchResult>(`${A}/batchIntercept`, { ids }),
  waybill: (body: AfterSaleWaybill) => post<unknown>(`${A}/waybill`, body),
  /** 同意退款 / 拒绝退款 on a platform after-sale: the server tells the platform; a refusal there changes nothing. */
  agree: (id: number) => post<unknown>(`${A}/agree`, { id }),
  refuse: (id: number, reason: string) => post<unknown>(`${A}/refuse`, { id, reason }),
  /** The seller's decision on a stall's refusal (接受拒退, 协商退款, 重新退档口). */
  decide: (body: AfterSaleDecideBody) => post<unknown>(`${A}/decide`, body),
  quickQuery: (keyword: string) => post<QuickQueryResult>(`${A}/quickQuery`, { keyword }),
  /** 换货补发: the default receiver and courier, each courier's charges (to `province`, else the original's) and the balance. */
  exchangeQuote: (id: number, province?: string) => post<ExchangeQuoteResult>(`${A}/exchange/quote`, { id, province }),
  /** 换货补发: the replacement order placed and paid from the balance in one step. */
  exchangeReship: (body: ExchangeReshipBody) => post<ExchangeReshipResult>(`${A}/exchange/reship`, body),
  /** The filtered set as .xlsx (the server streams it). */
  async exportExcel(f: Omit<AfterSaleQuery, 'pageNo' | 'pageSize'>) {
    const r = await downloadExcel({ url: `${A}/export`, method: 'post', data: f, fileName: '售后订单' });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};
