/**
 * 作废面单 (POST /api/b2/purchaser/warehouse/voidWaybill) and the automatic recycle: a waybill kept for
 * an order that has not shipped is cancelled at its source (the PDD e-waybill emulator, the Kuaidi100
 * emulator) and forgotten, so the next shipment takes a new number; a shipped order, nothing kept,
 * bad input, another purchaser's order and a platform refusal are answered in Chinese and change
 * nothing. Cancelling an order (or stopping all its lines) queues the same through the job queue.
 *
 * A kept-but-unshipped waybill arises when shipping stops after the number was taken (a member
 * cancelled, a line stopped meanwhile): the tests take the number through the warehouse's own
 * taking code and keep it as shipParcel does, standing in for that interrupted shipment.
 */

import { type MarketplaceEmulator, type NormalizedOrder, waybillBook, waybillReceiverHandle } from '@dropship/channels';
import type { DropshipDetail, WarehouseOrdersResult, WarehouseScanResult, WarehouseVoidWaybillResult } from '@dropship/contract';
import { beijingDay } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { findOrders } from '../src/modules/dropship-orders/index.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { takePlatformWaybill } from '../src/modules/warehouse/platform-waybill.service.js';
import { receiverSourceOf } from '../src/modules/warehouse/receiver-source.js';
import { insertWaybill, waybillOf } from '../src/modules/warehouse/warehouse.repository.js';
import { homeData } from '../src/modules/workbench/workbench.service.js';
import type { Session } from './helpers.js';
import { addOAuthShop } from './shops-support.js';
import { isChinese } from './support.js';
import { paidOrder, paidPlatformOrder, secondPurchaser, startWarehouseWorld, tookAll, WAREHOUSE, type WarehouseWorld } from './warehouse-support.js';

let w: WarehouseWorld;
let emu: MarketplaceEmulator;
let otherPurchaser: Session;
let pdd: { id: number; platformShopId: string };
const db = () => w.t.database.db;
const sender = { name: '代发仓', mobile: WAREHOUSE.senderPhone, printAddr: WAREHOUSE.senderAddress };

beforeAll(async () => {
  w = await startWarehouseWorld();
  emu = await w.t.app.channels.emulator();
  const id = await addOAuthShop(w.t.app, w.seller, 'PDD', '作废面单测试店');
  const [s] = await db().select().from(shops).where(eq(shops.id, id));
  pdd = { id, platformShopId: s?.platformShopId as string };
  otherPurchaser = await secondPurchaser(w);
});
afterAll(() => w?.t.close());

/** A paid PDD emulator order placed with the platform's encrypted receiver. */
async function pddOrder() {
  const fresh = emu.addOrders('PDD', pdd.platformShopId, 20) as NormalizedOrder[];
  const core = emu.core('PDD');
  const order = fresh.find((o) => {
    const truth = core.orders.get(o.platformOrderId)?.order;
    return (
      truth &&
      core.canShip(truth) &&
      o.status === 'WAIT_SELLER_SEND' &&
      o.items.every((i) => i.refundState === 'NONE') &&
      waybillReceiverHandle(o) !== undefined
    );
  });
  if (!order) throw new Error('no shippable PDD order');
  return paidPlatformOrder(w, pdd.id, order, 'PDD', { platformReceiver: true });
}

/** Takes the order's PDD e-waybill and keeps it, as shipParcel does before its delivery transaction. */
async function keepPlatformWaybill(orderId: number) {
  const [o] = await findOrders(db(), w.sellerOrg, [orderId]);
  if (!o) throw new Error('no order');
  const src = await receiverSourceOf(db(), o);
  if (!src) throw new Error('not a synced order');
  const deps = { db: db(), channels: w.t.app.channels, jobs: w.t.app.jobs };
  const taken = await takePlatformWaybill(deps, { lead: o, members: [o], src, sender, items: [{ name: '服装', count: 1 }] });
  return insertWaybill(db(), {
    purchaserOrgId: w.purchaserOrg,
    sellerOrgId: w.sellerOrg,
    orderId,
    courierCode: o.expressCode,
    trackingNo: taken.trackingNo,
    label: JSON.stringify({ platformPrint: taken.printData }),
    platformSource: taken.printData.source,
    shopId: src.shopId,
  });
}

/** Takes a Kuaidi100 number for the order and keeps it, as shipParcel does. */
async function keepCourierWaybill(orderId: number) {
  const [o] = await findOrders(db(), w.sellerOrg, [orderId]);
  if (!o) throw new Error('no order');
  const issued = await (await w.t.app.courier.client()).createWaybill({
    courierCode: o.expressCode,
    orderId: o.orderNo,
    recMan: { name: '林晓', mobile: '13800138001', printAddr: '浙江省杭州市西湖区文三路90号' },
    sendMan: sender,
    cargo: '服装',
    count: 1,
  });
  return insertWaybill(db(), {
    purchaserOrgId: w.purchaserOrg,
    sellerOrgId: w.sellerOrg,
    orderId,
    courierCode: o.expressCode,
    trackingNo: issued.trackingNo,
    taskId: issued.taskId,
    courierOrderNo: issued.kdComOrderNum ?? '',
    label: '{}',
  });
}

