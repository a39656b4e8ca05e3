import { describe, expect, it } from 'vitest';
import {
  COLUMN_MIN_WIDTH,
  expandableDefaults,
  INDEX_COLUMN_WIDTH,
  paginationDefaults,
  rowSelectionDefaults,
  SELECTION_COLUMN_WIDTH,
  TREE_INDENT,
  totalText,
  withColumnMinWidth,
} from './table-defaults.js';

describe('table defaults', () => {
  it('has the widths of SPEC.md section 9', () => {
    expect([COLUMN_MIN_WIDTH, SELECTION_COLUMN_WIDTH, INDEX_COLUMN_WIDTH, TREE_INDENT]).toEqual([80, 48, 48, 16]);
    expect(rowSelectionDefaults).toEqual({ columnWidth: 48 });
    expect(expandableDefaults).toEqual({ columnWidth: 48, indentSize: 16 });
  });

  it('says a capped total is a lower bound and asks for narrower filters', () => {
    expect(totalText(true).showTotal(10_000)).toBe('共 10000+ 条（请缩小筛选范围）');
    expect(totalText(false).showTotal(37)).toBe('共 37 条');
    expect(totalText(undefined).showTotal(0)).toBe('共 0 条');
  });

  it('has the pagination texts', () => {
    expect(paginationDefaults.showSizeChanger).toBe(true);
    expect(paginationDefaults.showTotal(1234)).toBe('共 1234 条');
    expect(paginationDefaults.locale.items_per_page).toBe('条/页');
  });

  it('fills in the column minimum width without overriding one that is set', () => {
    const cols = withColumnMinWidth([{ title: '订单号' }, { title: '备注', minWidth: 200 }] as { title: string; minWidth?: number }[]);
    expect(cols.map((c) => c.minWidth)).toEqual([80, 200]);
  });
});
