import type { WarehouseScanResult } from '@dropship/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScanResultPanel } from './ScanResultPanel';

afterEach(cleanup);

const base: WarehouseScanResult = {
  outcome: 'WAITING',
  message: '请放入 17 号分拣位（已到 1/3 件）',
  orderId: 1,
  orderNo: 'DF2611230001',
  slotNo: 17,
  arrivedCount: 1,
  totalCount: 3,
  item: { artNo: 'P0913', color: '黑色', size: 'L', quantity: 1, stallName: '万佳' },
  waybill: null,
  shipError: null,
  mergeOrders: [],
};

describe('ScanResultPanel', () => {
  it('shows the slot number big while an order waits', () => {
    render(<ScanResultPanel shown={{ ok: true, r: base }} />);
    expect(screen.getByTestId('scan-result').getAttribute('data-outcome')).toBe('WAITING');
    expect(screen.getByTestId('slot-no').textContent).toContain('17');
    expect(screen.getByText('已到货，放入分拣位')).toBeTruthy();
    expect(screen.getByText('DF2611230001', { exact: false }).textContent).toContain('已到 1/3 件');
  });

  it('names the orders of a merged parcel and which are still missing', () => {
    const r: WarehouseScanResult = {
      ...base,
      message: '等待合并发货：同一收货人还有 1 单未到齐（DF2611230002），请放入 17 号分拣位',
      mergeOrders: [
        { orderId: 2, orderNo: 'DF2611230002', ready: false },
        { orderId: 3, orderNo: 'DF2611230003', ready: true },
      ],
    };
    render(<ScanResultPanel shown={{ ok: true, r }} />);
    const tags = screen.getByTestId('merge-orders');
    expect(tags.textContent).toContain('合并发货');
    expect(tags.textContent).toContain('DF2611230002 未到齐');
    expect(tags.textContent).toContain('DF2611230003 已到齐');
  });

  it('shows no slot once shipped, and a refusal in red with its code', () => {
    render(<ScanResultPanel shown={{ ok: true, r: { ...base, outcome: 'SHIPPED', message: '已发货：中通快递 78812345678901' } }} />);
    expect(screen.queryByTestId('slot-no')).toBeNull();
    expect(screen.getByText('已发货：中通快递 78812345678901')).toBeTruthy();
    cleanup();
    render(<ScanResultPanel shown={{ ok: false, code: '123456789012', message: '该商品当前是“待拿货”' }} />);
    expect(screen.getByTestId('scan-result').getAttribute('data-outcome')).toBe('ERROR');
    expect(screen.getByText('不能入库')).toBeTruthy();
    expect(screen.getByText(/123456789012/)).toBeTruthy();
  });
});
