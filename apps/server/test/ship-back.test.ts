/**
 * Shipping back to the shop against the marketplace emulator: the push succeeds and the platform
 * holds the tracking number; a 5xx is retried by the job and then succeeds; a platform that keeps
 * failing is given up with a visible, retryable failure; a refused token says to re-authorize; the
 * calls are the seller's own (another seller: not found) and refuse bad input.
 */
import type { MarketplaceEmulator, NormalizedOrder } from '@dropship/channels';
import type { ShipBackView, WarehouseScanResult } from '@dropship/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { jobs } from '../src/modules/jobs/jobs.table.js';
import { shops } from '../src/modules/shops/shops.table.js';
import type { Session } from './helpers.js';
import { login } from './helpers.js';
import { addOAuthShop } from './shops-support.js';
import { createSecondSeller, isChinese, PASSWORD } from './support.js';
import { paidOrder, paidPlatformOrder, startWarehouseWorld, tookAll, type WarehouseWorld } from './warehouse-support.js';

let w: WarehouseWorld;
let emu: MarketplaceEmulator;
let shopId: number;
let platformShopId: string;
let otherSeller: Session;
const db = () => w.t.database.db;

beforeAll(async () => {
  // Platform retries inside one push wait 5 ms instead of 500 (the give-up case makes five pushes of four tries).
  process.env.CHANNEL_RETRY_BASE_MS = '5';
  try {
    w = await startWarehouseWorld();
  } finally {
    delete process.env.CHANNEL_RETRY_BASE_MS;
  }
  emu = await w.t.app.channels.emulator();
  shopId = await addOAuthShop(w.t.app, w.seller, 'TAOBAO', '回传测试店');
  const [s] = await db().select().from(shops).where(eq(shops.id, shopId));
  platformShopId = s!.platformShopId!;
  const second = await createSecondSeller(db(), 'sb');
  otherSeller = await login(w.t.app, second.username, PASSWORD);
});
afterAll(() => w?.t.close());

/** A platform order waiting to be shipped, placed, paid, taken and scanned: DELIVERED, its ship-back queued. */
async function shippedPlatformOrder() {
  const fresh = emu.addOrders('TAOBAO', platformShopId, 30) as NormalizedOrder[];
  const order = fresh.find((o) => o.status === 'WAIT_SELLER_SEND' && o.items.every((i) => i.refundState === 'NONE'));
  if (!order) throw new Error('no shippable emulator order');
  const placed = await paidPlatformOrder(w, shopId, order);
  await tookAll(db(), placed.codes);
  for (const c of placed.codes) await w.post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: c });
  const [row] = await queryRows<{ tracking_no: string; status: string }>(db(), sql`select tracking_no, status from dropship_orders where id = ${placed.id}`);
  expect(row?.status).toBe('DELIVERED');
  return { ...placed, platformOrderId: order.platformOrderId, trackingNo: row!.tracking_no };
}

const stateOf = (orderId: number, s = w.seller) => w.get<ShipBackView | null>(`/api/b2/post/orders/shipBack?orderId=${orderId}`, s);
/** Makes the order's queued ship-back job due now (the queue's backoff would wait) and runs due jobs. */
async function runNow(orderId: number) {
  await db()
    .update(jobs)
    .set({ runAt: new Date() })
    .where(and(eq(jobs.singletonKey, `shipBack.push:${orderId}`), eq(jobs.status, 'QUEUED')));
  await w.t.app.jobs.runDue();
}

