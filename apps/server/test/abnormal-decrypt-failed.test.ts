/**
 * DECRYPT_FAILED on the abnormal list (decision 0025): a marketplace shop set to 快递100 ships by
 * decrypting through the platform; when the emulator exhausts the shop's quota, refuses the order or
 * says the token expired, the scan keeps the goods in and the seller's abnormal list shows the placed
 * order with the platform's message and the fix. It leaves by itself once a later decrypt succeeds
 * (even if the courier then failed), the order ships, or the seller types the receiver (the order
 * becomes plain and ships by 快递100 to it). Another seller sees nothing.
 */
import type { MarketplaceChannel, MarketplaceEmulator } from '@dropship/channels';
import type { AbnormalDetail, AbnormalOrderRow, AbnormalSummary, WarehouseScanResult, WarehouseShipResult } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { login, type Session } from './helpers.js';
import { addOAuthShop } from './shops-support.js';
import { createSecondSeller, isChinese, PASSWORD } from './support.js';
import { orderRow, paidPlatformOrder, shippableEmulatorOrder, startWarehouseWorld, tookAll, type WarehouseWorld } from './warehouse-support.js';

let w: WarehouseWorld;
let emu: MarketplaceEmulator;
let otherSeller: Session;
const shopOf = new Map<MarketplaceChannel, { id: number; platformShopId: string }>();
const db = () => w.t.database.db;
const shop = (c: MarketplaceChannel) => shopOf.get(c) as { id: number; platformShopId: string };

beforeAll(async () => {
  w = await startWarehouseWorld();
  emu = await w.t.app.channels.emulator();
  for (const channel of ['TAOBAO', 'TIKTOK'] as const) {
    const id = await addOAuthShop(w.t.app, w.seller, channel, `解密失败店${channel}`);
    const [s] = await db().select().from(shops).where(eq(shops.id, id));
    shopOf.set(channel, { id, platformShopId: s?.platformShopId as string });
  }
  const second = await createSecondSeller(db(), 'df');
  otherSeller = await login(w.t.app, second.username, PASSWORD);
});
afterAll(() => w?.t.close());

/** A placed, paid emulator order of the channel's shop with the platform's encrypted receiver, its goods taken. */
async function takenOrder(channel: MarketplaceChannel) {
  const order = shippableEmulatorOrder(emu, channel, shop(channel).platformShopId);
  const placed = await paidPlatformOrder(w, shop(channel).id, order, channel, { platformReceiver: true });
  await tookAll(db(), placed.codes);
  // The warehouse lists a shop once its seller has placed orders with it; 快递100 means decrypting to ship.
  const r = await w.post('/api/b2/purchaser/warehouse/waybillSources', w.purchaser, { shopId: shop(channel).id, source: 'KUAIDI100' });
  expect(r.errorCode, r.errorMsg).toBe(0);
  const [so] = await queryRows<{ id: string | number }>(
    db(),
    sql`select id from shop_orders where org_id = ${w.sellerOrg} and platform_order_id = ${order.platformOrderId}`,
  );
  return { ...placed, platformOrderId: order.platformOrderId, shopOrderId: Number(so?.id) };
}

async function scanAll(codes: string[]) {
  let last: WarehouseScanResult | undefined;
  for (const c of codes) {
    const r = await w.post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: c });
    expect(r.errorCode, r.errorMsg).toBe(0);
    last = r.data;
  }
  return last as WarehouseScanResult;
}

const listed = async (s: Session = w.seller) => {
  const r = await w.post<{ total: number; list: AbnormalOrderRow[]; summary: AbnormalSummary }>('/api/b2/orders/abnormal/page', s, {
    reason: 'DECRYPT_FAILED',
    pageNo: 1,
    pageSize: 100,
  });
  expect(r.errorCode, r.errorMsg).toBe(0);
  return r.data;
};
const rowOf = async (shopOrderId: number) => (await listed()).list.find((r) => r.id === shopOrderId);
const ship = (orderId: number) => w.post<WarehouseShipResult>('/api/b2/purchaser/warehouse/ship', w.purchaser, { orderId });

