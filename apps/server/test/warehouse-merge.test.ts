/**
 * The seller's merge and wait rules acted on at the warehouse (decision 0019). 合并同一收货人的订单:
 * orders of one receiver, express and Beijing pay day wait for each other in their slots and leave in
 * one parcel with one waybill; a cancelled or emptied order does not hold them; other receivers, days,
 * couriers, sellers, or the rule off ship apart; two last scans at once ship once. 有货先发: an order
 * with what arrived and the rest put off ships, the rest refunded once through the seller's stop.
 */
import type { WarehouseOrderRow, WarehouseScanResult, WarehouseShipResult } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { dropshipOrderEvents } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { takeLogs } from '../src/modules/take-assignment/take-items.table.js';
import { sortingSlots, waybills } from '../src/modules/warehouse/warehouse.table.js';
import { RECEIVER } from './dropship-orders-support.js';
import { balance, fund } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, isChinese, PASSWORD, snapshotCounts } from './support.js';
import { orderRow, paidOrder, secondPurchaser, setStrategy, setTakeStatus, startWarehouseWorld, tookAll, type WarehouseWorld } from './warehouse-support.js';

let w: WarehouseWorld;
let otherPurchaser: Session;
const db = () => w.t.database.db;
const scan = (takeCode: string) => w.post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode });
const ship = (orderId: unknown, how: 'ship' | 'shipAlone' = 'ship', s: Session = w.purchaser) =>
  w.post<WarehouseShipResult>(`/api/b2/purchaser/warehouse/${how}`, s, { orderId });
const list = (view: string, f: Record<string, string> = {}) =>
  w.post<{ total: number; list: WarehouseOrderRow[] }>('/api/b2/purchaser/warehouse/orders', w.purchaser, { view, ...f });

let seq = 0;
/** A receiver no other test uses, so each test's orders make their own parcels. */
const freshReceiver = () => ({ ...RECEIVER, address: `文三路${++seq}号合并测试楼` });
async function taken(receiver: typeof RECEIVER, lines = [{ costFen: 3000 }], expressCode = 'ZTO') {
  const o = await paidOrder(w, lines, expressCode, { receiver });
  await tookAll(db(), o.codes);
  return o;
}
const counts = async (ids: number[], tracking: string) => {
  const [r] = await queryRows<{ waybills: number; events: number; slots: number }>(
    db(),
    sql`select (select count(*)::int from waybills where tracking_no = ${tracking}) as waybills,
      (select count(*)::int from dropship_order_events where operation = 'DELIVER' and order_id in (${sql.join(ids, sql`, `)})) as events,
      (select count(*)::int from sorting_slots where order_id in (${sql.join(ids, sql`, `)})) as slots`,
  );
  return r;
};
const refundsOf = (orderNo: string) =>
  queryRows<{ fen: number; key: string }>(
    db(),
    sql`select available_delta_fen::int as fen, request_key as key from ledger_entries where business_id = ${orderNo} and transaction_type = 'REFUND'`,
  );
const takeStatusOf = async (code: string) =>
  (await queryRows<{ s: string }>(db(), sql`select taking_status as s from take_items where take_code = ${code}`))[0]?.s;

beforeAll(async () => {
  w = await startWarehouseWorld({ merge: true });
  otherPurchaser = await secondPurchaser(w);
});
afterAll(() => w?.t.close());

