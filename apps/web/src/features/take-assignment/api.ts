/** Calls of pick-up task assignment (/api/b2/purchaser/assigned/*, decision 0012). */
import type { DownBatch, TakeFilter, TakePageResult, TakePicker, TakeStallGroup } from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

const A = '/api/b2/purchaser/assigned';
export type TakeQuery = Partial<Record<keyof TakeFilter, string | number>> & { pageNo: number; pageSize: number };
export type OperationResult = { results: { id: number; takeCode: string; ok: boolean; message: string }[] };
export interface Kanban {
  date: string;
  total: number;
  carriedOver: number;
  byAssignment: Record<string, number>;
  byTaking: Record<string, number>;
  areas: { marketArea: string; total: number; waiting: number; taking: number; took: number; exception: number }[];
}
export interface BriefRow {
  pickerId: number;
  pickerName: string;
  assigned: number;
  took: number;
  tookPart: number;
  lack: number;
  nextDay: number;
  pending: number;
  quantity: number;
  tookQuantity: number;
  amountFen: number;
}
export interface AutoRule {
  type: 'AREA' | 'STALL';
  value: string;
  pickerId: number;
  pickerName?: string;
}
export interface LogRow {
  id: number;
  operation: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorName: string | null;
  note: string;
  createdAt: string;
}

export const takeKeys = {
  all: ['take-assignment'] as const,
  page: (q: TakeQuery) => [...takeKeys.all, 'page', q] as const,
  groups: (q: TakeQuery) => [...takeKeys.all, 'groups', q] as const,
  pickers: () => [...takeKeys.all, 'pickers'] as const,
  kanban: () => [...takeKeys.all, 'kanban'] as const,
  briefing: () => [...takeKeys.all, 'briefing'] as const,
  log: (id: number) => [...takeKeys.all, 'log', id] as const,
  auto: () => [...takeKeys.all, 'auto'] as const,
  audit: () => [...takeKeys.all, 'audit'] as const,
  downs: (pageNo: number) => [...takeKeys.all, 'downs', pageNo] as const,
};

export const takeApi = {
  page: (data: TakeQuery) => call<TakePageResult>({ method: 'POST', url: `${A}/takePage`, data }),
  groups: (data: TakeQuery) => call<{ total: number; list: TakeStallGroup[] }>({ method: 'POST', url: `${A}/takePageSupplierGroup`, data }),
  pickers: () => call<TakePicker[]>({ method: 'POST', url: `${A}/pickers`, data: {} }),
  assignUser: (takeItemIds: number[], pickerId: number | null) =>
    call<{ count: number }>({ method: 'POST', url: `${A}/takeAssignedUser`, data: { takeItemIds, pickerId } }),
  assignArea: (marketAreas: string[], pickerId: number) =>
    call<{ count: number }>({ method: 'POST', url: `${A}/takeAssignedArea`, data: { marketAreas, pickerId } }),
  assignStalls: (stallKeys: string[], pickerId: number) =>
    call<{ count: number }>({ method: 'POST', url: `${A}/assignTakeSupplier`, data: { stallKeys, pickerId } }),
  stop: (takeItemIds: number[]) => call<OperationResult>({ method: 'POST', url: `${A}/multBatchStopTake`, data: { takeItemIds } }),
  revokeStop: (takeItemIds: number[]) => call<OperationResult>({ method: 'POST', url: `${A}/multBatchRevokeStopTake`, data: { takeItemIds } }),
  kanban: () => call<Kanban>({ method: 'GET', url: `${A}/takeKanban` }),
  briefing: () => call<{ date: string; list: BriefRow[] }>({ method: 'GET', url: `${A}/takeBriefing` }),
  log: (takeItemId: number) =>
    call<{ total: number; list: LogRow[] }>({ method: 'GET', url: `${A}/takeLog`, params: { takeItemId, pageNo: 1, pageSize: 100 } }),
  audit: () =>
    call<{ state: 'NONE' | 'PARTIAL' | 'ALL'; pendingItems: number; downedItems: number; lastDownAt: string | null }>({
      method: 'GET',
      url: `${A}/getPageAuditState`,
    }),
  isDowning: () => call<{ downing: boolean }>({ method: 'POST', url: `${A}/isDowningCode`, data: {} }),
  downList: (pageNo: number) => call<{ total: number; list: DownBatch[] }>({ method: 'POST', url: `${A}/downCodeList`, data: { pageNo, pageSize: 20 } }),
  downCode: () => call<{ batches: number; items: number }>({ method: 'POST', url: `${A}/downCode`, data: {} }),
  getAuto: () => call<{ enabled: boolean; rules: AutoRule[] }>({ method: 'GET', url: '/api/b2/purchaser/setting/autoAssigned' }),
  setAuto: (data: { enabled: boolean; rules: AutoRule[] }) =>
    call<{ enabled: boolean; rules: AutoRule[] }>({ method: 'POST', url: '/api/b2/purchaser/setting/autoAssignedSet', data }),
  async exportExcel(f: Omit<TakeQuery, 'pageNo' | 'pageSize'>) {
    const r = await downloadExcel({ url: `${A}/export`, method: 'post', data: f, fileName: '拿货任务' });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};
