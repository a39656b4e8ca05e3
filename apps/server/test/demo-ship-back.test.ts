/**
 * The demo's marketplace shop orders exist on the marketplace emulator, so 物流回传 succeeds for them:
 * the seeded (imported) Taobao orders and the orders synced from the demo's Douyin and Xiaohongshu
 * shops ship and push back SUCCESS; after a simulated restart (a new emulator with the database's
 * credentials and seed, the shops reattached) the same orders are there again and push back too.
 */
import type { MarketplaceChannel } from '@dropship/channels';
import type { ShipBackView, WarehouseScanResult } from '@dropship/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { payWithBalance } from '../src/modules/dropship-orders/pay/pay.service.js';
import { suppliers } from '../src/modules/goods/goods.table.js';
import { writeLinks } from '../src/modules/goods/link-writer.js';
import { findSkuIdsByRefs } from '../src/modules/goods/shop-skus.repository.js';
import { adoptImportedOrders } from '../src/modules/shop-orders/shop-orders.demo.js';
import { shopOrderItems, shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { reattachEmulatorShops } from '../src/modules/shops/shops.demo.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { RECEIVER } from './dropship-orders-support.js';
import { startWarehouseWorld, tookAll, type WarehouseWorld } from './warehouse-support.js';

let w: WarehouseWorld;
const db = () => w.t.database.db;
let seq = 0;

/** The demo's authorized marketplace shops (the PDD one is expired: nothing reaches it). */
const DEMO = [
  { channel: 'TAOBAO', name: '小美女装旗舰店' },
  { channel: 'TIKTOK', name: '小美抖音小店' },
  { channel: 'REDBOOK', name: '小美的衣橱' },
] as const;
const shopIdOf = new Map<string, number>();

beforeAll(async () => {
  w = await startWarehouseWorld();
  for (const d of DEMO) {
    const [s] = await db()
      .select()
      .from(shops)
      .where(and(eq(shops.orgId, w.sellerOrg), eq(shops.name, d.name)));
    shopIdOf.set(d.channel, s!.id);
    // The demo's first sync of each shop, as 立即同步 starts it.
    const r = await w.post('/api/b2/shops/sync', w.seller, { id: s!.id });
    expect(r.errorCode, r.errorMsg).toBe(0);
  }
  await w.t.app.jobs.runDue();
}, 120_000);
afterAll(() => w?.t.close());

/** The shop's orders waiting to ship, not placed, nothing refunded; the seeded ones first. */
async function waiting(channel: string) {
  return db()
    .select()
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.shopId, shopIdOf.get(channel) as number),
        eq(shopOrders.status, 'WAIT_SELLER_SEND'),
        eq(shopOrders.refundState, 'NONE'),
        eq(shopOrders.dropshipStatus, 'UNPLACED'),
      ),
    )
    .orderBy(asc(shopOrders.id));
}

/** Links the order's lines, places it for a typed receiver (a Kuaidi100 waybill needs a plain one), pays, takes and scans it. */
async function ship(so: { id: number; channel: string }) {
  const lines = await db().select().from(shopOrderItems).where(eq(shopOrderItems.orderId, so.id));
  const skuIds = await findSkuIdsByRefs(
    db(),
    w.sellerOrg,
    lines.map((l) => ({ channel: so.channel, itemId: l.itemId, skuId: l.skuId })),
  );
  const [stall] = await db()
    .insert(suppliers)
    .values({
      orgId: w.sellerOrg,
      name: `回传演示档口${++seq}`,
      market: '广州十三行',
      building: '新中国大厦',
      floor: '2楼',
      stallNo: `D${seq}`,
      marketArea: '十三行',
    })
    .returning();
  await writeLinks(
    db(),
    w.sellerOrg,
    skuIds.map((id, i) => ({ shopSkuId: id as number, supplierId: stall!.id, artNo: `D${seq}${i}`, color: '黑色', size: 'M', costFen: 2000 })),
    { source: 'SEED', userId: null, overwrite: true },
    () => stall!.name,
  );
  const c = await w.post<{ orders: { id: number }[] }>('/api/b2/post/orders/create', w.seller, {
    orders: [{ shopOrderId: so.id, receiver: RECEIVER, expressCode: 'ZTO' }],
    confirmDuplicate: true,
  });
  expect(c.errorCode, c.errorMsg).toBe(0);
  const id = (c.data.orders[0] as { id: number }).id;
  await payWithBalance(db(), { userId: w.seller.userId, orgId: w.sellerOrg }, [id], `demo-ship-${++seq}`);
  const codes = (await queryRows<{ take_code: string }>(db(), sql`select take_code from take_items where order_id = ${id} order by id`)).map(
    (r) => r.take_code,
  );
  await tookAll(db(), codes);
  let last: WarehouseScanResult | undefined;
  for (const takeCode of codes) last = (await w.post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode })).data;
  expect(last?.outcome, last?.message).toBe('SHIPPED');
  return id;
}

