/** Calls of 店铺订单 (/order/orderList, /order/thirdOrderDetail). */
import type { ShopOption, ShopOrderDetail, ShopOrderRow, ShopOrderStatusCount, ShopOrdersFilter } from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request';

export type ShopOrdersQuery = ShopOrdersFilter & { pageNo: number; pageSize: number };

export const shopOrderKeys = {
  all: ['shop-orders'] as const,
  page: (q: ShopOrdersQuery) => [...shopOrderKeys.all, 'page', q] as const,
  detail: (id: number) => [...shopOrderKeys.all, 'detail', id] as const,
  shopOptions: () => [...shopOrderKeys.all, 'shopOptions'] as const,
  statusCounts: (f: ShopOrdersFilter) => [...shopOrderKeys.all, 'statusCounts', f] as const,
};

export const shopOrdersApi = {
  page: (q: ShopOrdersQuery) => call<{ total: number; totalCapped: boolean; list: ShopOrderRow[] }>({ method: 'POST', url: '/api/b2/orders/page', data: q }),
  detail: (id: number) => call<ShopOrderDetail>({ method: 'GET', url: `/api/b2/orders/${id}` }),
  shopOptions: () => call<ShopOption[]>({ method: 'GET', url: '/api/b2/orders/shopOptions' }),
  /** Each status's count under the other filters (the status tabs). */
  statusCounts: (f: ShopOrdersFilter) => call<ShopOrderStatusCount[]>({ method: 'POST', url: '/api/b2/orders/statusCounts', data: f }),
  /** The filtered set as .xlsx (the server streams it; at most 100,000 orders). */
  async exportExcel(f: ShopOrdersFilter) {
    const r = await downloadExcel({ url: '/api/b2/orders/export', method: 'post', data: f, fileName: '店铺订单' });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};