describe('a failed ship-time decrypt puts the placed order on the abnormal list', () => {
  it('quota exhausted: listed with the platform’s Chinese message; a later successful decrypt takes it off, then it ships', async () => {
    const desk = emu.core('TAOBAO').decrypts;
    desk.setRemaining(shop('TAOBAO').platformShopId, 0);
    const o = await takenOrder('TAOBAO');
    expect((await scanAll(o.codes)).outcome).toBe('READY');

    const page = await listed();
    const row = page.list.find((r) => r.id === o.shopOrderId);
    expect(row).toMatchObject({ reasons: ['DECRYPT_FAILED'], dropshipOrderId: o.id, dropshipOrderNo: o.orderNo, decryptOutcome: 'QUOTA_EXHAUSTED' });
    expect(row?.decryptMessage).toContain('额度');
    expect(isChinese(row?.decryptMessage ?? '')).toBe(true);
    expect(page.summary.counts.DECRYPT_FAILED).toBe(page.total);
    const summary = await w.get<AbnormalSummary>('/api/b2/orders/abnormal/summary', w.seller);
    expect(summary.data.counts.DECRYPT_FAILED).toBeGreaterThanOrEqual(1);
    const detail = await w.get<AbnormalDetail>(`/api/b2/orders/abnormal/detail?id=${o.shopOrderId}`, w.seller);
    expect(detail.data.order).toMatchObject({ reasons: ['DECRYPT_FAILED'], decryptOutcome: 'QUOTA_EXHAUSTED' });

    // Another seller sees nothing: not in the list, not the detail.
    expect((await listed(otherSeller)).list).toEqual([]);
    expect((await w.get(`/api/b2/orders/abnormal/detail?id=${o.shopOrderId}`, otherSeller)).errorCode).toBe(12001);

    // Quota back; the decrypt succeeds but the courier fails: not shipped, yet off the list (the platform decrypted).
    desk.setRemaining(shop('TAOBAO').platformShopId, 1000);
    const courier = await w.t.app.courier.emulator();
    courier.setFailure('no_stock', { times: 1, api: 'label' });
    const failed = await ship(o.id);
    expect(failed.errorCode).not.toBe(0);
    expect((await orderRow(db(), o.id))?.status).toBe('WAITING_DELIVERING');
    expect(await rowOf(o.shopOrderId)).toBeUndefined();
    const shipped = await ship(o.id);
    expect(shipped.errorCode, shipped.errorMsg).toBe(0);
    expect(await rowOf(o.shopOrderId)).toBeUndefined();
  });

  it('a refused order: the seller types the receiver (allowed with the goods in), it leaves the list and ships by 快递100 to it', async () => {
    const desk = emu.core('TAOBAO').decrypts;
    const o = await takenOrder('TAOBAO');
    desk.refuse([o.platformOrderId]);
    expect((await scanAll(o.codes)).outcome).toBe('READY');
    desk.allow();
    const row = await rowOf(o.shopOrderId);
    expect(row).toMatchObject({ decryptOutcome: 'REFUSED', dropshipOrderId: o.id });

    // The order's own region, so the express fee it paid stays the same.
    const [d] = await queryRows<{ receiver_province: string; receiver_city: string; receiver_district: string }>(
      db(),
      sql`select receiver_province, receiver_city, receiver_district from dropship_orders where id = ${o.id}`,
    );
    const typed = {
      name: '王小二',
      phone: '13712345678',
      province: d?.receiver_province,
      city: d?.receiver_city,
      district: d?.receiver_district,
      address: '人民路8号',
    };
    // Another seller cannot type it.
    expect((await w.post('/api/b2/post/orders/update/receivingInfo', otherSeller, { id: o.id, receiver: typed })).errorCode).toBe(12001);
    const r = await w.post('/api/b2/post/orders/update/receivingInfo', w.seller, { id: o.id, receiver: typed });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(await rowOf(o.shopOrderId)).toBeUndefined();

    const calls = emu.core('TAOBAO').decrypts.stats(shop('TAOBAO').platformShopId).calls;
    const shipped = await ship(o.id);
    expect(shipped.errorCode, shipped.errorMsg).toBe(0);
    expect(emu.core('TAOBAO').decrypts.stats(shop('TAOBAO').platformShopId).calls).toBe(calls);
    const courier = await w.t.app.courier.emulator();
    expect(courier.waybills().find((x) => x.trackingNo === shipped.data.trackingNo)?.receiverMobile).toBe('13712345678');
  });

  it('an order only taken (goods in, no failed decrypt) still cannot be re-addressed', async () => {
    const o = await takenOrder('TAOBAO');
    const r = await w.post('/api/b2/post/orders/update/receivingInfo', w.seller, {
      id: o.id,
      receiver: { name: '王小二', phone: '13712345678', province: '浙江省', city: '杭州市', district: '西湖区', address: '人民路8号' },
    });
    expect(r.errorCode).not.toBe(0);
    expect(isChinese(r.errorMsg)).toBe(true);
  });

  it('an expired token: listed with the re-authorize outcome', async () => {
    const o = await takenOrder('TIKTOK');
    emu.failNext('TIKTOK', 'TOKEN_EXPIRED');
    expect((await scanAll(o.codes)).outcome).toBe('READY');
    const row = await rowOf(o.shopOrderId);
    expect(row).toMatchObject({ reasons: ['DECRYPT_FAILED'], decryptOutcome: 'TOKEN_EXPIRED' });
    expect(isChinese(row?.decryptMessage ?? '')).toBe(true);
  });
});
