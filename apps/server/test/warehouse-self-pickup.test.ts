/**
 * Self-pickup orders at the warehouse (an offline pickup order: express SELF_PICKUP): scanning
 * their items never asks the courier for a waybill; complete, they wait in a sorting slot for the
 * collector; handing over delivers and finishes the order at once, frees the slot and pushes
 * nothing to a marketplace. Shipping them by courier is refused; a courier order cannot be handed
 * over; another purchaser's order is not found; bad input changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { fund, PAY_PASSWORD, setPayPassword } from './funds-payments-support.js';
import { line, type OfflineWorld, offlineCalls, startOfflineWorld } from './offline-support.js';
import { isChinese } from './support.js';
import { setTakeStatus, WAREHOUSE } from './warehouse-support.js';

let w: OfflineWorld;
const { post } = offlineCalls(() => w);
const db = () => w.t.database.db;

async function paidPickupOrder(requestKey: string) {
  const made = await post<{ id: number; orderNo: string }>('/api/b2/offline/pickup/create', w.seller, {
    contactName: '周小芳',
    contactPhone: '13800138009',
    lines: [line(w.stall), line(w.stall, { artNo: 'K2040', quantity: 1 })],
  });
  expect(made.errorCode, made.errorMsg).toBe(0);
  const paid = await post('/api/b2/post/orders/pay', w.seller, { orderIds: [made.data.id], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey });
  expect(paid.errorCode, paid.errorMsg).toBe(0);
  const codes = await queryRows<{ take_code: string }>(db(), sql`select take_code from take_items where order_id = ${made.data.id} order by id`);
  return { ...made.data, codes: codes.map((c) => c.take_code) };
}

const scan = (takeCode: string) =>
  post<{ outcome: string; slotNo: number | null; message: string; waybill: unknown }>('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode });
const slotsAndBacks = async () => {
  const [r] = await queryRows<{ slots: number; backs: number; waybills: number }>(
    db(),
    sql`select (select count(*)::int from sorting_slots) as slots, (select count(*)::int from ship_backs) as backs, (select count(*)::int from waybills) as waybills`,
  );
  return r;
};

beforeAll(async () => {
  w = await startOfflineWorld();
  await setPayPassword(w.t, w.seller, DEMO_PASSWORD);
  await fund(db(), w.sellerOrg, 100_000);
  expect((await post('/api/b2/purchaser/warehouse/setting', w.purchaser, WAREHOUSE)).errorCode).toBe(0);
});
afterAll(() => w?.t.close());

describe('a self-pickup order at the warehouse', () => {
  it('waits in a slot when complete, is refused by courier, and is handed over: delivered and finished, slot freed, nothing pushed', async () => {
    const o = await paidPickupOrder('self-pickup-1');
    for (const c of o.codes) await setTakeStatus(db(), c, 'TOOK');
    const before = await slotsAndBacks();

    const first = await scan(o.codes[0] as string);
    expect(first.data.outcome).toBe('WAITING');
    const last = await scan(o.codes[1] as string);
    expect(last.data.outcome).toBe('READY');
    expect(last.data.waybill).toBeNull();
    expect(last.data.slotNo).toBe(first.data.slotNo);
    expect(last.data.message).toContain('仓库自提订单');
    expect(last.data.message).toContain('周*芳');

    const shipped = await post('/api/b2/purchaser/warehouse/ship', w.purchaser, { orderId: o.id });
    expect(shipped.errorCode).toBe(17166);
    expect(isChinese(shipped.errorMsg)).toBe(true);
    expect((await slotsAndBacks())?.waybills).toBe(before?.waybills);

    const handed = await post<{ orderNo: string }>('/api/b2/purchaser/warehouse/handOver', w.purchaser, { orderId: o.id });
    expect(handed.errorCode, handed.errorMsg).toBe(0);
    expect(handed.data.orderNo).toBe(o.orderNo);
    const [row] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, o.id));
    expect(row).toMatchObject({ status: 'FINISHED', combinedStatus: 'FINISHED', courierCode: 'SELF_PICKUP' });
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    const after = await slotsAndBacks();
    expect(after).toEqual(before);

    // A second hand-over is refused under the order's lock.
    expect((await post('/api/b2/purchaser/warehouse/handOver', w.purchaser, { orderId: o.id })).errorCode).toBe(17161);
  });

  it('is not handed over before all items are in', async () => {
    const o = await paidPickupOrder('self-pickup-2');
    await setTakeStatus(db(), o.codes[0] as string, 'TOOK');
    await scan(o.codes[0] as string);
    const r = await post('/api/b2/purchaser/warehouse/handOver', w.purchaser, { orderId: o.id });
    expect(r.errorCode).toBe(17156);
    const [row] = await db().select({ status: dropshipOrders.status }).from(dropshipOrders).where(eq(dropshipOrders.id, o.id));
    expect(row?.status).toBe('WAITING_DELIVERING');
  });

  it('answers not found for another purchaser and refuses bad input, changing nothing', async () => {
    const o = await paidPickupOrder('self-pickup-3');
    for (const c of o.codes) await setTakeStatus(db(), c, 'TOOK');
    for (const c of o.codes) await scan(c);
    const before = await slotsAndBacks();
    expect((await post('/api/b2/purchaser/warehouse/handOver', w.purchaser2, { orderId: o.id })).errorCode).toBe(12001);
    expect((await post('/api/b2/purchaser/warehouse/handOver', w.seller, { orderId: o.id })).errorCode).not.toBe(0);
    const bad = await post('/api/b2/purchaser/warehouse/handOver', w.purchaser, { orderId: 'abc' });
    expect(bad.errorCode).toBe(400);
    expect(isChinese(bad.errorMsg)).toBe(true);
    expect(await slotsAndBacks()).toEqual(before);
    const [row] = await db().select({ status: dropshipOrders.status }).from(dropshipOrders).where(eq(dropshipOrders.id, o.id));
    expect(row?.status).toBe('WAITING_DELIVERING');
  });
});
