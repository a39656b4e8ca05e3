/** Calls of 自动售后设置 and its log, and their query keys. Money is integer fen; the pages show yuan. */
import type { ActiveAutoSaleTag, AutoAfterSaleLogFilter, AutoAfterSaleLogPage, AutoAfterSaleSaveBody, AutoAfterSaleSettings } from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export type AutoLogQuery = Partial<Record<keyof AutoAfterSaleLogFilter, string | number>> & { pageNo: number; pageSize: number };

export const autoAfterSaleKeys = {
  all: ['auto-after-sale'] as const,
  settings: () => [...autoAfterSaleKeys.all, 'settings'] as const,
  tag: () => [...autoAfterSaleKeys.all, 'tag'] as const,
  log: (q: AutoLogQuery) => [...autoAfterSaleKeys.all, 'log', q] as const,
};

const B = '/api/b2/aftersale';

export const autoAfterSaleApi = {
  settings: () => call<AutoAfterSaleSettings>({ method: 'GET', url: `${B}/autoRules` }),
  save: (body: AutoAfterSaleSaveBody) => call<{ saved: number }>({ method: 'POST', url: `${B}/autoRules/save`, data: body }),
  tag: () => call<ActiveAutoSaleTag>({ method: 'GET', url: `${B}/orders/query/activeAutoSaleTag` }),
  log: (q: AutoLogQuery) => call<AutoAfterSaleLogPage>({ method: 'POST', url: `${B}/autoLog/page`, data: q }),
  /** The filtered log as .xlsx (the server streams it). */
  async exportExcel(f: Omit<AutoLogQuery, 'pageNo' | 'pageSize'>) {
    const r = await downloadExcel({ url: `${B}/autoLog/export`, method: 'post', data: f, fileName: '自动售后日志' });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};
