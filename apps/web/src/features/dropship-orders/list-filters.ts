/**
 * The list's tab, filters and paging as URL state (STYLE.md habit 7): the address holds exactly
 * what is set; the call body is built from it. Pure, so it is unit-tested.
 */
import { DROPSHIP_TABS, type DropshipTab } from '@dropship/contract';
import type { DropshipQuery } from './api';

export const FILTER_KEYS = ['orderNo', 'platformOrderId', 'phoneTail', 'expressCode', 'trackingNo', 'shopId', 'createdFrom', 'createdTo'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Partial<Record<FilterKey, string>>;
export const PAGE_SIZES = [20, 50, 100];

function positive(v: string | null, fallback: number, max: number) {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

export function tabFromUrl(params: URLSearchParams): DropshipTab {
  const s = params.get('status');
  return (DROPSHIP_TABS as readonly string[]).includes(s ?? '') ? (s as DropshipTab) : 'ALL';
}

export function filtersFromUrl(params: URLSearchParams): FilterValues {
  const out: FilterValues = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k)?.trim();
    if (v) out[k] = v;
  }
  return out;
}

export const pagingFromUrl = (params: URLSearchParams) => ({
  pageNo: positive(params.get('pageNo'), 1, 100_000),
  pageSize: positive(params.get('pageSize'), 20, 100),
});

/** The call's filters: the tab as `status` (none for 全部), numbers where the call wants numbers. */
export function filterBody(tab: DropshipTab, f: FilterValues): Omit<DropshipQuery, 'pageNo' | 'pageSize'> {
  const body: Record<string, string | number> = {};
  if (tab !== 'ALL') body.status = tab;
  for (const k of FILTER_KEYS) {
    const v = f[k];
    if (v) body[k] = k === 'shopId' ? Number(v) : v;
  }
  return body;
}

export function toUrl(tab: DropshipTab, f: FilterValues, paging: { pageNo: number; pageSize: number }): URLSearchParams {
  const sp = new URLSearchParams();
  if (tab !== 'ALL') sp.set('status', tab);
  for (const k of FILTER_KEYS) {
    const v = f[k]?.trim();
    if (v) sp.set(k, v);
  }
  if (paging.pageNo > 1) sp.set('pageNo', String(paging.pageNo));
  if (paging.pageSize !== 20) sp.set('pageSize', String(paging.pageSize));
  return sp;
}
