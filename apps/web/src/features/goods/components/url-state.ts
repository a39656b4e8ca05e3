/**
 * The goods list pages keep filters and paging in the URL (STYLE.md habit 7): read with defaults,
 * written back without them, so a clean page has a clean address and a copied link reopens it.
 */
import { useSearchParams } from 'react-router';

export type UrlValues = Record<string, string>;

export function positiveInt(v: string | undefined, fallback: number, max = 100_000) {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

export function useUrlValues<D extends UrlValues>(defaults: D): [D, (patch: Partial<Record<keyof D, string | number | undefined>>) => void] {
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
    setParams(next);
  };
  return [values, set];
}

/** Only the non-empty values: what a call or an export takes as filters. */
export function nonEmpty<T extends Record<string, string | number | undefined>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;
}
