/**
 * The list's filters as URL state (STYLE.md habit 7): the address holds exactly the filters set,
 * the page and its size; the call body is built from it. Pure, so it is unit-tested.
 */
import type { ShopOrdersFilter } from '@dropship/contract';
import { listToUrl, filtersFromUrl as readFilters, pagingFromUrl as readPaging } from '../../lib/url-state';

/** Filter keys in the order the form shows them; every one is a plain string in the URL. */
export const FILTER_KEYS = [
  'shopId',
  'channel',
  'status',
  'dropshipStatus',
  'refundState',
  'paidFrom',
  'paidTo',
  'platformOrderId',
  'buyerNick',
  'phoneTail',
  'sku',
  'remark',
  'sellerFlag',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Partial<Record<FilterKey, string>>;

const NUMERIC: FilterKey[] = ['shopId', 'sellerFlag'];
export const PAGE_SIZES = [20, 50, 100];

export const filtersFromUrl = (params: URLSearchParams): FilterValues => readFilters(params, FILTER_KEYS);

export const pagingFromUrl = (params: URLSearchParams) => readPaging(params, { pageSize: 20, maxPageSize: 100, maxPageNo: 100_000 });

/** The call body's filters: numbers where the call wants numbers, nothing that is not set. */
export function filterBody(f: FilterValues): ShopOrdersFilter {
  const body: Record<string, string | number> = {};
  for (const k of FILTER_KEYS) {
    const v = f[k];
    if (v === undefined || v === '') continue;
    body[k] = NUMERIC.includes(k) ? Number(v) : v;
  }
  return body as ShopOrdersFilter;
}

/** A new address: the given filters and paging, defaults left out. */
export function toUrl(f: FilterValues, paging: { pageNo: number; pageSize: number }): URLSearchParams {
  return listToUrl(new URLSearchParams(), FILTER_KEYS, f, paging, 20);
}
