/** Calls of declarations (报单): drafts, submit, history, records (with export), goods by stall. */
import type {
  DeclarationCheckResult,
  DeclarationDetail,
  DeclarationGoodsResult,
  DeclarationPageResult,
  DeclarationRecordPageResult,
  DeclarationSaveBody,
  DeclarationSubmitResult,
} from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });

export type Filters = Record<string, string | number>;

export const declarationKeys = {
  all: ['declarations'] as const,
  drafts: (q: Filters) => [...declarationKeys.all, 'drafts', q] as const,
  history: (q: Filters) => [...declarationKeys.all, 'history', q] as const,
  detail: (id: number) => [...declarationKeys.all, 'detail', id] as const,
  records: (q: Filters) => [...declarationKeys.all, 'records', q] as const,
  goods: (q: Filters) => [...declarationKeys.all, 'goods', q] as const,
};

export const declarationApi = {
  check: (body: DeclarationSaveBody) => post<DeclarationCheckResult>('/api/b2/declarations/check', body),
  save: (body: DeclarationSaveBody) => post<DeclarationDetail>('/api/b2/declarations/save', body),
  remove: (id: number) => post<{ id: number }>('/api/b2/declarations/remove', { id }),
  submit: (id: number) => post<DeclarationSubmitResult>('/api/b2/declarations/submit', { id }),
  detail: (id: number) => call<DeclarationDetail>({ method: 'GET', url: '/api/b2/declarations/detail', params: { id } }),
  drafts: (q: Filters) => post<DeclarationPageResult>('/api/b2/declarations/drafts/page', q),
  history: (q: Filters) => post<DeclarationPageResult>('/api/b2/declarations/page', q),
  records: (q: Filters) => post<DeclarationRecordPageResult>('/api/b2/declarations/records/page', q),
  goods: (q: Filters) => post<DeclarationGoodsResult>('/api/b2/declarations/goods', q),
  /** 我的报单 / 报单历史 as .xlsx: the list's filters, every page. */
  async exportList(kind: 'drafts' | 'history', f: Filters) {
    const [url, fileName] = kind === 'drafts' ? ['/api/b2/declarations/drafts/export', '我的报单'] : ['/api/b2/declarations/export', '报单历史'];
    const r = await downloadExcel({ url, method: 'post', data: f, fileName });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
  async exportRecords(f: Filters) {
    const r = await downloadExcel({ url: '/api/b2/declarations/records/export', method: 'post', data: f, fileName: '报单记录' });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
  async exportGoods(f: Filters) {
    const r = await downloadExcel({ url: '/api/b2/declarations/goods/export', method: 'post', data: f, fileName: '报单拿货' });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};
