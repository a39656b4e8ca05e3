/**
 * Calls of money in and out (part A of the funds capability): balance and entries, pay password
 * and SMS codes, recharge, withdrawal, replenish payment; and their query keys. Money is integer
 * fen in every call; pages show yuan.
 */
import type {
  AlipayPayMethod,
  AlipayPayResult,
  EntryRow,
  PayPasswordStatus,
  RechargeRow,
  ReplenishPaymentRow,
  ReplenishPayResult,
  ReplenishRow,
  SmsCodeV2Result,
  WithdrawAccount,
  WithdrawalRow,
} from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export interface Page<R> {
  total: number;
  /** The total was counted up to the list's cap and more match (the ledger entries). */
  totalCapped?: boolean;
  list: R[];
}
export interface EntryFilter {
  transactionType?: string;
  startTime?: string;
  endTime?: string;
}
export type EntryQuery = EntryFilter & { pageNo: number; pageSize: number };
export interface WithdrawalQuery {
  pageNo: number;
  pageSize: number;
  status?: string;
}

export const paymentsKeys = {
  all: ['funds', 'payments'] as const,
  balance: () => [...paymentsKeys.all, 'balance'] as const,
  entries: (q: EntryQuery) => [...paymentsKeys.all, 'entries', q] as const,
  payPassword: () => [...paymentsKeys.all, 'payPassword'] as const,
  withdrawAccount: () => [...paymentsKeys.all, 'withdrawAccount'] as const,
  withdrawals: (q: WithdrawalQuery) => [...paymentsKeys.all, 'withdrawals', q] as const,
  replenish: (ids: number[] | null) => [...paymentsKeys.all, 'replenish', ids] as const,
  recharge: (outTradeNo: string) => [...paymentsKeys.all, 'recharge', outTradeNo] as const,
  replenishPayment: (outTradeNo: string) => [...paymentsKeys.all, 'replenishPayment', outTradeNo] as const,
};

/** Everything money touches on screen: our queries, the funds record pages and the menu's pending-payment badge. */
export const MONEY_QUERY_KEYS = [['funds'], ['shell', 'waitingPayment']] as const;

async function exportExcel(url: string, fileName: string, params: Record<string, unknown>) {
  const r = await downloadExcel({ url, method: 'get', params, fileName });
  if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
}

const get = <T>(url: string, params?: Record<string, unknown>) => call<T>({ method: 'GET', url, params });
const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });

export const paymentsApi = {
  balance: () => get<{ available: number; frozen: number }>('/api/b2/funds/balance'),
  entries: (q: EntryQuery) => get<Page<EntryRow>>('/api/b2/funds/entries', { ...q }),
  exportEntries: (f: EntryFilter) => exportExcel('/api/b2/funds/entries/export', '余额明细', { ...f }),

  payPasswordStatus: () => get<PayPasswordStatus>('/api/b2/funds/payPassword/status'),
  setPayPassword: (data: { loginPassword: string; payPassword: string }) => post<null>('/api/b2/funds/payPassword/set', data),
  changePayPassword: (data: { oldPayPassword: string; payPassword: string }) => post<null>('/api/b2/funds/payPassword/change', data),
  resetPayPassword: (data: { smsCode: string; payPassword: string }) => post<null>('/api/b2/funds/payPassword/reset', data),
  sendSmsCode: () => post<SmsCodeV2Result>('/api/sms/code/v2', { scene: 'RESET_PAY_PASSWORD' }),

  recharge: (data: { amount: number; payMethod: AlipayPayMethod }) => post<AlipayPayResult>('/api/b2/funds/recharge', data),
  rechargeStatus: (outTradeNo: string) => get<RechargeRow>(`/api/b2/funds/recharge/${encodeURIComponent(outTradeNo)}`),

  withdrawAccount: () => get<WithdrawAccount>('/api/b2/funds/withdrawAccount'),
  bindWithdrawAccount: (data: { alipayAccount: string; realName: string; payPassword: string }) =>
    post<WithdrawAccount>('/api/b2/funds/withdrawAccount/bind', data),
  withdraw: (data: { amount: number; payPassword: string; requestKey: string }) => post<WithdrawalRow>('/api/b2/funds/withdraw', data),
  withdrawals: (q: WithdrawalQuery) => get<Page<WithdrawalRow>>('/api/b2/funds/withdrawals', { ...q }),
  exportWithdrawals: (q: { status?: string }) => exportExcel('/api/b2/funds/withdrawals/export', '提现记录', { ...q }),

  replenishList: (ids: number[] | null) => get<ReplenishRow[]>('/api/b2/funds/replenish/list', ids ? { ids: ids.join(',') } : undefined),
  payReplenish: (data: { ids: number[]; payMethod: 'BALANCE' | AlipayPayMethod; payPassword?: string; requestKey: string }) =>
    post<ReplenishPayResult>('/api/b2/funds/replenish/pay', data),
  replenishPayment: (outTradeNo: string) => get<ReplenishPaymentRow>(`/api/b2/funds/replenish/payment/${encodeURIComponent(outTradeNo)}`),
};
