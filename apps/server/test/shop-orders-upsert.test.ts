/** The shared write path of shop sync and import: idempotent by shop and platform order id, newer copies win. */
import type { NormalizedOrder } from '@dropship/channels';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainReceiverOf } from '../src/lib/receiver-vault/index.js';
import { correctShopOrderAddress } from '../src/modules/shop-orders/shop-order-address.service.js';
import { upsertShopOrders } from '../src/modules/shop-orders/shop-orders.service.js';
import { shopOrderItems, shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { createTestApp, type TestApp } from './helpers.js';
import { createSecondSeller, rowCount } from './support.js';

const at = (iso: string) => new Date(iso);

function order(id: string, modified: string, over: Partial<NormalizedOrder> = {}): NormalizedOrder {
  return {
    platformOrderId: id,
    status: 'WAIT_SELLER_SEND',
    platformStatus: 'WAIT_SELLER_SEND_GOODS',
    buyerNick: 't**买家',
    receiver: { name: '张*', phone: '138****5678', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路1号', encrypted: true },
    totalFen: 5990,
    postFeeFen: 0,
    paymentFen: 5990,
    createdAt: at('2026-11-20T10:00:00+08:00'),
    paidAt: at('2026-11-20T10:01:00+08:00'),
    modifiedAt: at(modified),
    items: [
      {
        platformItemId: `${id}-1`,
        itemId: '6001',
        skuId: '7001',
        title: '秋冬毛衣',
        spec: '颜色:黑色;尺码:L',
        outerSkuCode: 'A12#8801',
        quantity: 1,
        priceFen: 5990,
        paymentFen: 5990,
        refundState: 'NONE',
      },
    ],
    ...over,
  };
}

describe('upsertShopOrders', () => {
  let t: TestApp;
  let target: { orgId: number; shopId: number; channel: string; source: 'SYNC' };
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const seller = await createSecondSeller(t.database.db, 'up');
    target = { orgId: seller.orgId, shopId: seller.expiringShopId, channel: 'TAOBAO', source: 'SYNC' };
  });
  afterAll(() => t.close());

  it('inserts, then updates in place, and an older copy changes nothing', async () => {
    const db = t.database.db;
    expect(await upsertShopOrders(db, target, [order('T1', '2026-11-20T10:05:00+08:00'), order('T2', '2026-11-20T10:05:00+08:00')])).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
    });
    const newer = order('T1', '2026-11-21T09:00:00+08:00', { status: 'WAIT_BUYER_CONFIRM', platformStatus: 'WAIT_BUYER_CONFIRM_GOODS' });
    newer.items[0] = { ...newer.items[0]!, refundState: 'REFUNDING' };
    expect(await upsertShopOrders(db, target, [newer])).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(await upsertShopOrders(db, target, [order('T1', '2026-11-20T10:05:00+08:00')])).toEqual({ inserted: 0, updated: 0, unchanged: 1 });

    const [row] = await db.select().from(shopOrders).where(eq(shopOrders.platformOrderId, 'T1'));
    expect(row).toMatchObject({ status: 'WAIT_BUYER_CONFIRM', refundState: 'REFUNDING', receiverPhoneTail: '5678', dropshipStatus: 'UNPLACED' });
    expect(row?.itemSearch).toContain('a12#8801');
    expect(await rowCount(db, shopOrders)).toBe(2);
    expect(await rowCount(db, shopOrderItems)).toBe(2);
  });

  it('a plain receiver is stored masked and sealed; one the retention job erased stays erased while the platform gives the same', async () => {
    const db = t.database.db;
    const plain = { name: '王小明', phone: '13912345678', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路5号', encrypted: false };
    const rowOf = async () => (await db.select().from(shopOrders).where(eq(shopOrders.platformOrderId, 'P1')))[0]!;
    await upsertShopOrders(db, target, [order('P1', '2026-11-20T10:05:00+08:00', { receiver: plain })]);
    const first = await rowOf();
    expect(first).toMatchObject({ receiverName: '王*明', receiverPhone: '139****5678', receiverAddress: '文****', receiverPhoneTail: '5678' });
    expect(plainReceiverOf(first)).toEqual({ name: '王小明', phone: '13912345678', address: '文三路5号' });
    // As the retention job leaves it.
    await db.update(shopOrders).set({ receiverSealed: null }).where(eq(shopOrders.id, first.id));
    await upsertShopOrders(db, target, [order('P1', '2026-11-21T10:05:00+08:00', { receiver: plain, status: 'FINISHED' })]);
    expect(await rowOf()).toMatchObject({ status: 'FINISHED', receiverSealed: null });
    // Another receiver from the platform is sealed again.
    await upsertShopOrders(db, target, [order('P1', '2026-11-22T10:05:00+08:00', { receiver: { ...plain, address: '文三路6号' } })]);
    expect(plainReceiverOf(await rowOf()).address).toBe('文三路6号');
  });

  it("keeps the seller's receiver correction while the platform still gives the receiver it corrected", async () => {
    const db = t.database.db;
    const receiverOf = async () => {
      const [r] = await db.select().from(shopOrders).where(eq(shopOrders.platformOrderId, 'R1'));
      // The receiver is stored masked with the plain one sealed: compare the plain one.
      const plain = r ? plainReceiverOf(r) : undefined;
      return [plain?.name, r?.receiverProvince, plain?.address, r?.sellerRemark, r?.receiverPlatformHash === null];
    };
    await upsertShopOrders(db, target, [order('R1', '2026-11-20T10:05:00+08:00', { receiver: { ...order('R1', '').receiver, province: '火星省' } })]);
    const [row] = await db.select({ id: shopOrders.id }).from(shopOrders).where(eq(shopOrders.platformOrderId, 'R1'));
    const fixed = {
      receiverName: '张三',
      receiverPhone: '13812345678',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      town: '',
      address: '文三路1号',
    };
    await correctShopOrderAddress(db, target.orgId, row!.id, fixed);
    // Corrected twice: the platform's receiver of the first correction is the one kept in mind.
    await correctShopOrderAddress(db, target.orgId, row!.id, { ...fixed, address: '文三路2号' });
    expect(await receiverOf()).toEqual(['张三', '浙江省', '文三路2号', null, false]);

    // A newer copy with another remark but the same (wrong) receiver: the remark changes, the correction stays.
    const remarked = order('R1', '2026-11-21T09:00:00+08:00', { receiver: { ...order('R1', '').receiver, province: '火星省' }, sellerRemark: '加急' });
    expect(await upsertShopOrders(db, target, [remarked])).toMatchObject({ updated: 1 });
    expect(await receiverOf()).toEqual(['张三', '浙江省', '文三路2号', '加急', false]);
    // The same copy again rewrites nothing (it counts as refreshed, the row keeps its updated_at).
    const stamp = async () => (await db.select({ at: shopOrders.updatedAt }).from(shopOrders).where(eq(shopOrders.platformOrderId, 'R1')))[0]?.at;
    const before = await stamp();
    expect(await upsertShopOrders(db, target, [remarked])).toMatchObject({ updated: 1 });
    expect(await stamp()).toEqual(before);

    // The buyer changed the address on the platform: the platform's new receiver wins and the correction is gone.
    const moved = order('R1', '2026-11-22T09:00:00+08:00', { receiver: { ...order('R1', '').receiver, address: '天目山路9号' }, sellerRemark: '加急' });
    expect(await upsertShopOrders(db, target, [moved])).toMatchObject({ updated: 1 });
    expect(await receiverOf()).toEqual(['张*', '浙江省', '天目山路9号', '加急', true]);
  });

  it('tells each order of one batch apart (new, newer, the same, older), looking only at this shop’s stored copies', async () => {
    const db = t.database.db;
    const [other] = await db.insert(shops).values({ orgId: target.orgId, channel: 'TAOBAO', name: '同组织另一家店' }).returning({ id: shops.id });
    const [mine] = await db.insert(shops).values({ orgId: target.orgId, channel: 'TAOBAO', name: '本店' }).returning({ id: shops.id });
    const here = { ...target, shopId: mine!.id };
    const ids = ['M1', 'M2', 'M3'];
    await upsertShopOrders(
      db,
      here,
      ids.map((id) => order(id, '2026-11-20T10:05:00+08:00')),
    );
    // The same order ids in another shop of the organisation, newer there: they must not count here.
    await upsertShopOrders(
      db,
      { ...target, shopId: other!.id },
      ids.map((id) => order(id, '2026-11-22T10:00:00+08:00', { status: 'FINISHED' })),
    );
    const batch = [
      order('M1', '2026-11-21T09:00:00+08:00', { status: 'WAIT_BUYER_CONFIRM' }),
      order('M2', '2026-11-20T10:05:00+08:00'),
      order('M3', '2026-11-19T08:00:00+08:00', { status: 'CLOSED' }),
      order('M4', '2026-11-20T10:05:00+08:00'),
    ];
    expect(await upsertShopOrders(db, here, batch)).toEqual({ inserted: 1, updated: 2, unchanged: 1 });
    const stored = await db.select().from(shopOrders).where(eq(shopOrders.shopId, mine!.id));
    expect(Object.fromEntries(stored.map((o) => [o.platformOrderId, o.status]))).toEqual({
      M1: 'WAIT_BUYER_CONFIRM',
      M2: 'WAIT_SELLER_SEND',
      M3: 'WAIT_SELLER_SEND',
      M4: 'WAIT_SELLER_SEND',
    });
  });

  it('keeps the same platform order id of two shops apart', async () => {
    const db = t.database.db;
    const [other] = await db.insert(shops).values({ orgId: target.orgId, channel: 'PDD', name: '另一家店' }).returning({ id: shops.id });
    const res = await upsertShopOrders(db, { ...target, shopId: other!.id, channel: 'PDD' }, [order('T1', '2026-11-20T10:05:00+08:00')]);
    expect(res.inserted).toBe(1);
  });
});
