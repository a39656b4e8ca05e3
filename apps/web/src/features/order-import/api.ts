/** Calls of the order import (/order/intelligentImport). */
import type { ImportHistoryRow, ImportInspectResult, ImportJobStatus, ImportJobView, ImportMapping, ImportRowView, ImportShop } from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request';

export interface ImportFiles {
  file: File;
  detailFile?: File;
}

export interface HistoryQuery {
  pageNo: number;
  pageSize: number;
  status?: ImportJobStatus;
}

export const importKeys = {
  all: ['order-import'] as const,
  shops: () => [...importKeys.all, 'shops'] as const,
  job: (id: number) => [...importKeys.all, 'job', id] as const,
  rows: (id: number, q: { pageNo: number; pageSize: number; errorsOnly: boolean }) => [...importKeys.all, 'rows', id, q] as const,
  history: (q: HistoryQuery) => [...importKeys.all, 'history', q] as const,
};

const BASE = '/api/b2/orders/import';

/** A download answered with an envelope instead of a file throws its message like any call. */
async function download(...args: Parameters<typeof downloadExcel>) {
  const r = await downloadExcel(...args);
  if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
}

export const importApi = {
  shops: () => call<ImportShop[]>({ method: 'GET', url: `${BASE}/shops` }),
  inspect: (f: ImportFiles) => call<ImportInspectResult>({ method: 'POST', url: `${BASE}/inspect`, data: { ...f }, isFile: true }),
  create: (f: ImportFiles & { shopId: number; mapping?: ImportMapping }) =>
    call<{ jobId: number }>({
      method: 'POST',
      url: BASE,
      data: { ...f, shopId: f.shopId, ...(f.mapping ? { mapping: JSON.stringify(f.mapping) } : {}) },
      isFile: true,
    }),
  job: (id: number) => call<ImportJobView>({ method: 'GET', url: `${BASE}/${id}` }),
  rows: (id: number, data: { pageNo: number; pageSize: number; errorsOnly: boolean }) =>
    call<{ total: number; list: ImportRowView[] }>({ method: 'POST', url: `${BASE}/${id}/rows`, data }),
  confirm: (id: number) => call<ImportJobView>({ method: 'POST', url: `${BASE}/${id}/confirm`, data: {} }),
  cancel: (id: number) => call<null>({ method: 'POST', url: `${BASE}/${id}/cancel`, data: {} }),
  history: (data: HistoryQuery) => call<{ total: number; list: ImportHistoryRow[] }>({ method: 'POST', url: `${BASE}/page`, data }),
  exportHistory: (data: Omit<HistoryQuery, 'pageNo' | 'pageSize'>) => download({ url: `${BASE}/page/export`, method: 'post', data, fileName: '订单导入记录' }),
  template: () => download({ url: `${BASE}/template`, fileName: '订单导入模板' }),
  errors: (id: number, fileName: string) => download({ url: `${BASE}/${id}/errors/export`, fileName: `导入错误行-${fileName.replace(/\.[^.]+$/, '')}` }),
};
