/**
 * List pages keep their filters, tab and paging in the URL (STYLE.md habit 7): reading them with
 * defaults, writing them back without the defaults so a clean page has a clean address.
 */
import { useSearchParams } from 'react-router';

export type UrlValues = Record<string, string>;

export function positiveInt(v: string | undefined, fallback: number, max = 500) {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

/** The URL's values for the given keys (defaults where absent) and a setter that merges a patch. */
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
