/**
 * A list page's whole state as it stands in the address (STYLE.md habit 7): its filters, page,
 * page size, sort and open dialog. Pure, so every page's reading and writing is unit-tested once.
 */
import { type AnyParam, oneOf, type Param, type ParamDefs, type ParamPatch, type ParamValues, positiveInt, readParams, writeParams } from './params';

/** The one page-size policy of every list page: these sizes to choose from, never more than the last. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** Past this a page number is a typo: the server's lists stop long before. */
export const MAX_PAGE_NO = 100_000;

export type SortOrder = 'asc' | 'desc';

export interface ListDef<F extends ParamDefs = ParamDefs, S extends string = never, G extends string = never> {
  /** The filters, each declared once with its type. */
  filters: F;
  /** This list's first page size (one of PAGE_SIZE_OPTIONS); 20 when not said. */
  pageSize?: number;
  /** The columns the table may be sorted by. */
  sorts?: readonly S[];
  /** The dialogs the list opens (?dialog=name&id=row). */
  dialogs?: readonly G[];
  /** For a second list on one page: every key of this one starts with it (wpageNo, wstatus). */
  prefix?: string;
}

export interface ListState<F extends ParamDefs, S extends string, G extends string> {
  filters: ParamValues<F>;
  pageNo: number;
  pageSize: number;
  sort: { field: S; order: SortOrder } | undefined;
  dialog: { name: G; id: number | undefined } | undefined;
}

/** A change of the list: filters merge into the set ones; undefined clears a key. */
export interface ListPatch<F extends ParamDefs, S extends string, G extends string> {
  filters?: ParamPatch<F>;
  pageNo?: number;
  pageSize?: number;
  sort?: { field: S; order: SortOrder } | null;
  dialog?: { name: G; id?: number } | null;
}

const ORDERS: readonly SortOrder[] = ['asc', 'desc'];

/** The parameters of a list, under their address keys. */
function keysOf<F extends ParamDefs, S extends string, G extends string>(def: ListDef<F, S, G>) {
  const size = def.pageSize ?? DEFAULT_PAGE_SIZE;
  const own = {
    pageNo: positiveInt(MAX_PAGE_NO).or(1),
    pageSize: positiveInt(MAX_PAGE_SIZE).or(Math.min(size, MAX_PAGE_SIZE)),
    sort: oneOf(def.sorts ?? []),
    order: oneOf(ORDERS),
    dialog: oneOf(def.dialogs ?? []),
    id: positiveInt(),
  };
  const p = def.prefix ?? '';
  const all: Record<string, AnyParam> = {};
  for (const [k, v] of Object.entries({ ...def.filters, ...own })) all[p + k] = v;
  return { all, p, own };
}

export function readList<F extends ParamDefs, S extends string = never, G extends string = never>(
  params: URLSearchParams,
  def: ListDef<F, S, G>,
): ListState<F, S, G> {
  const { all, p } = keysOf(def);
  const v = readParams(params, all) as Record<string, unknown>;
  const filters = Object.fromEntries(Object.keys(def.filters).map((k) => [k, v[p + k]])) as ParamValues<F>;
  const field = v[`${p}sort`] as S | undefined;
  const name = v[`${p}dialog`] as G | undefined;
  return {
    filters,
    pageNo: v[`${p}pageNo`] as number,
    pageSize: v[`${p}pageSize`] as number,
    sort: field ? { field, order: (v[`${p}order`] as SortOrder | undefined) ?? 'asc' } : undefined,
    dialog: name ? { name, id: v[`${p}id`] as number | undefined } : undefined,
  };
}

/**
 * A new address with the change written in; keys of other lists and pages kept. New filters or a
 * new page size go back to page 1 (the old page may not exist any more).
 */
export function writeList<F extends ParamDefs, S extends string = never, G extends string = never>(
  params: URLSearchParams,
  def: ListDef<F, S, G>,
  patch: ListPatch<F, S, G>,
  current: ListState<F, S, G> = readList(params, def),
): URLSearchParams {
  const { all, p } = keysOf(def);
  const flat: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch.filters ?? {})) flat[p + k] = v;
  const sizeChanged = patch.pageSize !== undefined && patch.pageSize !== current.pageSize;
  if (patch.filters || sizeChanged) flat[`${p}pageNo`] = undefined;
  else if (patch.pageNo !== undefined) flat[`${p}pageNo`] = patch.pageNo;
  if (patch.pageSize !== undefined) flat[`${p}pageSize`] = Math.min(patch.pageSize, MAX_PAGE_SIZE);
  if (patch.sort !== undefined) {
    flat[`${p}sort`] = patch.sort?.field;
    flat[`${p}order`] = patch.sort?.field ? patch.sort.order : undefined;
  }
  if (patch.dialog !== undefined) {
    flat[`${p}dialog`] = patch.dialog?.name;
    flat[`${p}id`] = patch.dialog?.id;
  }
  return writeParams(params, all, flat as ParamPatch<typeof all>);
}

/** The set filters: those with a default always, the others when they have a value. */
export type ActiveFilters<V> = { [K in keyof V as undefined extends V[K] ? never : K]: V[K] } & {
  [K in keyof V as undefined extends V[K] ? K : never]?: Exclude<V[K], undefined>;
};

/** Only the filters that are set: what a list call or an export takes. */
export function setFilters<V extends Record<string, unknown>>(values: V): ActiveFilters<V> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as ActiveFilters<V>;
}

export type { Param };
