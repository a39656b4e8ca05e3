/**
 * Auto-intercept end to end through the shop sync: a paid dropship order of a synced marketplace
 * order; the buyer asks a refund on the platform (the emulator's order line turns REFUNDING and is
 * re-stamped); the next sync stops that line and gives its goods money back, once, however many
 * times the sync runs again.
 */
import type { MarketplaceEmulator, NormalizedOrder } from '@dropship/channels';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { suppliers } from '../src/modules/goods/goods.table.js';
import { writeLinks } from '../src/modules/goods/link-writer.js';
import { findSkuIdsByRefs } from '../src/modules/goods/shop-skus.repository.js';
import { shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { RECEIVER } from './dropship-orders-support.js';
import { balance, fund, orgOf, PAY_PASSWORD, setPayPassword } from './funds-payments-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { addOAuthShop } from './shops-support.js';
import { call, envelope } from './support.js';

process.env.SHOP_FIRST_SYNC_DAYS = '4';
// Test files share a worker's process: the next one must see the default again.
afterAll(() => {
  delete process.env.SHOP_FIRST_SYNC_DAYS;
});

let t: TestApp;
let seller: Session;
let orgId: number;
let emu: MarketplaceEmulator;
let shopId: number;
let platformShopId: string;
const db = () => t.database.db;
const post = async <T>(url: string, payload: Record<string, unknown>) => envelope<T>(await call(t.app, { method: 'POST', url, session: seller, payload }));
const sync = async () => {
  expect((await post('/api/b2/shops/sync', { id: shopId })).errorCode).toBe(0);
  await t.app.jobs.runDue();
};

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  orgId = await orgOf(db(), seller);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 1_000_000);
  emu = await t.app.channels.emulator();
  shopId = await addOAuthShop(t.app, seller, 'TAOBAO', '拦截测试店');
  platformShopId = (await db().select().from(shops).where(eq(shops.id, shopId)))[0]?.platformShopId as string;
  await t.app.jobs.runDue();
});
afterAll(() => t?.close());

/** A synced order waiting to be shipped, nothing refunded, with two or more lines if the emulator has one. */
function waitingOrder(): NormalizedOrder {
  const open = emu.orders('TAOBAO', platformShopId).filter((o) => o.status === 'WAIT_SELLER_SEND' && o.items.every((i) => i.refundState === 'NONE'));
  const found = open.find((o) => o.items.length > 1) ?? open[0];
  if (!found) throw new Error('the emulator has no order waiting to ship');
  return found;
}

async function linkAndPay(order: NormalizedOrder) {
  const [stall] = await db()
    .insert(suppliers)
    .values({ orgId, name: '拦截档口', market: '广州十三行', building: '新中国大厦', floor: '2楼', stallNo: 'B1', marketArea: '十三行' })
    .returning();
  const skuIds = await findSkuIdsByRefs(
    db(),
    orgId,
    order.items.map((i) => ({ channel: 'TAOBAO', itemId: i.itemId, skuId: i.skuId })),
  );
  const proposals = order.items.map((_, i) => ({
    shopSkuId: skuIds[i] as number,
    supplierId: stall?.id as number,
    artNo: `LJ${i}`,
    color: '黑色',
    size: 'M',
    costFen: 2000,
  }));
  await writeLinks(db(), orgId, proposals, { source: 'SEED', userId: null, overwrite: true }, () => '拦截档口');
  const [so] = await db()
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(and(eq(shopOrders.shopId, shopId), eq(shopOrders.platformOrderId, order.platformOrderId)));
  const created = await post<{ orders: { id: number }[] }>('/api/b2/post/orders/create', {
    orders: [{ shopOrderId: so?.id, receiver: RECEIVER, expressCode: 'ZTO' }],
  });
  expect(created.errorCode, created.errorMsg).toBe(0);
  const id = created.data.orders[0]?.id as number;
  const paid = await post('/api/b2/post/orders/pay', { orderIds: [id], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: 'intercept-pay-1' });
  expect(paid.errorCode, paid.errorMsg).toBe(0);
  return id;
}

describe('auto-intercept through the sync', () => {
  it('a refund asked on the platform stops the dropship line at the next sync and refunds its goods once', async () => {
    const order = waitingOrder();
    const orderId = await linkAndPay(order);
    const before = (await balance(db(), orgId)).available;
    const asked = order.items[0] as NormalizedOrder['items'][number];
    emu.modifyOrder('TAOBAO', order.platformOrderId, {
      items: order.items.map((i) => (i === asked ? { ...i, refundState: 'REFUNDING' } : i)),
      modifiedAt: new Date(Math.floor(Date.now() / 1000) * 1000),
    });
    await sync();
    const lines = await queryRows<{ take_status: string; refunded_fen: string | number; line_no: number }>(
      db(),
      sql`select take_status, refunded_fen, line_no from dropship_order_items where order_id = ${orderId} order by line_no`,
    );
    expect(lines[0]).toMatchObject({ take_status: 'E_STOP_TAKING' });
    expect(Number(lines[0]?.refunded_fen)).toBe(2000 * asked.quantity);
    for (const l of lines.slice(1)) expect(l.take_status).toBe('WAITING_TAKING');
    expect((await balance(db(), orgId)).available).toBe(before + 2000 * asked.quantity);
    const logs = await queryRows<{ action: string }>(db(), sql`select action from auto_intercept_logs where org_id = ${orgId} and order_id = ${orderId}`);
    expect(logs.map((l) => l.action)).toEqual(['STOP_LINE']);

    // Syncing again (the overlap sees the same change) moves nothing more.
    await sync();
    expect((await balance(db(), orgId)).available).toBe(before + 2000 * asked.quantity);
    expect(await queryRows(db(), sql`select 1 from auto_intercept_logs where org_id = ${orgId} and order_id = ${orderId}`)).toHaveLength(1);
  });
});
