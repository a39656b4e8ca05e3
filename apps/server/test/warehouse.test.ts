/**
 * Warehouse scanning and shipping (/print/scanPrint, /print/printDelivery): a single-item order ships
 * on its scan; a multi-item order waits in a sorting slot and ships on its last scan; stopped lines
 * are not waited for; a second scan changes nothing; refusals are clear and change nothing; another
 * purchaser sees nothing; a courier failure keeps the goods in a slot for a retry; tracking finishes.
 */
import type { WarehouseScanResult, WarehouseShipResult } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { refreshDueTracking } from '../src/modules/warehouse/tracking.service.js';
import { expectCountsTrue } from './dropship-orders-support.js';
import { readXlsx } from './funds-payments-support.js';
import type { Session } from './helpers.js';
import { call, isChinese } from './support.js';
import { orderRow, paidOrder, secondPurchaser, setTakeStatus, startWarehouseWorld, tookAll, type WarehouseWorld } from './warehouse-support.js';

let w: WarehouseWorld;
let other: Session;
const db = (): Db => w.t.database.db;
const scan = (takeCode: unknown, s: Session = w.purchaser) => w.post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', s, { takeCode });

async function state() {
  const [r] = await queryRows<Record<string, string | null>>(
    db(),
    sql`select (select string_agg(coalesce(arrived_at::text, '-'), ',' order by id) from take_items) as arrived,
      (select count(*) from take_logs) as logs, (select count(*) from sorting_slots) as slots, (select count(*) from waybills) as waybills,
      (select string_agg(status, ',' order by id) from dropship_orders) as orders`,
  );
  return r;
}
const logsOf = (code: string) =>
  queryRows<{ operation: string }>(
    db(),
    sql`select l.operation from take_logs l join take_items t on t.id = l.take_item_id where t.take_code = ${code} order by l.id`,
  );

beforeAll(async () => {
  w = await startWarehouseWorld();
  other = await secondPurchaser(w);
});
afterAll(() => w?.t.close());

