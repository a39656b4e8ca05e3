/** Calls of the picker's phone view (拿货员工作台). */
import type { PickFindResult, PickMarkBody, PickOutcomeResult, PickTodayResult } from '@dropship/contract';
import { call } from '../../app/api';

export const pickingKeys = {
  all: ['picking'] as const,
  today: () => [...pickingKeys.all, 'today'] as const,
};

export const pickingApi = {
  today: () => call<PickTodayResult>({ method: 'GET', url: '/api/b2/purchaser/picking/today' }),
  find: (takeCode: string) => call<PickFindResult>({ method: 'POST', url: '/api/b2/purchaser/picking/findByCode', data: { takeCode } }),
  mark: (data: PickMarkBody) => call<PickOutcomeResult>({ method: 'POST', url: '/api/b2/purchaser/picking/mark', data }),
  cancelTook: (takeItemIds: number[]) => call<PickOutcomeResult>({ method: 'POST', url: '/api/b2/purchaser/assigned/cancelTook', data: { takeItemIds } }),
};
