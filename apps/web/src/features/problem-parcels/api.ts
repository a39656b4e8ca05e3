/** Calls of 问题件 (list, goods, detail, discard, send-back, freight) and the warehouse's send-backs, with their query keys. Money is integer fen. */
import type {
  ProblemBatchResult,
  ProblemDetail,
  ProblemFilter,
  ProblemFreightPayment,
  ProblemGoodRow,
  ProblemPageResult,
  ProblemPayBody,
  ProblemPayResult,
  ProblemReshipBody,
  ProblemReshipQuoteRow,
  ProblemReshipResult,
  ProblemSendBackBody,
  PurchaserSendBackRow,
  ReceiverFields,
} from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export type ProblemQuery = Partial<Record<keyof ProblemFilter, string | number>> & { pageNo: number; pageSize: number };

export const problemKeys = {
  all: ['problem-parcels'] as const,
  page: (q: ProblemQuery) => [...problemKeys.all, 'page', q] as const,
  detail: (id: number) => [...problemKeys.all, 'detail', id] as const,
  goods: (ids: number[]) => [...problemKeys.all, 'goods', ids] as const,
  options: () => [...problemKeys.all, 'sendBackOptions'] as const,
  freight: (id: number, province: string) => [...problemKeys.all, 'freight', id, province] as const,
  reshipQuote: (id: number, province: string) => [...problemKeys.all, 'reshipQuote', id, province] as const,
  sendBacks: (code: string) => [...problemKeys.all, 'purchaserSendBacks', code] as const,
  payment: (outTradeNo: string) => [...problemKeys.all, 'payment', outTradeNo] as const,
};

const B = '/api/b2/afterSales/post';
const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });

export const problemApi = {
  page: (q: ProblemQuery) => post<ProblemPageResult>(`${B}/problem/page`, q),
  detail: (id: number) => call<ProblemDetail>({ method: 'GET', url: `${B}/problem/detail`, params: { id } }),
  goods: (ids: number[]) => post<ProblemGoodRow[]>(`${B}/problemGood/list`, { ids }),
  discard: (ids: number[]) => post<ProblemBatchResult>(`${B}/problem/discard`, { ids }),
  sendBackOptions: () => call<{ savedAddress: ReceiverFields | null }>({ method: 'GET', url: `${B}/problem/sendBack/options` }),
  freight: (id: number, province: string) => post<{ code: string; name: string; feeFen: number }[]>(`${B}/problem/freight`, { id, province }),
  sendBack: (body: ProblemSendBackBody) => post<{ id: number; status: string; freightFen: number }>(`${B}/problem/sendBack`, body),
  cancelSendBack: (id: number) => post<{ id: number; status: string }>('/api/b2/post/orders/cancel/sendBack', { id }),
  pay: (body: ProblemPayBody) => post<ProblemPayResult>(`${B}/problem/pay`, body),
  reshipQuote: (id: number, province: string) => post<ProblemReshipQuoteRow[]>(`${B}/problem/reship/quote`, { id, province }),
  /** 重发: a new dropship order of the parcel's goods, paid from the balance. */
  reship: (body: ProblemReshipBody) => post<ProblemReshipResult>(`${B}/problem/reship`, body),
  /** An Alipay freight trade; the server asks Alipay while it is unpaid. */
  payment: (outTradeNo: string) => call<ProblemFreightPayment>({ method: 'GET', url: `${B}/problem/payment`, params: { outTradeNo } }),
  /** The filtered set as .xlsx (the server streams it). */
  async exportExcel(f: Omit<ProblemQuery, 'pageNo' | 'pageSize'>) {
    const r = await downloadExcel({ url: `${B}/problem/export`, method: 'post', data: f, fileName: '问题件' });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
  // The warehouse's side (scan station).
  sendBacks: (code: string) =>
    post<{ total: number; list: PurchaserSendBackRow[] }>('/api/b2/purchaser/problem/sendBack/page', { code, pageNo: 1, pageSize: 50 }),
  ship: (body: { id: number; waybillNo: string; courierName: string }) => post<{ id: number; status: string }>('/api/b2/purchaser/problem/sendBack/ship', body),
};