const voidOf = (orderId: number, s = w.purchaser) => w.post<WarehouseVoidWaybillResult>('/api/b2/purchaser/warehouse/voidWaybill', s, { orderId });
const issuedPdd = (trackingNo: string) =>
  waybillBook(emu.core('PDD'))
    .list()
    .find((x) => x.trackingNo === trackingNo);
const notes = async (orderId: number) =>
  queryRows<{ note: string }>(
    db(),
    sql`select l.note from take_logs l join take_items t on t.id = l.take_item_id where t.order_id = ${orderId} and l.operation = 'VOID_WAYBILL'`,
  );

describe('作废面单 by the warehouse', () => {
  it('PDD: cancels the e-waybill on the platform, forgets it (a second void: nothing kept), and the next ship takes a new number', async () => {
    const o = await pddOrder();
    await tookAll(db(), o.codes);
    const kept = await keepPlatformWaybill(o.id);
    expect(issuedPdd(kept.trackingNo)?.cancelledAt).toBeUndefined();

    const r = await voidOf(o.id);
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data).toMatchObject({ orderId: o.id, trackingNo: kept.trackingNo, source: 'PDD' });
    expect(issuedPdd(kept.trackingNo)?.cancelledAt).toBeDefined();
    expect(await waybillOf(db(), w.purchaserOrg, o.id)).toBeUndefined();
    expect((await notes(o.id)).map((n) => n.note).join()).toContain(kept.trackingNo);
    const detail = await w.get<DropshipDetail>(`/api/b2/post/orders/detail/${o.id}`, w.seller);
    expect(detail.data.events.some((e) => e.operation === 'VOID_WAYBILL')).toBe(true);

    const again = await voidOf(o.id);
    expect(again.errorCode).toBe(17191);
    expect(isChinese(again.errorMsg)).toBe(true);

    let last: WarehouseScanResult | undefined;
    for (const c of o.codes) last = (await w.post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: c })).data;
    expect(last?.outcome, last?.shipError ?? last?.message).toBe('SHIPPED');
    const shippedNo = last?.waybill?.trackingNo ?? '';
    expect(shippedNo).not.toBe(kept.trackingNo);
    expect(last?.waybill?.platformPrint?.source).toBe('PDD');

    // Shipped: the number is on the parcel.
    const refused = await voidOf(o.id);
    expect(refused.errorCode).toBe(17192);
    expect(refused.errorMsg).toContain('已发货');
    expect(issuedPdd(shippedNo)?.cancelledAt).toBeUndefined();
  });

  it('Kuaidi100: listed with its kept number while sorting; cancels it at Kuaidi100 and the next ship takes a new one', async () => {
    const o = await paidOrder(w, [{ costFen: 3000 }, { costFen: 2000 }]);
    await tookAll(db(), o.codes);
    const kept = await keepCourierWaybill(o.id);
    // One of two lines in: the order waits in its slot, and the list offers 作废面单 for its kept number.
    await w.post('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: o.codes[0] });
    const listed = await w.post<WarehouseOrdersResult>('/api/b2/purchaser/warehouse/orders', w.purchaser, {
      view: 'SORTING',
      orderNo: o.orderNo,
      pageNo: 1,
      pageSize: 10,
    });
    expect(listed.data.list[0]).toMatchObject({ orderId: o.id, keptTrackingNo: kept.trackingNo });
    const r = await voidOf(o.id);
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data).toMatchObject({ trackingNo: kept.trackingNo, source: 'KUAIDI100' });
    const courier = await w.t.app.courier.emulator();
    expect(courier.waybills().find((x) => x.trackingNo === kept.trackingNo)?.cancelledAt).toBeTypeOf('number');
    expect(await waybillOf(db(), w.purchaserOrg, o.id)).toBeUndefined();
    await w.post('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: o.codes[1] });
    const [row] = await queryRows<{ tracking_no: string | null; status: string }>(
      db(),
      sql`select tracking_no, status from dropship_orders where id = ${o.id}`,
    );
    expect(row?.status).toBe('DELIVERED');
    expect(row?.tracking_no).not.toBe(kept.trackingNo);
  });

  it('a platform refusal keeps the row and answers the platform’s reason', async () => {
    const o = await pddOrder();
    const kept = await keepPlatformWaybill(o.id);
    emu.failNext('PDD', 'INVALID_SIGNATURE');
    const r = await voidOf(o.id);
    expect(r.errorCode).toBe(17193);
    expect(isChinese(r.errorMsg)).toBe(true);
    expect((await waybillOf(db(), w.purchaserOrg, o.id))?.trackingNo).toBe(kept.trackingNo);
    expect(issuedPdd(kept.trackingNo)?.cancelledAt).toBeUndefined();
  });

  it('refuses bad input in Chinese, another purchaser’s order (not found) and a seller', async () => {
    const o = await paidOrder(w);
    const kept = await keepCourierWaybill(o.id);
    for (const body of [{}, { orderId: 'x' }, { orderId: -1 }]) {
      const r = await w.post('/api/b2/purchaser/warehouse/voidWaybill', w.purchaser, body);
      expect(r.errorCode).not.toBe(0);
      expect(isChinese(r.errorMsg)).toBe(true);
    }
    expect((await voidOf(o.id, otherPurchaser)).errorCode).toBe(12001);
    expect((await voidOf(o.id, w.seller)).errorCode).not.toBe(0);
    expect((await voidOf(987654321)).errorCode).toBe(12001);
    expect((await waybillOf(db(), w.purchaserOrg, o.id))?.trackingNo).toBe(kept.trackingNo);
  });

  it('a waybill issued on a closed day and voided later: the workbench counts that day again', async () => {
    const o = await paidOrder(w);
    await tookAll(db(), o.codes);
    await keepCourierWaybill(o.id);
    // Issued two days ago (the shipment stopped after the number was taken): that day is closed and kept on the first read.
    const issuedAt = new Date(Date.now() - 2 * 86_400_000);
    await db().execute(sql`update waybills set created_at = ${issuedAt} where purchaser_org_id = ${w.purchaserOrg} and order_id = ${o.id}`);
    const day = beijingDay(issuedAt);
    const purchaser = { orgId: w.purchaserOrg, orgType: 'purchaser' as const, userId: w.purchaser.userId, isMain: true, sessionId: 0 };
    const shipped = async () => {
      const d = await homeData(db(), purchaser);
      return d.chart.series.find((x) => x.key === 'ORDERS_SHIPPED')?.values[d.chart.days.indexOf(day)] ?? -1;
    };
    const kept = await shipped();
    expect(kept).toBeGreaterThanOrEqual(1);
    expect((await voidOf(o.id)).errorCode).toBe(0);
    expect(await shipped()).toBe(kept - 1);
  });
});

