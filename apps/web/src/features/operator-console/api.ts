/** The console's withdrawal review calls (the announcement and popup calls live with the notices feature). */
import type { OperatorWithdrawalRow, WithdrawalRow, WithdrawStatus } from '@dropship/contract';
import { call } from '../../app/api';

export type WithdrawalQuery = { pageNo: number; pageSize: number; status?: WithdrawStatus };

export const consoleKeys = {
  all: ['operator-console'] as const,
  withdrawals: (q: WithdrawalQuery) => [...consoleKeys.all, 'withdrawals', q] as const,
};

export const consoleApi = {
  withdrawals: (q: WithdrawalQuery) =>
    call<{ total: number; list: OperatorWithdrawalRow[] }>({ method: 'GET', url: '/api/operator/funds/withdrawals', params: q }),
  approve: (id: number) => call<WithdrawalRow>({ method: 'POST', url: `/api/operator/funds/withdrawals/${id}/approve`, data: {} }),
  reject: (id: number, reason: string) => call<WithdrawalRow>({ method: 'POST', url: `/api/operator/funds/withdrawals/${id}/reject`, data: { reason } }),
};
