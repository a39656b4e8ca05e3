import type { PickItem, PickMarkBody } from '@dropship/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkSheet } from './MarkSheet';

afterEach(cleanup);

const item: PickItem = {
  id: 9,
  takeCode: '202646789042',
  orderNo: 'DF1',
  artNo: 'P0913',
  color: '黑色',
  size: 'L',
  quantity: 2,
  unitCostFen: 3850,
  assignmentStatus: 'TAKING',
  takingStatus: 'TAKING',
  pending: true,
  mark: null,
  assignedUserId: 3,
  arrived: false,
  urgent: false,
};

function show(it: PickItem) {
  const onMark = vi.fn<(b: PickMarkBody) => void>();
  const onUndo = vi.fn();
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MarkSheet item={it} stallName="万佳韩版" busy={false} onMark={onMark} onUndo={onUndo} onClose={() => {}} />
    </ConfigProvider>,
  );
  return { onMark, onUndo };
}

const button = (name: RegExp) => screen.getByRole('button', { name });

describe('MarkSheet', () => {
  it('sends the price typed in yuan as fen with 已拿, and the part-taken quantity with 部分拿到', async () => {
    const { onMark } = show(item);
    const price = screen.getByLabelText('实付单价') as HTMLInputElement;
    expect(price.value).toBe('38.50');
    await act(async () => {
      fireEvent.change(price, { target: { value: '40。5' } });
    });
    expect(price.value).toBe('40.5');
    fireEvent.click(button(/^已\s*拿$/));
    expect(onMark).toHaveBeenLastCalledWith({ takeItemIds: [9], result: 'TOOK', priceFen: 4050 });
    fireEvent.click(button(/^部分拿到$/));
    expect(onMark).toHaveBeenLastCalledWith({ takeItemIds: [9], result: 'TOOK_PART', priceFen: 4050, tookQuantity: 1 });
    fireEvent.click(button(/^缺\s*货$/));
    expect(onMark).toHaveBeenLastCalledWith({ takeItemIds: [9], result: 'E_LACK_TAKING' });
  });

  it('does not send an exchange without its note', () => {
    const { onMark } = show(item);
    fireEvent.click(button(/^换\s*货$/));
    expect(onMark).not.toHaveBeenCalled();
  });

  it('offers only the undo for a marked item, and nothing once it arrived', () => {
    const marked: PickItem = {
      ...item,
      assignmentStatus: 'TOOK',
      takingStatus: 'TOOK',
      pending: false,
      mark: { result: 'TOOK', tookQuantity: 2, priceFen: 4000, note: '', refundFen: 0, replenishFen: 300, at: '2026-01-01T00:00:00Z' },
    };
    show(marked);
    expect(screen.queryByRole('button', { name: /^已\s*拿$/ })).toBeNull();
    expect(button(/撤销标记/)).toBeTruthy();
    cleanup();
    show({ ...marked, arrived: true });
    expect(screen.queryByRole('button', { name: /撤销标记/ })).toBeNull();
    expect(screen.getByText('该商品已扫描入仓，不能再更改')).toBeTruthy();
  });
});