describe('合并同一收货人的订单', () => {
  it('the first complete order waits in its slot with the Chinese message; the last one completing ships both in one parcel', async () => {
    const r = freshReceiver();
    const a = await taken(r);
    const b = await taken({ ...r, name: ` ${r.name} ` }, [{ costFen: 2000 }, { costFen: 1000 }]);

    const first = await scan(a.codes[0]!);
    expect(first.errorCode, first.errorMsg).toBe(0);
    expect(first.data).toMatchObject({ outcome: 'WAITING', waybill: null, mergeOrders: [{ orderId: b.id, orderNo: b.orderNo, ready: false }] });
    expect(first.data.slotNo).not.toBeNull();
    expect(first.data.message).toBe(`等待合并发货：同一收货人还有 1 单未到齐（${b.orderNo}），请放入 ${first.data.slotNo} 号分拣位`);

    // The list shows it ready but waiting for its mate; shipping it with the parcel is refused and changes nothing.
    const ready = await list('READY', { orderNo: a.orderNo });
    expect(ready.data.list).toEqual([expect.objectContaining({ orderId: a.id, mergeWaiting: true, mergeOrderNos: [b.orderNo], shipTaken: false })]);
    const refused = await ship(a.id);
    expect(refused.errorCode).toBe(17280);
    expect(refused.errorMsg).toContain(b.orderNo);
    expect(refused.errorMsg).toContain('拆开单独发');
    expect((await orderRow(db(), a.id))?.status).toBe('WAITING_DELIVERING');

    const half = await scan(b.codes[0]!);
    expect(half.data).toMatchObject({ outcome: 'WAITING', arrivedCount: 1, totalCount: 2 });
    expect(half.data.message).toContain('同一收货人共 2 单合并发货');
    const sorting = await list('SORTING', { orderNo: b.orderNo });
    expect(sorting.data.list).toEqual([expect.objectContaining({ mergeOrderNos: [a.orderNo], mergeWaiting: false })]);

    const last = await scan(b.codes[1]!);
    expect(last.data.outcome).toBe('SHIPPED');
    const tracking = last.data.waybill!.trackingNo;
    expect(last.data.waybill).toMatchObject({ orderNo: `${a.orderNo}、${b.orderNo}`, itemCount: 3 });
    expect(last.data.message).toContain(`与 ${a.orderNo} 合并为一个包裹`);
    for (const id of [a.id, b.id]) expect(await orderRow(db(), id)).toMatchObject({ status: 'DELIVERED', courier_code: 'ZTO', tracking_no: tracking });
    expect(await counts([a.id, b.id], tracking)).toEqual({ waybills: 1, events: 2, slots: 0 });
    expect((await w.t.app.courier.emulator()).waybills().filter((x) => x.trackingNo === tracking)).toHaveLength(1);

    // Shipped: both listed under the one number, each naming the other; either reprints the parcel's label.
    const shipped = await list('SHIPPED', { trackingNo: tracking });
    expect(shipped.data.list.map((x) => [x.orderNo, x.mergeOrderNos])).toEqual([
      [a.orderNo, [b.orderNo]],
      [b.orderNo, [a.orderNo]],
    ]);
    const again = await w.post<{ trackingNo: string; orderNo: string }>('/api/b2/purchaser/warehouse/reprint', w.purchaser, { orderId: b.id });
    expect(again.data).toMatchObject({ trackingNo: tracking, orderNo: `${a.orderNo}、${b.orderNo}` });
  });

  it('a cancelled order, or one whose lines are all stopped, does not hold the parcel', async () => {
    const r = freshReceiver();
    const a = await taken(r);
    const c = await paidOrder(w, [{ costFen: 3000 }], 'ZTO', { receiver: r });
    const stopped = await paidOrder(w, [{ costFen: 3000 }], 'ZTO', { receiver: r });
    await setTakeStatus(db(), stopped.codes[0]!, 'E_STOP_TAKING');

    const first = await scan(a.codes[0]!);
    expect(first.data.outcome).toBe('WAITING');
    expect(first.data.mergeOrders.map((m) => m.orderNo)).toEqual([c.orderNo]);

    const cancel = await w.post<{ results: { ok: boolean; message: string }[] }>('/api/b2/post/orders/cancel', w.seller, {
      orderIds: [c.id],
      reason: '买家不要了',
    });
    expect(cancel.data.results[0]?.ok, cancel.data.results[0]?.message).toBe(true);
    const again = await scan(a.codes[0]!);
    expect(again.data).toMatchObject({ outcome: 'SHIPPED', mergeOrders: [] });
    expect(again.data.message).toContain('已到货（重复扫描）');
    expect((await orderRow(db(), stopped.id))?.status).toBe('WAITING_DELIVERING');
  });

  it('ships apart: another receiver, another pay day, another courier; and when the seller turns merging off', async () => {
    const r = freshReceiver();
    const a = await taken(r);
    const elsewhere = await taken({ ...r, address: `${r.address}2单元` });
    const yto = await taken(r, [{ costFen: 3000 }], 'YTO');
    const yesterday = await paidOrder(w, [{ costFen: 3000 }], 'ZTO', { receiver: r });
    await db().execute(sql`update dropship_orders set paid_at = paid_at - interval '1 day' where id = ${yesterday.id}`);
    const tracking = new Set<string>();
    for (const o of [a, elsewhere, yto]) {
      const x = await scan(o.codes[0]!);
      expect(x.data).toMatchObject({ outcome: 'SHIPPED', mergeOrders: [] });
      tracking.add(x.data.waybill!.trackingNo);
    }
    expect(tracking.size).toBe(3);

    await setStrategy(w, w.seller, { mergeSameReceiver: false });
    try {
      const r2 = freshReceiver();
      const p = await taken(r2);
      const q = await taken(r2);
      const sp = await scan(p.codes[0]!);
      const sq = await scan(q.codes[0]!);
      expect([sp.data.outcome, sq.data.outcome]).toEqual(['SHIPPED', 'SHIPPED']);
      expect(sp.data.waybill!.trackingNo).not.toBe(sq.data.waybill!.trackingNo);
    } finally {
      await setStrategy(w, w.seller, { mergeSameReceiver: true });
    }
  });

  it('two last scans at once: one waits, the other ships the parcel once', async () => {
    const r = freshReceiver();
    const a = await taken(r);
    const b = await taken(r);
    const both = await Promise.all([scan(a.codes[0]!), scan(b.codes[0]!)]);
    expect(both.map((x) => x.errorCode)).toEqual([0, 0]);
    expect(both.map((x) => x.data.outcome).sort()).toEqual(['SHIPPED', 'WAITING']);
    const tracking = both.find((x) => x.data.outcome === 'SHIPPED')!.data.waybill!.trackingNo;
    for (const id of [a.id, b.id]) expect((await orderRow(db(), id))?.tracking_no).toBe(tracking);
    expect(await counts([a.id, b.id], tracking)).toEqual({ waybills: 1, events: 2, slots: 0 });
    expect((await w.t.app.courier.emulator()).waybills().filter((x) => x.trackingNo === tracking)).toHaveLength(1);
  });

  it('拆开单独发 ships one order out of its parcel; its mate later ships by itself', async () => {
    const r = freshReceiver();
    const a = await taken(r);
    const b = await paidOrder(w, [{ costFen: 3000 }], 'ZTO', { receiver: r });
    expect((await scan(a.codes[0]!)).data.outcome).toBe('WAITING');
    const alone = await ship(a.id, 'shipAlone');
    expect(alone.errorCode, alone.errorMsg).toBe(0);
    expect(alone.data).toMatchObject({ orderId: a.id, parcelOrderIds: [a.id] });
    expect(alone.data.waybill.orderNo).toBe(a.orderNo);
    expect((await orderRow(db(), b.id))?.status).toBe('WAITING_DELIVERING');
    await tookAll(db(), b.codes);
    const later = await scan(b.codes[0]!);
    expect(later.data).toMatchObject({ outcome: 'SHIPPED', mergeOrders: [] });
    expect(later.data.waybill!.trackingNo).not.toBe(alone.data.trackingNo);
  });

  it('tenant isolation: a purchaser never merges orders of two sellers; another purchaser cannot ship alone; bad input is refused', async () => {
    const second = await createSecondSeller(db(), 'merge');
    await fund(db(), second.orgId, 1_000_000);
    const session = await login(w.t.app, second.username, PASSWORD);
    const r = freshReceiver();
    const mine = await taken(r);
    const theirs = await paidOrder(w, [{ costFen: 3000 }], 'ZTO', { receiver: r, seller: { session, orgId: second.orgId } });
    // Served by the same purchaser, same receiver, same day, not taken yet: merged across sellers, mine would wait.
    expect((await queryRows<{ p: number }>(db(), sql`select purchaser_org_id as p from dropship_orders where id = ${theirs.id}`))[0]?.p).toBe(w.purchaserOrg);
    const x = await scan(mine.codes[0]!);
    expect(x.data).toMatchObject({ outcome: 'SHIPPED', mergeOrders: [] });

    const waiting = await taken(freshReceiver(), [{ costFen: 3000 }, { costFen: 3000 }]);
    await scan(waiting.codes[0]!);
    const before = await snapshotCounts(db(), { waybills, sortingSlots, dropshipOrderEvents, ledgerEntries, takeLogs });
    expect((await ship(waiting.id, 'shipAlone', otherPurchaser)).errorCode).toBe(12001);
    const bad = await ship('abc', 'shipAlone');
    expect(bad.errorCode).toBe(400);
    expect(isChinese(bad.errorMsg)).toBe(true);
    expect(bad.errorMsg).toContain('代发订单');
    const notReady = await ship(waiting.id, 'shipAlone');
    expect(notReady.errorCode).toBe(17156);
    expect((await orderRow(db(), waiting.id))?.status).toBe('WAITING_DELIVERING');
    expect(await snapshotCounts(db(), { waybills, sortingSlots, dropshipOrderEvents, ledgerEntries, takeLogs })).toEqual(before);
  });
});