async function pushedBack(orderId: number) {
  await w.t.app.jobs.runDue();
  return (await w.get<ShipBackView | null>(`/api/b2/post/orders/shipBack?orderId=${orderId}`, w.seller)).data;
}

async function platformShopIdOf(channel: string) {
  const [s] = await db()
    .select()
    .from(shops)
    .where(eq(shops.id, shopIdOf.get(channel) as number));
  return s!.platformShopId as string;
}

describe('the demo’s shop orders push back', () => {
  const before = new Map<string, { id: number; channel: string; platformOrderId: string }>();

  it('a shipped order of each demo marketplace shop: SUCCESS, the emulator holds the tracking', async () => {
    const emu = await w.t.app.channels.emulator();
    for (const d of DEMO) {
      const list = await waiting(d.channel);
      expect(list.length, d.channel).toBeGreaterThan(1);
      // Taobao: the seeded imported order 4012873365501 (the others of the seed keep their roles).
      const so = d.channel === 'TAOBAO' ? list.find((o) => o.platformOrderId === '4012873365501') : list[0];
      expect(so, d.channel).toBeTruthy();
      const id = await ship(so!);
      expect(await pushedBack(id), d.channel).toMatchObject({ status: 'SUCCESS', lastError: null });
      expect(emu.shipments(d.channel as MarketplaceChannel).some((x) => x.platformOrderId === so!.platformOrderId)).toBe(true);
      // One more, synced (or seeded) before the restart, shipped after it.
      const next = list.find((o) => o.id !== so!.id && (d.channel !== 'TAOBAO' || o.platformOrderId === '4012873365504'));
      before.set(d.channel, next!);
    }
  }, 120_000);

  it('after a restart (a new emulator, the same seed and credentials) the same orders are there and push back', async () => {
    const old = await w.t.app.channels.emulator();
    const oldIds = new Map(DEMO.map((d) => [d.channel, old.orders(d.channel as MarketplaceChannel).map((o) => o.platformOrderId)]));
    // What serving does at every start (shops.routes.ts, shop-orders.routes.ts), on a fresh emulator.
    await w.t.app.channels.close();
    const deps = { db: db(), channels: w.t.app.channels, jobs: w.t.app.jobs };
    const log = { warn: (o: object, m: string) => console.warn(m, o) };
    expect(await reattachEmulatorShops(deps, log)).toBeGreaterThanOrEqual(DEMO.length);
    expect(await adoptImportedOrders(deps, log)).toBeGreaterThan(0);
    const emu = await w.t.app.channels.emulator();
    expect(emu).not.toBe(old);
    for (const d of DEMO) {
      const channel = d.channel as MarketplaceChannel;
      const known = new Set(emu.orders(channel, await platformShopIdOf(d.channel)).map((o) => o.platformOrderId));
      // Every order synced from the old emulator (its generated history) is on the new one.
      const synced = await db()
        .select({ id: shopOrders.platformOrderId })
        .from(shopOrders)
        .where(and(eq(shopOrders.shopId, shopIdOf.get(d.channel) as number), eq(shopOrders.source, 'SYNC')));
      expect(synced.length, d.channel).toBeGreaterThan(0);
      for (const { id } of synced) {
        expect(oldIds.get(d.channel)).toContain(id);
        expect(known.has(id), `${d.channel} ${id}`).toBe(true);
      }
      const so = before.get(d.channel)!;
      const id = await ship(so);
      expect(await pushedBack(id), d.channel).toMatchObject({ status: 'SUCCESS', lastError: null });
      expect(emu.shipments(channel).some((x) => x.platformOrderId === so.platformOrderId)).toBe(true);
    }
  }, 120_000);
});
