/** The page's address: filters, tab (assignment status), view and paging (url-state.ts). */
import type { TakeQuery } from './api';

export const FILTER_KEYS = [
  'marketArea',
  'market',
  'stallName',
  'pickerId',
  'takingStatus',
  'sellerName',
  'takeCode',
  'createdFrom',
  'createdTo',
  'printed',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Partial<Record<FilterKey, string>>;

export const URL_DEFAULTS = {
  ...(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])) as Record<FilterKey, string>),
  tab: 'ALL',
  view: 'list',
  pageNo: '1',
  pageSize: '20',
};
export type UrlState = typeof URL_DEFAULTS;

export const TABS = ['ALL', 'WAITING_ASSIGNED', 'TAKING', 'TOOK_PART', 'TOOK', 'E_STOP_TAKING', 'E_LACK_TAKING', 'E_STOP_PRODUCTION', 'CLOSE'] as const;

const posInt = (v: string, d: number, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : d;
};

export function filtersOf(u: UrlState): FilterValues {
  const out: FilterValues = {};
  for (const k of FILTER_KEYS) if (u[k].trim()) out[k] = u[k].trim();
  return out;
}

/** What takePage / export / batchPrint take: the filters, the tab as assignmentStatus, numbers as numbers. */
export function filterBody(u: UrlState): Omit<TakeQuery, 'pageNo' | 'pageSize'> {
  const f: Record<string, string | number> = { ...filtersOf(u) };
  if (f.pickerId !== undefined) f.pickerId = Number(f.pickerId);
  if (u.tab !== 'ALL') f.assignmentStatus = u.tab;
  return f;
}

export function queryOf(u: UrlState): TakeQuery {
  return { ...filterBody(u), pageNo: posInt(u.pageNo, 1, 100_000), pageSize: posInt(u.pageSize, 20, 500) };
}
