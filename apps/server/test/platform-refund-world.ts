/**
 * The world of the platform after-sale tests: the demo seller with money and a pay password, a Taobao (or named)
 * shop authorized on the marketplace emulator (SHOP_FIRST_SYNC_DAYS=4 while the file runs), one stall,
 * and the steps those tests repeat: find a synced order waiting to ship, link its goods and place and
 * pay it, deliver it, sync the shop.
 */
import type { MarketplaceChannel, MarketplaceEmulator, NormalizedOrder } from '@dropship/channels';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrderItems, dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { deliverOrder } from '../src/modules/dropship-orders/fulfilment/deliver.service.js';
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

export interface PlatformRefundWorld {
  t: TestApp;
  seller: Session;
  orgId: number;
  emu: MarketplaceEmulator;
  shopId: number;
  platformShopId: string;
  stallId: number;
  post<T>(url: string, payload: Record<string, unknown>): Promise<ReturnType<typeof envelope<T>>>;
  /** 立即同步 of the shop, then the queued jobs it made. */
  sync(): Promise<void>;
  available(): Promise<number>;
  /** A synced order waiting to be shipped, nothing refunded, not used by an earlier test. */
  waitingOrder(): NormalizedOrder;
  /**
   * `n` orders made on the platform now and synced, as waitingOrder's. Picked among the orders the
   * sync brought: an incremental sync need not bring one the emulator dated before its cursor.
   */
  freshWaitingOrders(n: number): Promise<NormalizedOrder[]>;
  /** Links the order's goods at 20.00 a piece, places and pays its dropship order. */
  placeAndPay(order: NormalizedOrder): Promise<{ id: number; lines: (typeof dropshipOrderItems.$inferSelect)[] }>;
  deliver(orderId: number): Promise<void>;
  close(): Promise<void>;
}

/** `name` tells the shop and the stall of one file apart; `trackingPrefix` its waybill numbers; `channel` the shop's platform. */
export async function startPlatformRefundWorld(name: string, trackingPrefix: string, channel: MarketplaceChannel = 'TAOBAO'): Promise<PlatformRefundWorld> {
  process.env.SHOP_FIRST_SYNC_DAYS = '4';
  const t = await createTestApp();
  const db = () => t.database.db;
  const seller = await login(t.app, 'demo_seller');
  const orgId = await orgOf(db(), seller);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 1_000_000);
  const emu = await t.app.channels.emulator();
  const shopId = await addOAuthShop(t.app, seller, channel, `${name}店`);
  const platformShopId = (await db().select().from(shops).where(eq(shops.id, shopId)))[0]?.platformShopId as string;
  const stallName = `${name}档口`;
  const [stall] = await db()
    .insert(suppliers)
    .values({ orgId, name: stallName, market: '广州十三行', building: '新中国大厦', floor: '5楼', stallNo: 'S501', marketArea: '十三行' })
    .returning();
  const stallId = stall?.id as number;
  await t.app.jobs.runDue();
  const used = new Set<string>();
  /** Waiting to be shipped, nothing refunded, not used by an earlier test. */
  const waiting = (o: NormalizedOrder) => o.status === 'WAIT_SELLER_SEND' && o.items.every((i) => i.refundState === 'NONE') && !used.has(o.platformOrderId);
  let keySeq = 0;
  const post = async <T>(url: string, payload: Record<string, unknown>) => envelope<T>(await call(t.app, { method: 'POST', url, session: seller, payload }));
  const sync = async () => {
    expect((await post('/api/b2/shops/sync', { id: shopId })).errorCode).toBe(0);
    await t.app.jobs.runDue();
  };
  return {
    t,
    seller,
    orgId,
    emu,
    shopId,
    platformShopId,
    stallId,
    post,
    sync,
    available: async () => (await balance(db(), orgId)).available,
    waitingOrder() {
      const found = emu.orders(channel, platformShopId).find(waiting);
      if (!found) throw new Error('the emulator has no order waiting to ship');
      used.add(found.platformOrderId);
      return found;
    },
    async freshWaitingOrders(n) {
      emu.addOrders(channel, platformShopId, n + 4);
      await sync();
      const synced = new Set((await db().select({ id: shopOrders.platformOrderId }).from(shopOrders).where(eq(shopOrders.shopId, shopId))).map((r) => r.id));
      const found = emu
        .orders(channel, platformShopId)
        .filter((o) => waiting(o) && synced.has(o.platformOrderId))
        .slice(0, n);
      if (found.length < n) throw new Error(`the sync brought ${found.length} of ${n} new orders waiting to ship`);
      for (const o of found) used.add(o.platformOrderId);
      return found;
    },
    async placeAndPay(order) {
      const skuIds = await findSkuIdsByRefs(
        db(),
        orgId,
        order.items.map((i) => ({ channel, itemId: i.itemId, skuId: i.skuId })),
      );
      const proposals = order.items.map((_, i) => ({
        shopSkuId: skuIds[i] as number,
        supplierId: stallId,
        artNo: `SH${i}`,
        color: '白色',
        size: 'L',
        costFen: 2000,
      }));
      await writeLinks(db(), orgId, proposals, { source: 'SEED', userId: null, overwrite: true }, () => stallName);
      const [so] = await db()
        .select({ id: shopOrders.id })
        .from(shopOrders)
        .where(and(eq(shopOrders.shopId, shopId), eq(shopOrders.platformOrderId, order.platformOrderId)));
      const created = await post<{ orders: { id: number }[] }>('/api/b2/post/orders/create', {
        orders: [{ shopOrderId: so?.id, receiver: RECEIVER, expressCode: 'ZTO' }],
      });
      expect(created.errorCode, created.errorMsg).toBe(0);
      const id = created.data.orders[0]?.id as number;
      const paid = await post('/api/b2/post/orders/pay', {
        orderIds: [id],
        payMethod: 'BALANCE',
        payPassword: PAY_PASSWORD,
        requestKey: `${trackingPrefix}-pay-${++keySeq}`,
      });
      expect(paid.errorCode, paid.errorMsg).toBe(0);
      const lines = await db().select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, id)).orderBy(dropshipOrderItems.lineNo);
      return { id, lines };
    },
    async deliver(orderId) {
      const [o] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, orderId));
      await db().transaction((tx) =>
        deliverOrder(tx as unknown as Db, t.app.jobs, { purchaserOrgId: o?.purchaserOrgId as number, userId: null }, orgId, orderId, {
          courierCode: 'ZTO',
          courierName: '中通快递',
          trackingNo: `${trackingPrefix}${String(Date.now() % 1e8).padStart(8, '0')}${keySeq++}`,
        }),
      );
    },
    async close() {
      // Test files share a worker's process: the next one must see the default again.
      delete process.env.SHOP_FIRST_SYNC_DAYS;
      await t.close();
    },
  };
}
