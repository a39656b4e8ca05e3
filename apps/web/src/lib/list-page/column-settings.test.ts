import { describe, expect, it } from 'vitest';
import { canHide, columnKey, storageKeyOf, visibleColumns } from './column-settings';

const columns = [
  { title: '代发订单号', dataIndex: 'orderNo' },
  { title: '状态', dataIndex: 'combinedStatus' },
  { title: '实付（元）' },
  { title: '操作', key: 'actions', fixed: 'right' },
];

describe('column settings', () => {
  it('names a column by key, then dataIndex, then title', () => {
    expect(columns.map(columnKey)).toEqual(['orderNo', 'combinedStatus', '实付（元）', 'actions']);
    expect(columnKey({ dataIndex: ['receiver', 'name'] })).toBe('receiver.name');
  });

  it('hides the chosen columns but never 操作', () => {
    expect(visibleColumns(columns, ['combinedStatus', 'actions']).map(columnKey)).toEqual(['orderNo', '实付（元）', 'actions']);
    expect(canHide(columns[3]!)).toBe(false);
  });

  it('keeps each account its own choice', () => {
    expect(storageKeyOf('dropship-orders', '7')).not.toBe(storageKeyOf('dropship-orders', '8'));
  });
});
