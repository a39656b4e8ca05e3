/** Filters and paging of an offline list page, kept in the address (STYLE.md habit 7). */
import { nonEmpty, positiveInt, type UrlValues, useUrlValues } from '../../lib/url-state';
import type { Filters } from './api';

export function useListUrl<K extends string>(keys: readonly K[]) {
  const defaults = { ...Object.fromEntries(keys.map((k) => [k, ''])), pageNo: '1', pageSize: '20' } as Record<K | 'pageNo' | 'pageSize', string> & UrlValues;
  const [values, set] = useUrlValues(defaults);
  const pageNo = positiveInt(values.pageNo, 1);
  const pageSize = positiveInt(values.pageSize, 20, 500);
  const filters = nonEmpty(Object.fromEntries(keys.map((k) => [k, values[k].trim()]))) as Partial<Record<K, string>>;
  const query: Filters = { ...(filters as Filters), pageNo, pageSize };
  /** New filters start again at page 1. */
  const search = (f: Partial<Record<K, string>>) => set({ ...Object.fromEntries(keys.map((k) => [k, f[k] ?? ''])), pageNo: '' } as never);
  const page = (no: number, size: number) => set({ pageNo: size !== pageSize ? '' : String(no), pageSize: String(size) } as never);
  return { filters, pageNo, pageSize, query, search, page };
}
