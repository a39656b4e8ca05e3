/** Calls of 我的工单 (the customer's, /api/b2/workorder) and of the console's 工单处理 (/api/operator/workOrders), with their query keys. */
import type { WorkOrderCreateBody, WorkOrderDetail, WorkOrderPage, WorkOrderRateBody, WorkOrderStatus, WorkOrderType } from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export type WorkOrderQuery = {
  pageNo: number;
  pageSize: number;
  status?: WorkOrderStatus;
  type?: WorkOrderType;
  keyword?: string;
  createdFrom?: string;
  createdTo?: string;
  orgName?: string;
};

export const workOrderKeys = {
  all: ['work-orders'] as const,
  page: (console: boolean, q: WorkOrderQuery) => [...workOrderKeys.all, console ? 'console' : 'mine', 'page', q] as const,
  detail: (console: boolean, id: number) => [...workOrderKeys.all, console ? 'console' : 'mine', 'detail', id] as const,
};

const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });
type Done = { id: number };

async function exportExcel(url: string, params: Omit<WorkOrderQuery, 'pageNo' | 'pageSize'>, fileName: string) {
  const r = await downloadExcel({ url, method: 'get', params: { pageNo: 1, pageSize: 20, ...params }, fileName });
  if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
}

const C = '/api/b2/workorder';
export const workOrderApi = {
  page: (q: WorkOrderQuery) => post<WorkOrderPage>(`${C}/list`, q),
  detail: (id: number) => post<WorkOrderDetail>(`${C}/detail`, { id }),
  create: (body: WorkOrderCreateBody) => post<{ id: number; workOrderNo: string }>(`${C}/create`, body),
  reply: (id: number, content: string, images: string[]) => post<Done>(`${C}/reply`, { id, content, images }),
  resolve: (id: number) => post<Done>(`${C}/resolve`, { id }),
  close: (id: number) => post<Done>(`${C}/close`, { id }),
  reopen: (id: number) => post<Done>(`${C}/reopen`, { id }),
  rate: (body: WorkOrderRateBody) => post<Done>(`${C}/rate`, body),
  exportExcel: (f: Omit<WorkOrderQuery, 'pageNo' | 'pageSize'>) => exportExcel(`${C}/export`, f, '我的工单'),
};

const O = '/api/operator/workOrders';
export const consoleWorkOrderApi = {
  page: (q: WorkOrderQuery) => post<WorkOrderPage>(`${O}/list`, q),
  detail: (id: number) => post<WorkOrderDetail>(`${O}/detail`, { id }),
  accept: (id: number) => post<Done>(`${O}/accept`, { id }),
  reply: (id: number, content: string, images: string[]) => post<Done>(`${O}/reply`, { id, content, images }),
  resolve: (id: number) => post<Done>(`${O}/resolve`, { id }),
  close: (id: number) => post<Done>(`${O}/close`, { id }),
  exportExcel: (f: Omit<WorkOrderQuery, 'pageNo' | 'pageSize'>) => exportExcel(`${O}/export`, f, '工单'),
};
