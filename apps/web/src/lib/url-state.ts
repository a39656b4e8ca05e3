/**
 * List pages keep their filters, tab and paging in the address (STYLE.md habit 7): read with
 * defaults, written back without them, so a clean page has a clean address and a copied link
 * reopens it. One module for every list page; pages differ only by the defaults and caps they pass.
 */
import { type NavigateOptions, useSearchParams } from 'react-router';

export type UrlValues = Record<string, string>;
export type UrlPatch<D extends UrlValues = UrlValues> = Partial<Record<keyof D, string | number | undefined>>;

/** A positive integer from the address, capped at `max`; anything else gives `fallback`. */
export function positiveInt(v: string | null | undefined, fallback: number, max = 100_000) {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

/** The address's values for the keys of `defaults`, the default where a key is absent. */
export function readUrlValues<D extends UrlValues>(params: URLSearchParams, defaults: D): D {
  const values = { ...defaults };
  for (const k of Object.keys(defaults) as (keyof D)[]) {
    const v = params.get(String(k));
    if (v !== null) values[k] = v as D[keyof D];
  }
  return values;
}

/** A new address: `params` with the patch merged in; empty values and defaults are left out. */
export function writeUrlValues(params: URLSearchParams, patch: UrlPatch, defaults: UrlValues = {}): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    const text = v === undefined ? '' : String(v);
    if (text === '' || text === defaults[k]) next.delete(k);
    else next.set(k, text);
  }
  return next;
}

/**
 * The address's values for the given keys and a setter that merges a patch. `navigate` goes to
 * setSearchParams as is: `{ replace: false }` pushes a history entry even when the address is
 * unchanged (the router otherwise replaces it then).
 */
export function useUrlValues<D extends UrlValues>(defaults: D, navigate?: NavigateOptions): [D, (patch: UrlPatch<D>) => void] {
  const [params, setParams] = useSearchParams();
  const set = (patch: UrlPatch<D>) => setParams(writeUrlValues(params, patch, defaults), navigate);
  return [readUrlValues(params, defaults), set];
}

/** Only the non-empty values: what a call or an export takes as filters. */
export function nonEmpty<T extends Record<string, string | number | undefined>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;
}

/** The filters of `keys` that are set (trimmed, non-empty). */
export function filtersFromUrl<K extends string>(params: URLSearchParams, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const k of keys) {
    const v = params.get(k)?.trim();
    if (v) out[k] = v;
  }
  return out;
}

export type Paging = { pageNo: number; pageSize: number };
export type PagingOptions = { pageSize: number; maxPageSize: number; maxPageNo: number };

/** pageNo / pageSize from the address: page 1 of `pageSize` by default, each capped. */
export function pagingFromUrl(params: URLSearchParams, o: PagingOptions): Paging {
  return { pageNo: positiveInt(params.get('pageNo'), 1, o.maxPageNo), pageSize: positiveInt(params.get('pageSize'), o.pageSize, o.maxPageSize) };
}

/**
 * Appends the set filters of `keys` (trimmed) and the paging to `sp`, page 1 and the default page
 * size left out; returns `sp`.
 */
export function listToUrl<K extends string>(
  sp: URLSearchParams,
  keys: readonly K[],
  f: Partial<Record<K, string>>,
  paging: Paging,
  defaultPageSize: number,
): URLSearchParams {
  for (const k of keys) {
    const v = f[k]?.trim();
    if (v) sp.set(k, v);
  }
  if (paging.pageNo > 1) sp.set('pageNo', String(paging.pageNo));
  if (paging.pageSize !== defaultPageSize) sp.set('pageSize', String(paging.pageSize));
  return sp;
}