describe('automatic recycle', () => {
  it('the seller cancels an order holding a kept PDD waybill: a job cancels it on the platform and forgets it', async () => {
    const o = await pddOrder();
    const kept = await keepPlatformWaybill(o.id);
    const c = await w.post<{ results: { ok: boolean; message: string }[] }>('/api/b2/post/orders/cancel', w.seller, { orderIds: [o.id], reason: '买家不要了' });
    expect(c.data.results[0]?.ok, c.data.results[0]?.message).toBe(true);
    const [job] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from jobs where kind = 'warehouse.recycleWaybill' and status = 'QUEUED'`);
    expect(job?.n).toBeGreaterThanOrEqual(1);
    await w.t.app.jobs.runDue();
    expect(issuedPdd(kept.trackingNo)?.cancelledAt).toBeDefined();
    expect(await waybillOf(db(), w.purchaserOrg, o.id)).toBeUndefined();
  });

  it('the seller stops the order’s last line: the kept Kuaidi100 number is recycled the same way; a failing source is retried', async () => {
    const o = await paidOrder(w);
    const kept = await keepCourierWaybill(o.id);
    const courier = await w.t.app.courier.emulator();
    courier.setFailure('http500', { api: 'label' });
    const [item] = await queryRows<{ id: number }>(db(), sql`select id from dropship_order_items where order_id = ${o.id}`);
    const s = await w.post<{ results: { ok: boolean; message: string }[] }>('/api/b2/post/orders/item/stop', w.seller, { itemIds: [Number(item?.id)] });
    expect(s.data.results[0]?.ok, s.data.results[0]?.message).toBe(true);
    await w.t.app.jobs.runDue();
    expect(await waybillOf(db(), w.purchaserOrg, o.id)).toBeDefined();
    courier.setFailure(null);
    await db().execute(sql`update jobs set run_at = now() where kind = 'warehouse.recycleWaybill' and status = 'QUEUED'`);
    await w.t.app.jobs.runDue();
    expect(courier.waybills().find((x) => x.trackingNo === kept.trackingNo)?.cancelledAt).toBeTypeOf('number');
    expect(await waybillOf(db(), w.purchaserOrg, o.id)).toBeUndefined();
  });
});
