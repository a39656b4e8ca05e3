/** Calls of offline pickup and return (线下拿货单, 线下退货单, 退货登记, 退货入库分配) and their query keys. */
import type {
  AfterSaleInspectBody,
  AfterSaleReturnResult,
  HeadlessIntake,
  OfflinePickupCreateBody,
  OfflinePickupRow,
  OfflineReturnCreateBody,
  OfflineReturnLineRow,
  OfflineReturnOrderRow,
  ReturnRegisterResult,
} from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export type Filters = Record<string, string | number>;
export interface Paged<T> {
  total: number;
  list: T[];
}
export interface SupplierOption {
  id: number;
  name: string;
  stallText: string;
}
export interface ParcelRow {
  id: number;
  waybillNo: string;
  matched: boolean;
  returnNos: string;
  note: string;
  registeredBy: string;
  createdAt: string;
}
export interface LogRow {
  id: number;
  operation: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorName: string;
  note: string;
  createdAt: string;
}
export interface OpResult {
  moved: number;
  lines: OfflineReturnLineRow[];
}

export const offlineKeys = {
  all: ['offline'] as const,
  suppliers: () => [...offlineKeys.all, 'suppliers'] as const,
  pickups: (q: Filters) => [...offlineKeys.all, 'pickups', q] as const,
  returnOrders: (q: Filters) => [...offlineKeys.all, 'returnOrders', q] as const,
  parcels: (q: Filters) => [...offlineKeys.all, 'parcels', q] as const,
  lines: (q: Filters) => [...offlineKeys.all, 'lines', q] as const,
  pickers: () => [...offlineKeys.all, 'pickers'] as const,
  logs: (side: 'seller' | 'purchaser', id: number) => [...offlineKeys.all, 'logs', side, id] as const,
};

const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });
const get = <T>(url: string) => call<T>({ method: 'GET', url });
async function excel(url: string, data: Filters, fileName: string) {
  const r = await downloadExcel({ url, method: 'post', data, fileName });
  if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
}

export const offlineApi = {
  suppliers: () => get<SupplierOption[]>('/api/b2/offline/suppliers'),
  createPickup: (b: OfflinePickupCreateBody) => post<{ id: number; orderNo: string; totalFen: number }>('/api/b2/offline/pickup/create', b),
  pickups: (q: Filters) => post<Paged<OfflinePickupRow>>('/api/b2/offline/pickup/page', q),
  exportPickups: (q: Filters) => excel('/api/b2/offline/pickup/export', q, '线下拿货单'),
  createReturn: (b: OfflineReturnCreateBody) => post<{ id: number; returnNo: string }>('/api/b2/offline/returnOrder/create', b),
  returnOrders: (q: Filters) => post<Paged<OfflineReturnOrderRow>>('/api/b2/offline/returnOrder/page', q),
  /** 撤销 before the warehouse signs it in. */
  cancelReturn: (id: number) => post<{ id: number; returnNo: string }>('/api/b2/offline/returnOrder/cancel', { id }),
  exportReturnOrders: (q: Filters) => excel('/api/b2/offline/returnOrder/export', q, '线下退货单'),
  sellerLogs: (id: number) => get<LogRow[]>(`/api/b2/offline/returnOrder/line/${id}/logs`),
  register: (b: { waybillNo: string; registerUnmatched?: boolean; note?: string; headless?: HeadlessIntake }) =>
    post<ReturnRegisterResult>('/api/b2/purchaser/offlineReturn/register', b),
  parcels: (q: Filters) => post<Paged<ParcelRow>>('/api/b2/purchaser/offlineReturn/parcels', q),
  exportParcels: (q: Filters) => excel('/api/b2/purchaser/offlineReturn/parcels/export', q, '退货登记记录'),
  lines: (q: Filters) => post<Paged<OfflineReturnLineRow> & { counts: Record<string, number> }>('/api/b2/purchaser/offlineReturn/lines/page', q),
  exportLines: (q: Filters) => excel('/api/b2/purchaser/offlineReturn/lines/export', q, '退货入库分配'),
  pickers: () => get<{ id: number; name: string }[]>('/api/b2/purchaser/offlineReturn/pickers'),
  purchaserLogs: (id: number) => get<LogRow[]>(`/api/b2/purchaser/offlineReturn/line/${id}/logs`),
  assign: (lineIds: number[], pickerUserId: number) => post<OpResult>('/api/b2/purchaser/offlineReturn/lines/assign', { lineIds, pickerUserId }),
  returned: (lineId: number, refundFen?: number) => post<OpResult>('/api/b2/purchaser/offlineReturn/lines/returned', { lineId, refundFen }),
  refuse: (lineId: number, reason: string) => post<OpResult>('/api/b2/purchaser/offlineReturn/lines/refuse', { lineId, reason }),
  stop: (lineIds: number[]) => post<OpResult>('/api/b2/purchaser/offlineReturn/lines/stop', { lineIds }),
  resume: (lineIds: number[]) => post<OpResult>('/api/b2/purchaser/offlineReturn/lines/resume', { lineIds }),
  /** 售后退货: 验货 of a signed-in after-sale, and the purchaser's confirmation of what waits for it. */
  inspectAfterSale: (b: AfterSaleInspectBody) => post<AfterSaleReturnResult>('/api/b2/purchaser/offlineReturn/afterSale/inspect', b),
  confirmAfterSale: (id: number) => post<AfterSaleReturnResult>('/api/b2/purchaser/offlineReturn/afterSale/confirm', { id }),
  /** 验货图片: stored in the site's photo storage; the answered address goes into the inspection's photos. */
  uploadInspectionPhoto: (image: string) => post<{ id: number; url: string }>('/api/b2/purchaser/offlineReturn/afterSale/photo/upload', { image }),
};
