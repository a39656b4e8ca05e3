/**
 * Ships orders one after another (each gets its waybill number and becomes DELIVERED on the server),
 * reporting progress after each, so a batch of hundreds shows how far it got and which failed and
 * why. One at a time: the courier is called once per order and a failure stops nothing else.
 */
import type { WaybillLabelData } from '@dropship/contract';

export interface BatchOutcome {
  waybills: WaybillLabelData[];
  failures: { orderNo: string; message: string }[];
}

export async function shipInTurn(
  orders: { orderId: number; orderNo: string }[],
  ship: (orderId: number) => Promise<{ waybill: WaybillLabelData }>,
  onProgress: (done: number, total: number) => void,
  signal?: { cancelled: boolean },
): Promise<BatchOutcome> {
  const out: BatchOutcome = { waybills: [], failures: [] };
  for (const [i, o] of orders.entries()) {
    if (signal?.cancelled) break;
    try {
      out.waybills.push((await ship(o.orderId)).waybill);
    } catch (e) {
      out.failures.push({ orderNo: o.orderNo, message: e instanceof Error ? e.message : String(e) });
    }
    onProgress(i + 1, orders.length);
  }
  return out;
}
