/**
 * The list's tab, filters and paging as URL state (STYLE.md habit 7): the address holds exactly
 * what is set; the call body is built from it. Pure, so it is unit-tested.
 */
import { DROPSHIP_TABS, type DropshipTab } from '@dropship/contract';
import { listToUrl, filtersFromUrl as readFilters, pagingFromUrl as readPaging } from '../../lib/url-state';
import type { DropshipQuery } from './api';

export const FILTER_KEYS = [
  'orderNo',
  'platformOrderId',
  'phoneTail',
  'expressCode',
  'trackingNo',
  'shopId',
  'createdFrom',
  'createdTo',
  'speedDelivery',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Partial<Record<FilterKey, string>>;
export const PAGE_SIZES = [20, 50, 100];

export function tabFromUrl(params: URLSearchParams): DropshipTab {
  const s = params.get('status');
  return (DROPSHIP_TABS as readonly string[]).includes(s ?? '') ? (s as DropshipTab) : 'ALL';
}

export const filtersFromUrl = (params: URLSearchParams): FilterValues => readFilters(params, FILTER_KEYS);

export const pagingFromUrl = (params: URLSearchParams) => readPaging(params, { pageSize: 20, maxPageSize: 100, maxPageNo: 100_000 });

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
  return listToUrl(sp, FILTER_KEYS, f, paging, 20);
}
