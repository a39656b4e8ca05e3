/**
 * Calls of the funds record pages (充值记录, 优惠券, 拿货结算, 对账单, 支付宝分账, 旧余额) and their
 * query keys. Money is integer fen in every call; pages show yuan.
 */
import type {
  CouponRow,
  CouponStatus,
  OldBalance,
  RechargeRecordRow,
  ReplenishRecordRow,
  RoyaltyAuthState,
  RoyaltySettlementPage,
  RoyaltySettlementPageBody,
  RoyaltyVerifyResult,
  SettlementLineRow,
  SettlementPickerRow,
  SettlementSummaryRow,
  SettlementTotals,
  StatementOverviewRow,
  StatementResult,
} from '@dropship/contract';
import type { z } from 'zod';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export interface Page<R> {
  total: number;
  list: R[];
}
export interface RecordQuery {
  pageNo: number;
  pageSize: number;
  status?: string;
  dateFrom?: string;
  dateTo?: string;
}
export interface SettlementQuery {
  pageNo: number;
  pageSize: number;
  dateFrom: string;
  dateTo: string;
  period?: 'day' | 'week' | 'month';
  supplierName?: string;
  pickerUserId?: number;
}
type Totals = z.infer<typeof SettlementTotals>;
type WithTotals<R> = Page<R> & { totals: Totals };

export const recordsKeys = {
  all: ['funds', 'records'] as const,
  recharges: (q: RecordQuery) => [...recordsKeys.all, 'recharges', q] as const,
  replenish: (q: RecordQuery) => [...recordsKeys.all, 'replenish', q] as const,
  coupons: (q: { pageNo: number; pageSize: number; status: CouponStatus }) => [...recordsKeys.all, 'coupons', q] as const,
  summary: (q: SettlementQuery) => [...recordsKeys.all, 'settlementSummary', q] as const,
  pickers: (q: SettlementQuery) => [...recordsKeys.all, 'settlementPickers', q] as const,
  lines: (q: SettlementQuery) => [...recordsKeys.all, 'settlementLines', q] as const,
  statement: (month: string) => [...recordsKeys.all, 'statement', month] as const,
  overview: () => [...recordsKeys.all, 'statementOverview'] as const,
  royaltyAuth: () => [...recordsKeys.all, 'royaltyAuth'] as const,
  royaltyRecords: (q: RoyaltySettlementPageBody) => [...recordsKeys.all, 'royaltyRecords', q] as const,
  oldBalance: () => [...recordsKeys.all, 'oldBalance'] as const,
};

/** Saves the server's workbook; a JSON answer (too many rows, bad filter) becomes an ApiError the page shows. */
async function exportExcel(url: string, fileName: string, data?: unknown, method: 'get' | 'post' = 'post') {
  const r = await downloadExcel({ url, method, fileName, ...(method === 'post' ? { data: data ?? {} } : { params: data as Record<string, unknown> }) });
  if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
}

const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });

export const recordsApi = {
  recharges: (q: RecordQuery) => post<Page<RechargeRecordRow>>('/api/b2/funds/recharges/page', q),
  exportRecharges: (q: Omit<RecordQuery, 'pageNo' | 'pageSize'>) => exportExcel('/api/b2/funds/recharges/export', '充值记录', q),
  replenish: (q: RecordQuery) => post<Page<ReplenishRecordRow>>('/api/b2/funds/replenish/page', q),
  exportReplenish: (q: Omit<RecordQuery, 'pageNo' | 'pageSize'>) => exportExcel('/api/b2/funds/replenish/export', '补款记录', q),

  coupons: (q: { pageNo: number; pageSize: number; status: CouponStatus }) =>
    post<Page<CouponRow> & { counts: Record<CouponStatus, number> }>('/api/b2/funds/coupon/page', q),
  exportCoupons: (status: CouponStatus) => exportExcel('/api/b2/funds/coupon/export', '优惠券', { status }),

  settlementSummary: (q: SettlementQuery) => post<WithTotals<z.infer<typeof SettlementSummaryRow>>>('/api/b2/funds/settlement/summary', q),
  exportSettlementSummary: (q: SettlementQuery) => exportExcel('/api/b2/funds/settlement/summary/export', '拿货结算', q),
  settlementPickers: (q: SettlementQuery) => post<WithTotals<z.infer<typeof SettlementPickerRow>>>('/api/b2/funds/settlement/pickers', q),
  exportSettlementPickers: (q: SettlementQuery) => exportExcel('/api/b2/funds/settlement/pickers/export', '拿货员结算', q),
  pickerLines: (q: SettlementQuery) => post<WithTotals<z.infer<typeof SettlementLineRow>> & { pickerName: string }>('/api/b2/funds/settlement/picker/lines', q),
  exportPickerLines: (q: SettlementQuery) => exportExcel('/api/b2/funds/settlement/picker/lines/export', '拿货员结算明细', q),

  statement: (month: string) => call<StatementResult>({ method: 'GET', url: '/api/b2/funds/statement', params: { month } }),
  overview: () => call<z.infer<typeof StatementOverviewRow>[]>({ method: 'GET', url: '/api/b2/funds/statement/overview' }),
  exportStatement: (month: string) => exportExcel('/api/b2/funds/statement/export', `对账单-${month}`, { month }, 'get'),

  royaltyAuth: () => call<z.infer<typeof RoyaltyAuthState>>({ method: 'GET', url: '/api/b2/funds/aliLedger/auth' }),
  royaltyBind: (data: { account: string; name: string }) => post<unknown>('/api/b2/funds/aliLedger/bind', data),
  royaltyUnbind: () => post<null>('/api/b2/funds/aliLedger/unbind', {}),
  royaltyVerify: () => post<z.infer<typeof RoyaltyVerifyResult>>('/api/b2/funds/aliLedger/verify', {}),
  royaltyRecords: (q: RoyaltySettlementPageBody) => post<z.infer<typeof RoyaltySettlementPage>>('/api/b2/funds/aliLedger/page', q),
  exportRoyaltyRecords: (f: Omit<RoyaltySettlementPageBody, 'pageNo' | 'pageSize'>) => exportExcel('/api/b2/funds/aliLedger/export', '分账记录', f),

  oldBalance: () => call<z.infer<typeof OldBalance>>({ method: 'GET', url: '/api/account/old/balance' }),
  migrateOldBalance: () => post<{ movedFen: number; alreadyMigrated: boolean }>('/api/account/old/balance/migrate', {}),
};

export type CouponPage = Awaited<ReturnType<typeof recordsApi.coupons>>;
export type { CouponRow, RechargeRecordRow, ReplenishRecordRow };
