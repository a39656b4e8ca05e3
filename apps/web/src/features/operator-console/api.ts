/**
 * The console's own calls: withdrawal review, the express rules, the service prices and the stall
 * directory (the announcement and popup calls live with the notices feature).
 */
import type {
  ExpressRulesResult,
  ExpressRulesSaveBody,
  ExpressSettings,
  MemberPlanRow,
  MemberPlanSaveBody,
  OperatorWithdrawalRow,
  PlatformFulfilmentPrices,
  StallDirectoryPageQuery,
  StallDirectoryPageResult,
  StallDirectorySaveBody,
  WithdrawalRow,
  WithdrawStatus,
} from '@dropship/contract';
import type { z } from 'zod';
import { call } from '../../app/api';

export type WithdrawalQuery = { pageNo: number; pageSize: number; status?: WithdrawStatus };

export const consoleKeys = {
  all: ['operator-console'] as const,
  withdrawals: (q: WithdrawalQuery) => [...consoleKeys.all, 'withdrawals', q] as const,
  expressRules: () => [...consoleKeys.all, 'express-rules'] as const,
  expressSettings: () => [...consoleKeys.all, 'express-settings'] as const,
  fulfilmentPrices: () => [...consoleKeys.all, 'fulfilment-prices'] as const,
  stallDirectory: (q: StallDirectoryPageQuery) => [...consoleKeys.all, 'stall-directory', q] as const,
  memberPlans: () => [...consoleKeys.all, 'member-plans'] as const,
};

export const consoleApi = {
  withdrawals: (q: WithdrawalQuery) =>
    call<{ total: number; list: OperatorWithdrawalRow[] }>({ method: 'GET', url: '/api/operator/funds/withdrawals', params: q }),
  approve: (id: number) => call<WithdrawalRow>({ method: 'POST', url: `/api/operator/funds/withdrawals/${id}/approve`, data: {} }),
  reject: (id: number, reason: string) => call<WithdrawalRow>({ method: 'POST', url: `/api/operator/funds/withdrawals/${id}/reject`, data: { reason } }),

  expressRules: () => call<ExpressRulesResult>({ method: 'GET', url: '/api/operator/express/rules' }),
  saveExpressRules: (body: ExpressRulesSaveBody) => call<ExpressRulesResult>({ method: 'POST', url: '/api/operator/express/rules/save', data: body }),
  expressSettings: () => call<ExpressSettings>({ method: 'GET', url: '/api/operator/express/settings' }),
  saveExpressSettings: (body: ExpressSettings) => call<ExpressSettings>({ method: 'POST', url: '/api/operator/express/settings', data: body }),
  fulfilmentPrices: () => call<PlatformFulfilmentPrices>({ method: 'GET', url: '/api/operator/fulfilment/prices' }),
  saveFulfilmentPrices: (body: PlatformFulfilmentPrices) =>
    call<PlatformFulfilmentPrices>({ method: 'POST', url: '/api/operator/fulfilment/prices', data: body }),

  stallDirectory: (q: StallDirectoryPageQuery) => call<StallDirectoryPageResult>({ method: 'GET', url: '/api/operator/stallDirectory/page', params: q }),
  saveStall: (body: z.input<typeof StallDirectorySaveBody>) => call<{ id: number }>({ method: 'POST', url: '/api/operator/stallDirectory/save', data: body }),

  memberPlans: () => call<MemberPlanRow[]>({ method: 'POST', url: '/api/operator/memberPlans/page', data: {} }),
  saveMemberPlan: (body: MemberPlanSaveBody) => call<MemberPlanRow>({ method: 'POST', url: '/api/operator/memberPlans/save', data: body }),
  publishMemberPlan: (id: number) => call<MemberPlanRow>({ method: 'POST', url: `/api/operator/memberPlans/${id}/publish`, data: {} }),
  withdrawMemberPlan: (id: number) => call<MemberPlanRow>({ method: 'POST', url: `/api/operator/memberPlans/${id}/withdraw`, data: {} }),
};
