/**
 * Ships orders one after another (each gets its waybill number and becomes DELIVERED on the server),
 * reporting progress after each, so a batch of hundreds shows how far it got and which failed and
 * why. One at a time: the courier is called once per parcel and a failure stops nothing else. An
 * order that already left in a merged parcel shipped earlier in the batch (合并发货, decision 0019) is
 * skipped: its waybill is that parcel's one.
 */
import type { WaybillLabelData } from '@dropship/contract';

export interface BatchOutcome {
  waybills: WaybillLabelData[];
  failures: { orderNo: string; message: string }[];
}

export async function shipInTurn(
  orders: { orderId: number; orderNo: string }[],
  ship: (orderId: number) => Promise<{ waybill: WaybillLabelData; parcelOrderIds?: number[] }>,
  onProgress: (done: number, total: number) => void,
  signal?: { cancelled: boolean },
): Promise<BatchOutcome> {
  const out: BatchOutcome = { waybills: [], failures: [] };
  const gone = new Set<number>();
  for (const [i, o] of orders.entries()) {
    if (signal?.cancelled) break;
    if (gone.has(o.orderId)) {
      onProgress(i + 1, orders.length);
      continue;
    }
    try {
      const r = await ship(o.orderId);
      out.waybills.push(r.waybill);
      for (const id of r.parcelOrderIds ?? []) gone.add(id);
    } catch (e) {
      out.failures.push({ orderNo: o.orderNo, message: e instanceof Error ? e.message : String(e) });
    }
    onProgress(i + 1, orders.length);
  }
  return out;
}
