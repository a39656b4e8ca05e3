/**
 * The money pages keep filters, tab and paging in the address (STYLE.md habit 7): read with
 * defaults, written back without them, so a clean page has a clean address.
 */
import { useSearchParams } from 'react-router';

export function positiveInt(v: string | undefined | null, fallback: number, max = 100_000) {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

export function useUrlState<D extends Record<string, string>>(defaults: D): [D, (patch: Partial<Record<keyof D, string | number | undefined>>) => void] {
  const [params, setParams] = useSearchParams();
  const values = { ...defaults };
  for (const k of Object.keys(defaults) as (keyof D)[]) {
    const v = params.get(String(k));
    if (v !== null) values[k] = v as D[keyof D];
  }
  const set = (patch: Partial<Record<keyof D, string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      const text = v === undefined ? '' : String(v);
      if (text === '' || text === defaults[k]) next.delete(k);
      else next.set(k, text);
    }
    setParams(next, { replace: false });
  };
  return [values, set];
}
