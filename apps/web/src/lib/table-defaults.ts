/** Table and pagination defaults of SPEC.md section 9, in antd's own prop shapes. */
import { PAGINATION_TEXT, TABLE } from '@dropship/contract';
import type { TablePaginationConfig } from 'antd';

export const COLUMN_MIN_WIDTH = TABLE.columnMinWidth;
/** Selection, expand and index columns share one width. */
export const SELECTION_COLUMN_WIDTH = TABLE.selectionColumnWidth;
export const EXPAND_COLUMN_WIDTH = TABLE.selectionColumnWidth;
export const INDEX_COLUMN_WIDTH = TABLE.selectionColumnWidth;
export const TREE_INDENT = TABLE.indent;

export const paginationDefaults = {
  showSizeChanger: true,
  showTotal: (total: number) => PAGINATION_TEXT.total(total),
  locale: { items_per_page: PAGINATION_TEXT.perPage },
} satisfies TablePaginationConfig;

/** The total's text of a list counted up to its cap: "共 10000+ 条（请缩小筛选范围）" when more match. */
export const totalText = (capped: boolean | undefined) =>
  ({ showTotal: capped ? PAGINATION_TEXT.totalCapped : PAGINATION_TEXT.total }) satisfies TablePaginationConfig;

/** For <Table rowSelection={{ ...rowSelectionDefaults, ... }}>. */
export const rowSelectionDefaults = { columnWidth: SELECTION_COLUMN_WIDTH } as const;

/** For <Table expandable={{ ...expandableDefaults, ... }}>: expand column width and tree indent. */
export const expandableDefaults = { columnWidth: EXPAND_COLUMN_WIDTH, indentSize: TREE_INDENT } as const;

/** Gives every column without its own minWidth the default one, so narrow screens scroll instead of squashing. */
export function withColumnMinWidth<C extends { minWidth?: number }>(columns: readonly C[]): C[] {
  return columns.map((c) => (c.minWidth === undefined ? { ...c, minWidth: COLUMN_MIN_WIDTH } : c));
}

export interface Paging {
  pageNo: number;
  pageSize: number;
}

/** Paging kept in the URL: current page and size from it; changing the size goes back to page 1. */
export function urlPagination(paging: Paging, total: number, go: (next: Paging) => void, pageSizeOptions = [10, 20, 50, 100]): TablePaginationConfig {
  return {
    ...paginationDefaults,
    current: paging.pageNo,
    pageSize: paging.pageSize,
    total,
    pageSizeOptions,
    onChange: (p, s) => go({ pageNo: s !== paging.pageSize ? 1 : p, pageSize: s }),
  };
}