describe('scan in', () => {
  it('a single-item order ships on its scan: waybill from the courier, DELIVERED with courier and tracking, ship-back queued', async () => {
    const o = await paidOrder(w);
    await tookAll(db(), o.codes);
    const r = await scan(o.codes[0]);
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data).toMatchObject({ outcome: 'SHIPPED', orderNo: o.orderNo, arrivedCount: 1, totalCount: 1, shipError: null });
    const tracking = r.data.waybill!.trackingNo;
    expect(tracking).toMatch(/^78\d{12}$/);
    expect(r.data.waybill).toMatchObject({ courierName: '中通快递', receiverName: '林*', receiverPhone: '138****8001', senderPhone: '13900139000' });
    expect(r.data.message).toContain(tracking);
    expect(await orderRow(db(), o.id)).toMatchObject({ status: 'DELIVERED', combined_status: 'DELIVERED', courier_code: 'ZTO', tracking_no: tracking });
    expect((await w.t.app.courier.emulator()).waybills().map((x) => x.trackingNo)).toContain(tracking);
    expect((await logsOf(o.codes[0]!)).map((l) => l.operation)).toEqual(['ARRIVE', 'SHIP']);
    const [ev] = await queryRows<{ operation: string; note: string }>(
      db(),
      sql`select operation, note from dropship_order_events where order_id = ${o.id} order by id desc limit 1`,
    );
    expect(ev).toMatchObject({ operation: 'DELIVER', note: `中通快递 ${tracking}` });
    const [sb] = await queryRows<{ status: string }>(db(), sql`select status from ship_backs where order_id = ${o.id}`);
    expect(sb?.status).toBe('PENDING');
    await expectCountsTrue(db(), w.sellerOrg);

    // The seller's detail shows it delivered with the tracking number.
    const detail = await w.get<{ combinedStatus: string; trackingNo: string | null }>(`/api/b2/post/orders/detail/${o.id}`, w.seller);
    expect(detail.errorCode, detail.errorMsg).toBe(0);
    expect(detail.data).toMatchObject({ combinedStatus: 'DELIVERED', trackingNo: tracking });
  });

  it('a multi-item order waits in a slot, a second scan changes nothing, the last scan ships and frees the slot', async () => {
    const o = await paidOrder(w, [{ costFen: 3000 }, { costFen: 4000 }, { costFen: 1000 }]);
    await tookAll(db(), o.codes);
    const first = await scan(o.codes[0]);
    expect(first.data).toMatchObject({ outcome: 'WAITING', arrivedCount: 1, totalCount: 3, waybill: null });
    const slot = first.data.slotNo;
    expect(slot).toBeGreaterThanOrEqual(1);
    expect(first.data.message).toContain(`${slot} 号分拣位`);

    const before = await state();
    const again = await scan(o.codes[0]);
    expect(again.data).toMatchObject({ outcome: 'ALREADY_ARRIVED', slotNo: slot, arrivedCount: 1 });
    expect(again.data.message).toContain('已到货');
    expect(await state()).toEqual(before);

    expect((await scan(o.codes[1])).data).toMatchObject({ outcome: 'WAITING', slotNo: slot, arrivedCount: 2 });
    // Another order waiting at the same time gets another slot.
    const o2 = await paidOrder(w, [{ costFen: 3000 }, { costFen: 3000 }]);
    await tookAll(db(), o2.codes);
    const s2 = (await scan(o2.codes[0])).data.slotNo;
    expect(s2).not.toBe(slot);

    const last = await scan(o.codes[2]);
    expect(last.data).toMatchObject({ outcome: 'SHIPPED', slotNo: slot, arrivedCount: 3, totalCount: 3 });
    expect(last.data.waybill?.itemCount).toBe(3);
    expect((await orderRow(db(), o.id))?.status).toBe('DELIVERED');
    const [held] = await queryRows<{ n: string }>(db(), sql`select count(*) as n from sorting_slots where order_id = ${o.id}`);
    expect(Number(held?.n)).toBe(0);
    // A scan of a shipped order is refused with its tracking number.
    const shipped = await scan(o.codes[0]);
    expect(shipped.errorCode).toBe(17153);
    expect(shipped.errorMsg).toContain(last.data.waybill!.trackingNo);
  });

  it('two scans of the same code at once ship the order once; the other is told it has shipped', async () => {
    const o = await paidOrder(w);
    await tookAll(db(), o.codes);
    const both = await Promise.all([scan(o.codes[0]), scan(o.codes[0])]);
    const shipped = both.filter((r) => r.errorCode === 0 && r.data.outcome === 'SHIPPED');
    expect(shipped).toHaveLength(1);
    const other = both.find((r) => r !== shipped[0]);
    expect([17153, 17161]).toContain(other?.errorCode);
    const [n] = await queryRows<{ events: string; slots: string; waybills: string }>(
      db(),
      sql`select (select count(*) from dropship_order_events where order_id = ${o.id} and operation = 'DELIVER') as events,
        (select count(*) from sorting_slots where order_id = ${o.id}) as slots, (select count(*) from waybills where order_id = ${o.id}) as waybills`,
    );
    expect([n?.events, n?.slots, n?.waybills].map(Number)).toEqual([1, 0, 1]);
  });

  it('a stopped line is not waited for', async () => {
    const o = await paidOrder(w, [{ costFen: 3000 }, { costFen: 3000 }]);
    await setTakeStatus(db(), o.codes[0]!, 'TOOK');
    await setTakeStatus(db(), o.codes[1]!, 'E_STOP_TAKING');
    const r = await scan(o.codes[0]);
    expect(r.data).toMatchObject({ outcome: 'SHIPPED', arrivedCount: 1, totalCount: 1, slotNo: null });
    expect(r.data.waybill?.goods).not.toContain('×1；');
  });

  it('an item not taken yet is refused with its status, and nothing changes', async () => {
    const o = await paidOrder(w);
    const before = await state();
    const r = await scan(o.codes[0]);
    expect(r.errorCode).toBe(17151);
    expect(r.errorMsg).toContain('待拿货');
    expect(await state()).toEqual(before);
  });

  it('bad input: not 12 digits (400) or a wrong check digit (17150), in Chinese, nothing changes', async () => {
    const before = await state();
    for (const bad of ['abc', '', 12345, '1234567890123']) {
      const r = await scan(bad);
      expect(r.errorCode).toBe(400);
      expect(isChinese(r.errorMsg)).toBe(true);
      expect(r.errorMsg).toContain('拿货码');
    }
    const o = await paidOrder(w);
    const code = o.codes[0]!;
    const wrong = `${code.slice(0, 11)}${(Number(code[11]) + 1) % 10}`;
    const r = await scan(wrong);
    expect(r.errorCode).toBe(17150);
    expect(isChinese(r.errorMsg)).toBe(true);
    const after = await state();
    expect(after?.arrived?.split(',').filter((a) => a !== '-').length).toBe(before?.arrived?.split(',').filter((a) => a !== '-').length);
    expect(after?.logs).toBe(before?.logs);
  });

  it('tenant isolation: another purchaser’s scan, ship and reprint answer not found; a seller may not scan', async () => {
    const o = await paidOrder(w);
    await tookAll(db(), o.codes);
    const before = await state();
    const r = await scan(o.codes[0], other);
    expect(r.errorCode).toBe(12001);
    expect((await w.post('/api/b2/purchaser/warehouse/ship', other, { orderId: o.id })).errorCode).toBe(12001);
    expect((await w.post('/api/b2/purchaser/warehouse/reprint', other, { orderId: o.id })).errorCode).toBe(12001);
    const list = await w.post<{ total: number }>('/api/b2/purchaser/warehouse/orders', other, { view: 'SHIPPED' });
    expect(list.data.total).toBe(0);
    expect((await scan(o.codes[0], w.seller)).errorCode).toBe(10001);
    expect(await state()).toEqual(before);
  });
});