describe('多件订单发货方式', () => {
  it('有货先发: what arrived ships, the line put off to another day is stopped and refunded once through the seller’s stop', async () => {
    await setStrategy(w, w.seller, { waitMode: 'SHIP_TAKEN' });
    try {
      const o = await paidOrder(w, [{ costFen: 3000 }, { costFen: 4000 }], 'ZTO', { receiver: freshReceiver() });
      await setTakeStatus(db(), o.codes[0]!, 'TOOK');
      await setTakeStatus(db(), o.codes[1]!, 'E_NEXT_TAKING', 'WAITING_ASSIGNED');
      const before = await balance(db(), w.sellerOrg);
      const r = await scan(o.codes[0]!);
      expect(r.data.outcome).toBe('SHIPPED');
      expect(r.data.message).toContain('有货先发，未拿到的商品已退款');
      expect(r.data.waybill?.itemCount).toBe(1);
      expect(await takeStatusOf(o.codes[1]!)).toBe('E_STOP_TAKING');
      expect(await refundsOf(o.orderNo)).toEqual([{ fen: 4000, key: expect.stringMatching(/^stop:/) }]);
      expect((await balance(db(), w.sellerOrg)).available - before.available).toBe(4000);
      const events = await queryRows<{ operation: string; note: string }>(
        db(),
        sql`select operation, note from dropship_order_events where order_id = ${o.id} order by id`,
      );
      expect(events.map((e) => e.operation)).toEqual(expect.arrayContaining(['STOP_ITEM', 'DELIVER', 'SHIP_TAKEN']));
      expect(events.find((e) => e.operation === 'SHIP_TAKEN')?.note).toContain('有货先发，未拿到的商品已退款');
      // The stop names the warehouse's reason, not a seller's request.
      expect(events.find((e) => e.operation === 'STOP_ITEM')?.note).toMatch(/^有货先发，仓库停止拿货未到的商品：/);

      // Scanning again is refused as shipped, and refunds nothing more.
      expect((await scan(o.codes[0]!)).errorCode).toBe(17153);
      expect(await refundsOf(o.orderNo)).toHaveLength(1);
    } finally {
      await setStrategy(w, w.seller, { waitMode: 'WAIT_ALL' });
    }
  });

  it('有货先发 after the arrival: a line put off later makes the waiting order ready on the list, and shipping it refunds once', async () => {
    await setStrategy(w, w.seller, { waitMode: 'SHIP_TAKEN' });
    try {
      const o = await paidOrder(w, [{ costFen: 3000 }, { costFen: 2500 }], 'ZTO', { receiver: freshReceiver() });
      await setTakeStatus(db(), o.codes[0]!, 'TOOK');
      await setTakeStatus(db(), o.codes[1]!, 'TAKING');
      expect((await scan(o.codes[0]!)).data.outcome).toBe('WAITING');
      await setTakeStatus(db(), o.codes[1]!, 'E_NEXT_TAKING', 'WAITING_ASSIGNED');
      expect((await list('SORTING', { orderNo: o.orderNo })).data.total).toBe(0);
      const ready = await list('READY', { orderNo: o.orderNo });
      expect(ready.data.list).toEqual([expect.objectContaining({ orderId: o.id, shipTaken: true, mergeWaiting: false })]);
      const shipped = await ship(o.id);
      expect(shipped.errorCode, shipped.errorMsg).toBe(0);
      expect(await refundsOf(o.orderNo)).toEqual([{ fen: 2500, key: expect.stringMatching(/^stop:/) }]);
      expect((await ship(o.id)).errorCode).toBe(17153);
      expect(await refundsOf(o.orderNo)).toHaveLength(1);
    } finally {
      await setStrategy(w, w.seller, { waitMode: 'WAIT_ALL' });
    }
  });

  it('等齐再发 (WAIT_ALL): the same order keeps waiting in its slot and nothing is refunded', async () => {
    const o = await paidOrder(w, [{ costFen: 3000 }, { costFen: 4000 }], 'ZTO', { receiver: freshReceiver() });
    await setTakeStatus(db(), o.codes[0]!, 'TOOK');
    await setTakeStatus(db(), o.codes[1]!, 'E_NEXT_TAKING', 'WAITING_ASSIGNED');
    const r = await scan(o.codes[0]!);
    expect(r.data).toMatchObject({ outcome: 'WAITING', arrivedCount: 1, totalCount: 2 });
    expect(await takeStatusOf(o.codes[1]!)).toBe('E_NEXT_TAKING');
    expect(await refundsOf(o.orderNo)).toEqual([]);
    expect((await list('READY', { orderNo: o.orderNo })).data.total).toBe(0);
    expect((await list('SORTING', { orderNo: o.orderNo })).data.list[0]).toMatchObject({ shipTaken: false });
    expect((await ship(o.id)).errorCode).toBe(17156);
  });

  it('有货先发 in a merged parcel: the complete order and the one with a line put off leave together, the put-off line refunded', async () => {
    await setStrategy(w, w.seller, { waitMode: 'SHIP_TAKEN' });
    try {
      const r = freshReceiver();
      const a = await taken(r);
      const b = await paidOrder(w, [{ costFen: 3000 }, { costFen: 1500 }], 'ZTO', { receiver: r });
      await setTakeStatus(db(), b.codes[0]!, 'TOOK');
      await setTakeStatus(db(), b.codes[1]!, 'E_NEXT_TAKING', 'WAITING_ASSIGNED');
      expect((await scan(a.codes[0]!)).data.outcome).toBe('WAITING');
      const last = await scan(b.codes[0]!);
      expect(last.data.outcome).toBe('SHIPPED');
      expect(last.data.waybill).toMatchObject({ orderNo: `${a.orderNo}、${b.orderNo}`, itemCount: 2 });
      expect(await refundsOf(b.orderNo)).toEqual([{ fen: 1500, key: expect.stringMatching(/^stop:/) }]);
      expect(await refundsOf(a.orderNo)).toEqual([]);
    } finally {
      await setStrategy(w, w.seller, { waitMode: 'WAIT_ALL' });
    }
  });
});
