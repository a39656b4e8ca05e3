/** Calls of the warehouse (扫描打印, 打印发货, 仓库设置) and of ship-back (the seller's detail page), with query keys. */
import type {
  ShipBackFailuresResult,
  ShipBackView,
  WarehouseExportBody,
  WarehouseHandOverResult,
  WarehouseOrdersResult,
  WarehouseScanResult,
  WarehouseSettingBody,
  WarehouseSettingResult,
  WarehouseShipResult,
  WarehouseVoidWaybillResult,
  WaybillLabelData,
  WaybillSourceBody,
  WaybillSourceList,
} from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export type WarehouseQuery = Partial<Record<keyof WarehouseExportBody, string>> & { pageNo: number; pageSize: number };

export const warehouseKeys = {
  all: ['warehouse'] as const,
  orders: (q: WarehouseQuery) => [...warehouseKeys.all, 'orders', q] as const,
  setting: () => [...warehouseKeys.all, 'setting'] as const,
  waybillSources: () => [...warehouseKeys.all, 'waybillSources'] as const,
  shipBack: (orderId: number) => ['ship-back', orderId] as const,
};

export const warehouseApi = {
  scan: (takeCode: string) => call<WarehouseScanResult>({ method: 'POST', url: '/api/b2/purchaser/warehouse/scan', data: { takeCode } }),
  orders: (q: WarehouseQuery) => call<WarehouseOrdersResult>({ method: 'POST', url: '/api/b2/purchaser/warehouse/orders', data: q }),
  ship: (orderId: number) => call<WarehouseShipResult>({ method: 'POST', url: '/api/b2/purchaser/warehouse/ship', data: { orderId } }),
  /** 拆开单独发: this order alone, not waiting for the other orders of its receiver. */
  shipAlone: (orderId: number) => call<WarehouseShipResult>({ method: 'POST', url: '/api/b2/purchaser/warehouse/shipAlone', data: { orderId } }),
  handOver: (orderId: number) => call<WarehouseHandOverResult>({ method: 'POST', url: '/api/b2/purchaser/warehouse/handOver', data: { orderId } }),
  reprint: (orderId: number) => call<WaybillLabelData>({ method: 'POST', url: '/api/b2/purchaser/warehouse/reprint', data: { orderId } }),
  /** 作废面单: gives a kept (taken, not shipped) number back at its source; the next ship takes a new one. */
  voidWaybill: (orderId: number) => call<WarehouseVoidWaybillResult>({ method: 'POST', url: '/api/b2/purchaser/warehouse/voidWaybill', data: { orderId } }),
  refreshTracking: (orderId: number) =>
    call<{ result: 'signed' | 'moving' | 'unknown' }>({ method: 'POST', url: '/api/b2/purchaser/warehouse/refreshTracking', data: { orderId } }),
  setting: () => call<WarehouseSettingResult>({ method: 'GET', url: '/api/b2/purchaser/warehouse/setting' }),
  waybillSources: () => call<WaybillSourceList>({ method: 'GET', url: '/api/b2/purchaser/warehouse/waybillSources' }),
  saveWaybillSource: (b: WaybillSourceBody) => call<WaybillSourceList>({ method: 'POST', url: '/api/b2/purchaser/warehouse/waybillSources', data: b }),
  saveSetting: (b: WarehouseSettingBody) => call<WarehouseSettingResult>({ method: 'POST', url: '/api/b2/purchaser/warehouse/setting', data: b }),
  async exportExcel(f: Omit<WarehouseQuery, 'pageNo' | 'pageSize'>) {
    const r = await downloadExcel({ url: '/api/b2/purchaser/warehouse/export', method: 'post', data: f, fileName: '打印发货' });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};

export const shipBackApi = {
  of: (orderId: number) => call<ShipBackView | null>({ method: 'GET', url: `/api/b2/post/orders/shipBack?orderId=${orderId}` }),
  retry: (orderId: number) => call<ShipBackView | null>({ method: 'POST', url: '/api/b2/post/orders/shipBack/retry', data: { orderId } }),
  failures: (pageNo = 1, pageSize = 20) =>
    call<ShipBackFailuresResult>({ method: 'POST', url: '/api/b2/post/orders/shipBack/failures', data: { pageNo, pageSize } }),
};
