/**
 * The one hook of every list page: its filters, page, page size, sort and open dialog live in the
 * address (readList / writeList), and it hands the page what its table and dialogs need.
 */
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';
import { paginationDefaults } from '../table-defaults';
import { type ListDef, type ListPatch, PAGE_SIZE_OPTIONS, readList, type SortOrder, setFilters, writeList } from './list-state';
import type { ParamDefs, ParamPatch } from './params';

export function useListPage<F extends ParamDefs, S extends string = never, G extends string = never>(def: ListDef<F, S, G>, navigate?: NavigateOptions) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Memoized on the address text, so forms fed from it reset only when the address changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address text is the state; def is the page's constant
  const state = useMemo(() => readList(new URLSearchParams(key), def), [key]);
  const set = (patch: ListPatch<F, S, G>) => setParams((prev) => writeList(prev, def, patch), navigate);
  const filters = useMemo(() => setFilters(state.filters), [state.filters]);

  return {
    ...state,
    /** The set filters only: what the list call and its export take. */
    active: filters,
    /** The list call's body: the set filters with the page. */
    query: { ...filters, pageNo: state.pageNo, pageSize: state.pageSize },
    /** Merges filters into the set ones and goes back to page 1. */
    filter: (patch: ParamPatch<F>) => set({ filters: patch }),
    /** Replaces all filters (a submitted filter form) and goes back to page 1. */
    search: (values: ParamPatch<F>) =>
      set({ filters: Object.fromEntries(Object.keys(def.filters).map((k) => [k, (values as Record<string, unknown>)[k]])) as ParamPatch<F> }),
    change: set,
    openDialog: (name: G, id?: number) => set({ dialog: { name, id } }),
    closeDialog: () => set({ dialog: null }),
    /** Whether `name` is the open dialog (for one opened on a row: that row's id). */
    isOpen: (name: G) => state.dialog?.name === name,
    /** The table's pagination: the one page-size policy, the page kept in the address. */
    pagination: (total: number, extra: TablePaginationConfig = {}): TablePaginationConfig => ({
      ...paginationDefaults,
      current: state.pageNo,
      pageSize: state.pageSize,
      total,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
      onChange: (pageNo, pageSize) => set({ pageNo, pageSize }),
      ...extra,
    }),
    /** The row of the current page the open dialog `name` was opened on (a link to another page's row opens nothing). */
    dialogRow: <R extends { id: number }>(name: G, rows: readonly R[] | undefined): R | undefined =>
      state.dialog?.name === name && state.dialog.id !== undefined ? rows?.find((r) => r.id === state.dialog?.id) : undefined,
    /** A column's controlled sort order, for `sortOrder` on a sortable column. */
    sortOrder: (field: S) => (state.sort?.field === field ? (state.sort.order === 'asc' ? 'ascend' : 'descend') : null),
    /** The table's onChange for sorting: the clicked column and direction go to the address. */
    onSort: (sorter: SorterResult<unknown> | SorterResult<unknown>[]) => {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = s?.order ? (String(s.columnKey ?? s.field) as S) : undefined;
      set({ sort: field ? { field, order: (s?.order === 'descend' ? 'desc' : 'asc') as SortOrder } : null });
    },
  };
}

export type ListPage = ReturnType<typeof useListPage>;
