import { describe, expect, it } from 'vitest';
import { shipInTurn } from './batch-ship';

const waybill = (n: string) => ({ trackingNo: n }) as never;
const ORDERS = [
  { orderId: 1, orderNo: 'A' },
  { orderId: 2, orderNo: 'B' },
  { orderId: 3, orderNo: 'C' },
];

describe('shipInTurn', () => {
  it('ships in order, keeps going after a failure, reports progress after each', async () => {
    const progress: string[] = [];
    const calls: number[] = [];
    const out = await shipInTurn(
      ORDERS,
      async (id) => {
        calls.push(id);
        if (id === 2) throw new Error('获取快递单号失败');
        return { waybill: waybill(`T${id}`) };
      },
      (d, t) => progress.push(`${d}/${t}`),
    );
    expect(calls).toEqual([1, 2, 3]);
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
    expect(out.waybills.map((w) => w.trackingNo)).toEqual(['T1', 'T3']);
    expect(out.failures).toEqual([{ orderNo: 'B', message: '获取快递单号失败' }]);
  });

  it('skips an order that already left in a merged parcel: one waybill for the parcel', async () => {
    const calls: number[] = [];
    const out = await shipInTurn(
      ORDERS,
      async (id) => {
        calls.push(id);
        return { waybill: waybill(`T${id}`), parcelOrderIds: id === 1 ? [1, 2] : [id] };
      },
      () => {},
    );
    expect(calls).toEqual([1, 3]);
    expect(out.waybills.map((w) => w.trackingNo)).toEqual(['T1', 'T3']);
    expect(out.failures).toEqual([]);
  });

  it('stops when cancelled', async () => {
    const signal = { cancelled: false };
    const out = await shipInTurn(
      [
        { orderId: 1, orderNo: 'A' },
        { orderId: 2, orderNo: 'B' },
      ],
      async (id) => {
        signal.cancelled = true;
        return { waybill: waybill(`T${id}`) };
      },
      () => {},
      signal,
    );
    expect(out.waybills).toHaveLength(1);
  });
});