describe('ship-back', () => {
  it('pushes courier and tracking number to the marketplace: SUCCESS, the platform order has it', async () => {
    const o = await shippedPlatformOrder();
    expect((await stateOf(o.id)).data).toMatchObject({ status: 'PENDING', attempts: 0 });
    await w.t.app.jobs.runDue();
    const s = await stateOf(o.id);
    expect(s.data).toMatchObject({ status: 'SUCCESS', attempts: 1, lastError: null, trackingNo: o.trackingNo, courierCode: 'ZTO', shopName: '回传测试店' });
    expect(emu.shipments('TAOBAO').find((x) => x.platformOrderId === o.platformOrderId)).toMatchObject({ trackingNo: o.trackingNo });
  });

  it('a platform error outlasting the client’s own retries is retried by the job, then succeeds', async () => {
    const o = await shippedPlatformOrder();
    emu.failNext('TAOBAO', 'SERVER_ERROR', 4);
    await w.t.app.jobs.runDue();
    const failed = await stateOf(o.id);
    expect(failed.data).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(failed.data?.lastError).toContain('稍后自动重试');
    await runNow(o.id);
    expect((await stateOf(o.id)).data).toMatchObject({ status: 'SUCCESS', attempts: 2, lastError: null });
  });

  it('gives up after the last attempt with a visible failure, counted in the failures list, and the seller can retry', async () => {
    const o = await shippedPlatformOrder();
    // The platform keeps failing for as long as the five attempts take (however many requests the
    // client's own retries make), then recovers.
    emu.failNext('TAOBAO', 'SERVER_ERROR', 1_000);
    for (let i = 0; i < 5; i++) await runNow(o.id);
    emu.core('TAOBAO').clearFailures();
    const s = await stateOf(o.id);
    expect(s.data).toMatchObject({ status: 'FAILED', attempts: 5, needsReauth: false });
    expect(s.data?.lastError).toContain('已自动重试5次');
    const failures = await w.post<{ total: number; list: ShipBackView[] }>('/api/b2/post/orders/shipBack/failures', w.seller, { pageNo: 1, pageSize: 20 });
    expect(failures.data.list.map((f) => f.orderId)).toContain(o.id);

    const retried = await w.post<ShipBackView>('/api/b2/post/orders/shipBack/retry', w.seller, { orderId: o.id });
    expect(retried.data).toMatchObject({ status: 'PENDING' });
    await w.t.app.jobs.runDue();
    expect((await stateOf(o.id)).data).toMatchObject({ status: 'SUCCESS', attempts: 6 });
    expect((await w.post('/api/b2/post/orders/shipBack/retry', w.seller, { orderId: o.id })).errorCode).toBe(17163);
  });

  it('a refused token fails at once, says to re-authorize, and marks the shop EXPIRED', async () => {
    const o = await shippedPlatformOrder();
    emu.expireTokens('TAOBAO');
    await w.t.app.jobs.runDue();
    const s = await stateOf(o.id);
    expect(s.data).toMatchObject({ status: 'FAILED', attempts: 1, needsReauth: true });
    expect(s.data?.lastError).toContain('重新授权');
    const [shop] = await db().select().from(shops).where(eq(shops.id, shopId));
    expect(shop?.authState).toBe('EXPIRED');
  });

  it('an order without a shop (placed by hand) ships with nothing to push: no ship-back, no job', async () => {
    const byHand = await paidOrder(w);
    // Stands in for a by-hand order (custom goods): no shop, no platform order.
    await db().execute(sql`update dropship_orders set shop_id = null, platform_order_id = null, source = 'MANUAL' where id = ${byHand.id}`);
    await tookAll(db(), byHand.codes);
    const r = await w.post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: byHand.codes[0] });
    expect(r.data.outcome).toBe('SHIPPED');
    expect((await stateOf(byHand.id)).data).toBeNull();
    expect(
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `shipBack.push:${byHand.id}`)),
    ).toEqual([]);
  });

  it('another seller gets not found; bad input is refused in Chinese and changes nothing', async () => {
    const [any] = await queryRows<{ order_id: string }>(db(), sql`select order_id from ship_backs limit 1`);
    const id = Number(any?.order_id);
    expect((await stateOf(id, otherSeller)).errorCode).toBe(12001);
    expect((await w.post('/api/b2/post/orders/shipBack/retry', otherSeller, { orderId: id })).errorCode).toBe(12001);
    const others = await w.post<{ total: number }>('/api/b2/post/orders/shipBack/failures', otherSeller, { pageNo: 1, pageSize: 20 });
    expect(others.data.total).toBe(0);
    const before = await queryRows(db(), sql`select status, attempts from ship_backs order by id`);
    const bad = await stateOf('abc' as unknown as number);
    expect(bad.errorCode).toBe(400);
    expect(isChinese(bad.errorMsg)).toBe(true);
    const badRetry = await w.post('/api/b2/post/orders/shipBack/retry', w.seller, { orderId: -1 });
    expect(badRetry.errorCode).toBe(400);
    expect(badRetry.errorMsg).toContain('代发订单');
    expect(await queryRows(db(), sql`select status, attempts from ship_backs order by id`)).toEqual(before);
  });
});
