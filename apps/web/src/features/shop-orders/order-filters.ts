/**
 * The list's filters as URL state (STYLE.md habit 7): the address holds exactly the filters set,
 * the page and its size; the call body is built from it. Pure, so it is unit-tested.
 */
import type { ShopOrdersFilter } from '@dropship/contract';

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

function positive(v: string | null, fallback: number, max: number) {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

export function filtersFromUrl(params: URLSearchParams): FilterValues {
  const out: FilterValues = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k)?.trim();
    if (v) out[k] = v;
  }
  return out;
}

export function pagingFromUrl(params: URLSearchParams) {
  return { pageNo: positive(params.get('pageNo'), 1, 100_000), pageSize: positive(params.get('pageSize'), 20, 100) };
}

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
  const sp = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = f[k]?.trim();
    if (v) sp.set(k, v);
  }
  if (paging.pageNo > 1) sp.set('pageNo', String(paging.pageNo));
  if (paging.pageSize !== 20) sp.set('pageSize', String(paging.pageSize));
  return sp;
}
