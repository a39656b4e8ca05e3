/** Calls of the workbench (/home) and courier tracking (/expressMsg), decision 0035. */
import type { ExpressSignRow, ExpressTrace, HomeData } from '@dropship/contract';
import { call } from '../../app/api';

export interface PayLaterStatistics {
  count: number;
  amountFen: number;
}
export interface TakeHomeStatistics {
  waitingAssigned: number;
  taking: number;
  tookToday: number;
  exceptionToday: number;
  unprinted: number;
  stopped: number;
}

export const workbenchKeys = {
  home: () => ['workbench', 'home'] as const,
  signList: () => ['workbench', 'signList'] as const,
  payLater: () => ['workbench', 'payLater'] as const,
  take: () => ['workbench', 'take'] as const,
  abnormal: () => ['workbench', 'abnormal'] as const,
  trace: (no: string) => ['workbench', 'trace', no] as const,
};

export const workbenchApi = {
  home: () => call<HomeData>({ method: 'POST', url: '/api/home/data', data: {} }),
  signList: (limit = 10) => call<ExpressSignRow[]>({ method: 'POST', url: '/api/home/expressSignList', data: { limit } }),
  payLater: () => call<PayLaterStatistics>({ method: 'GET', url: '/api/home/goods/pay/later/statistics' }),
  take: () => call<TakeHomeStatistics>({ method: 'GET', url: '/api/home/purchaser/take/statistics' }),
  abnormal: () => call<{ total: number }>({ method: 'GET', url: '/api/b2/orders/abnormal/summary' }),
  trace: (trackingNo: string) => call<ExpressTrace>({ method: 'POST', url: '/api/home/express/trace', data: { trackingNo } }),
};