describe('shipping list, retry, reprint, tracking', () => {
  it('a courier failure keeps the complete order in a slot (READY); shipping it from the list succeeds, reprint prints the same', async () => {
    const emu = await w.t.app.courier.emulator();
    const o = await paidOrder(w, [{ costFen: 3000 }], 'YTO');
    await tookAll(db(), o.codes);
    emu.setFailure('no_stock', { times: 1, api: 'label' });
    const r = await scan(o.codes[0]);
    expect(r.data).toMatchObject({ outcome: 'READY', waybill: null });
    expect(r.data.shipError).toContain('余额不足');
    expect(r.data.slotNo).not.toBeNull();
    expect((await orderRow(db(), o.id))?.status).toBe('WAITING_DELIVERING');

    const ready = await w.post<{ total: number; list: { orderId: number; slotNo: number; receiverPhone: string }[] }>(
      '/api/b2/purchaser/warehouse/orders',
      w.purchaser,
      { view: 'READY' },
    );
    const row = ready.data.list.find((x) => x.orderId === o.id);
    expect(row).toMatchObject({ slotNo: r.data.slotNo, receiverPhone: '138****8001' });

    const shipped = await w.post<WarehouseShipResult>('/api/b2/purchaser/warehouse/ship', w.purchaser, { orderId: o.id });
    expect(shipped.errorCode, shipped.errorMsg).toBe(0);
    expect(shipped.data.trackingNo).toMatch(/^YT\d{13}$/);
    expect((await w.post('/api/b2/purchaser/warehouse/ship', w.purchaser, { orderId: o.id })).errorCode).toBe(17153);
    const again = await w.post<{ trackingNo: string }>('/api/b2/purchaser/warehouse/reprint', w.purchaser, { orderId: o.id });
    expect(again.data.trackingNo).toBe(shipped.data.trackingNo);
    const list = await w.post<{ list: { orderId: number; printCount: number; trackingNo: string }[] }>('/api/b2/purchaser/warehouse/orders', w.purchaser, {
      view: 'SHIPPED',
      trackingNo: shipped.data.trackingNo,
    });
    expect(list.data.list).toEqual([expect.objectContaining({ orderId: o.id, printCount: 2 })]);
  });

  it('the sorting list shows orders still waiting; the export is an xlsx of the same rows', async () => {
    const sorting = await w.post<{ list: { orderNo: string }[] }>('/api/b2/purchaser/warehouse/orders', w.purchaser, { view: 'SORTING' });
    expect(sorting.data.list.length).toBeGreaterThan(0);
    const res = await call(w.t.app, { method: 'POST', url: '/api/b2/purchaser/warehouse/export', session: w.purchaser, payload: { view: 'SORTING' } });
    const rows = await readXlsx(res);
    expect(rows[0]).toContain('分拣位');
    expect(rows.slice(1).map((x) => x[0])).toEqual(sorting.data.list.map((x) => x.orderNo));
  });

  it('tracking: when the courier says signed, DELIVERED orders become FINISHED', async () => {
    const emu = await w.t.app.courier.emulator();
    const o = await paidOrder(w);
    await tookAll(db(), o.codes);
    expect((await scan(o.codes[0])).data.outcome).toBe('SHIPPED');
    await refreshDueTracking(db(), w.t.app.courier, { intervalMs: 0 });
    expect((await orderRow(db(), o.id))?.status).toBe('DELIVERED');
    emu.advance(24 * 3_600_000);
    const finished = await refreshDueTracking(db(), w.t.app.courier, { intervalMs: 0 });
    expect(finished).toBeGreaterThanOrEqual(1);
    expect((await orderRow(db(), o.id))?.status).toBe('FINISHED');
    await expectCountsTrue(db(), w.sellerOrg);
  });

  it('warehouse setting: a range that drops a slot in use, or a bad phone, is refused in Chinese', async () => {
    const used = await w.get<{ used: number }>('/api/b2/purchaser/warehouse/setting', w.purchaser);
    expect(used.data.used).toBeGreaterThan(0);
    const r = await w.post('/api/b2/purchaser/warehouse/setting', w.purchaser, {
      ...{ slotFrom: 40, slotTo: 50 },
      senderPhone: '13900139000',
      senderAddress: '广东省广州市越秀区',
    });
    expect(r.errorCode).toBe(17159);
    const bad = await w.post('/api/b2/purchaser/warehouse/setting', w.purchaser, {
      slotFrom: 1,
      slotTo: 50,
      senderPhone: '123',
      senderAddress: '广东省广州市越秀区',
    });
    expect(bad.errorCode).toBe(400);
    expect(bad.errorMsg).toContain('发货电话');
  });
});
