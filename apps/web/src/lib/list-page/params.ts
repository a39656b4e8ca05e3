/**
 * Typed URL parameters (the saleor-dashboard habit of typed URL builders): a page declares each
 * value it keeps in the address once, and reading and writing it go through that one declaration,
 * so a hand-edited address can never hand a page a value of the wrong kind.
 */

/** One value in the address. `read` never throws: anything it cannot take gives the fallback. */
export interface Param<T, Out = T | undefined> {
  read(raw: string | null): Out;
  /** The text to keep; '' leaves the key out of the address (unset, or the default). */
  write(value: T | undefined): string;
  /** The same parameter with a default: read gives it when absent, write leaves it out. */
  or(fallback: T): Param<T, T>;
}

function param<T>(parse: (raw: string) => T | undefined, format: (v: T) => string = String): Param<T> {
  const make = <Out>(fallback: Out): Param<T, Out> => ({
    read: (raw) => {
      const v = raw === null ? undefined : parse(raw);
      return (v === undefined ? fallback : v) as Out;
    },
    write: (v) => (v === undefined || (v as unknown) === fallback ? '' : format(v)),
    or: (d) => make<T>(d) as Param<T, T>,
  });
  return make<T | undefined>(undefined);
}

/** Free text, trimmed; blank is unset. */
export const text = (maxLength = 200) => param<string>((raw) => raw.trim().slice(0, maxLength) || undefined);

/** One of a fixed set (an enum of the contract, a tab key); anything else is unset. */
export const oneOf = <V extends string>(values: readonly V[]) => param<V>((raw) => ((values as readonly string[]).includes(raw) ? (raw as V) : undefined));

/** A positive integer up to `max` (larger values are capped, not refused); anything else is unset. */
export const positiveInt = (max = 2_147_483_647) =>
  param<number>((raw) => {
    const n = Number(raw);
    return Number.isInteger(n) && n > 0 ? Math.min(n, max) : undefined;
  });

/**
 * Several positive integers (a multiple choice of ids), kept as `3,5`: sorted and without repeats,
 * so one choice has one address; at most `max` of them; anything else in the list is dropped.
 */
export const idList = (max = 50) =>
  param<number[]>(
    (raw) => {
      const ids = [...new Set(raw.split(',').map(Number))].filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647).sort((a, b) => a - b);
      return ids.length === 0 ? undefined : ids.slice(0, max);
    },
    (v) => [...new Set(v)].sort((a, b) => a - b).join(','),
  );

/** A calendar day, YYYY-MM-DD. */
export const day = () => param<string>((raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw.trim()) ? raw.trim() : undefined));

/** Any declared parameter, whatever it holds (write's argument is checked per key by ParamPatch). */
export interface AnyParam {
  read(raw: string | null): unknown;
  write(value: never): string;
}
/** A calendar month, YYYY-MM. */
export const month = () => param<string>((raw) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(raw.trim()) ? raw.trim() : undefined));

export type ParamDefs = Record<string, AnyParam>;
/** What the address holds for each declared parameter. */
export type ParamValues<D> = { [K in keyof D]: D[K] extends Param<infer _T, infer Out> ? Out : never };
/** A change: each key set to a value or to undefined (cleared). */
export type ParamPatch<D> = { [K in keyof D]?: D[K] extends Param<infer T, infer _Out> ? T | undefined : never };

/** The declared values of `params`. */
export function readParams<D extends ParamDefs>(params: URLSearchParams, defs: D): ParamValues<D> {
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(defs)) out[k] = p.read(params.get(k));
  return out as ParamValues<D>;
}

/** A new address: `params` with the patch written in; other keys kept, unset values and defaults left out. */
export function writeParams<D extends ParamDefs>(params: URLSearchParams, defs: D, patch: ParamPatch<D>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    const p = defs[k];
    if (!p) continue;
    const text = p.write(v as never);
    if (text === '') next.delete(k);
    else next.set(k, text);
  }
  return next;
}
