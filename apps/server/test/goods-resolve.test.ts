/**
 * Shop SKUs and what the dropship-orders capability reads: recordShopSkus through the one write
 * path of sync and import, the backfill of lines written before, SKU identity without a sku id,
 * and resolveGoodsLinks (self-contained snapshots that a later link change does not rewrite).
 */
import type { NormalizedOrder, NormalizedOrderItem } from '@dropship/channels';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { goodsLinks, shopSkuBackfills, shopSkus, suppliers } from '../src/modules/goods/goods.table.js';
import { type Proposal, writeLinks } from '../src/modules/goods/link-writer.js';
import { resolveGoodsLinks } from '../src/modules/goods/resolve-goods-links.js';
import { ensureShopSkus } from '../src/modules/goods/shop-skus.repository.js';
import { upsertShopOrders } from '../src/modules/shop-orders/shop-orders.service.js';
import { createTestApp, type TestApp } from './helpers.js';
import { createSecondSeller, rowCount } from './support.js';

let t: TestApp;
let db: Db;
let seller: Awaited<ReturnType<typeof createSecondSeller>>;
let other: Awaited<ReturnType<typeof createSecondSeller>>;
let stallId: number;

const line = (n: string, over: Partial<NormalizedOrderItem>): NormalizedOrderItem => ({
  platformItemId: n,
  itemId: '6001',
  skuId: '7001',
  title: '秋冬毛衣',
  spec: '颜色:黑色;尺码:L',
  outerSkuCode: 'A12#8801',
  quantity: 1,
  priceFen: 5990,
  paymentFen: 5990,
  refundState: 'NONE',
  ...over,
});

function order(id: string, items: NormalizedOrderItem[], modified = '2026-11-20T10:05:00+08:00'): NormalizedOrder {
  return {
    platformOrderId: id,
    status: 'WAIT_SELLER_SEND',
    platformStatus: 'WAIT_SELLER_SEND_GOODS',
    buyerNick: 'b',
    receiver: { name: '张*', phone: '138****5678', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路1号', encrypted: true },
    totalFen: 5990,
    postFeeFen: 0,
    paymentFen: 5990,
    createdAt: new Date('2026-11-20T10:00:00+08:00'),
    modifiedAt: new Date(modified),
    items,
  };
}

const skusOf = (orgId: number) => db.select().from(shopSkus).where(eq(shopSkus.orgId, orgId));
const link = (p: Proposal, orgId = seller.orgId) =>
  db.transaction((tx) => writeLinks(tx as unknown as Db, orgId, [p], { source: 'MANUAL', userId: null, overwrite: true }, () => '档口'));

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  db = t.database.db;
  seller = await createSecondSeller(db, 'rs');
  other = await createSecondSeller(db, 'rs2');
  const [s] = await db
    .insert(suppliers)
    .values({
      orgId: seller.orgId,
      name: '小美档口',
      code: 'A12',
      market: '杭州四季青',
      floor: '3楼',
      stallNo: 'A12',
      address: '杭海路78号',
      marketArea: '四季青',
    })
    .returning();
  stallId = s?.id ?? 0;
});
afterAll(() => t?.close());

describe('recordShopSkus (through upsertShopOrders)', () => {
  it('records each distinct SKU once, by sku id, and by spec where there is none', async () => {
    const target = { orgId: seller.orgId, shopId: seller.expiringShopId, channel: 'TAOBAO', source: 'SYNC' as const };
    await upsertShopOrders(db, target, [
      order('T1', [line('T1-1', {}), line('T1-2', { skuId: '7002', spec: '颜色:白色;尺码:M', outerSkuCode: 'A12#8802' })]),
      order('T2', [line('T2-1', {}), line('T2-2', { itemId: '6002', skuId: undefined, spec: '均码', outerSkuCode: undefined, title: '围巾' })]),
    ]);
    const rows = await skusOf(seller.orgId);
    expect(rows.map((r) => [r.itemId, r.skuKey, r.outerSkuCode]).sort()).toEqual([
      ['6001', 'sku:7001', 'A12#8801'],
      ['6001', 'sku:7002', 'A12#8802'],
      ['6002', 'spec:均码', ''],
    ]);
    // A newer copy updates the attributes of the same SKU, never adds one.
    await upsertShopOrders(db, target, [order('T1', [line('T1-1', { title: '秋冬毛衣（新款）' })], '2026-11-21T10:00:00+08:00')]);
    expect((await skusOf(seller.orgId)).find((r) => r.skuKey === 'sku:7001')?.title).toBe('秋冬毛衣（新款）');
    expect(await rowCount(db, shopSkus)).toBe(3);
  });

  it('keeps files without platform ids apart by outer code, then by title and spec', async () => {
    const target = { orgId: seller.orgId, shopId: seller.expiringShopId, channel: 'OTHER', source: 'IMPORT' as const };
    await upsertShopOrders(db, target, [
      order('F1', [
        line('F1-1', { itemId: '', skuId: undefined, outerSkuCode: 'K-9' }),
        line('F1-2', { itemId: '', skuId: undefined, outerSkuCode: undefined, title: '手工围巾', spec: '红' }),
      ]),
    ]);
    const keys = (await skusOf(seller.orgId)).filter((r) => r.channel === 'OTHER').map((r) => r.skuKey);
    expect(keys.sort()).toEqual(['code:K-9', 'title:手工围巾|红']);
  });

  it('backfills, once, lines written before shop_skus knew them', async () => {
    const target = { orgId: other.orgId, shopId: other.expiringShopId, channel: 'TAOBAO', source: 'SYNC' as const };
    await upsertShopOrders(db, target, [order('B1', [line('B1-1', {})]), order('B2', [line('B2-1', { skuId: '7009' })])]);
    // As if these orders had been written by a version without recordShopSkus.
    await db.delete(shopSkus).where(eq(shopSkus.orgId, other.orgId));
    await ensureShopSkus(db, other.orgId);
    expect((await skusOf(other.orgId)).map((r) => r.skuKey).sort()).toEqual(['sku:7001', 'sku:7009']);
    expect((await db.select().from(shopSkuBackfills).where(eq(shopSkuBackfills.orgId, other.orgId))).length).toBe(1);
    await ensureShopSkus(db, other.orgId);
    expect((await skusOf(other.orgId)).length).toBe(2);
  });
});

describe('resolveGoodsLinks', () => {
  const ref = { channel: 'TAOBAO', itemId: '6001', skuId: '7001' };

  it('answers the link snapshot, or why a SKU cannot be placed, in the order asked', async () => {
    const [sku] = (await skusOf(seller.orgId)).filter((r) => r.skuKey === 'sku:7001');
    await link({ shopSkuId: sku?.id ?? 0, supplierId: stallId, artNo: '8801', color: '黑色', size: 'L', costFen: 3500 });
    const res = await resolveGoodsLinks(db, seller.orgId, [
      { channel: 'TAOBAO', itemId: '6002', spec: '均码' },
      ref,
      { channel: 'TAOBAO', itemId: '404', skuId: '404' },
    ]);
    expect(res.map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['NO_LINK', 'ok', 'NO_LINK']);
    const [, hit] = res;
    expect(hit?.ok && hit.snapshot).toEqual({
      linkId: expect.any(Number),
      version: 1,
      shopSkuId: sku?.id,
      supplier: {
        id: stallId,
        name: '小美档口',
        code: 'A12',
        market: '杭州四季青',
        building: '',
        floor: '3楼',
        stallNo: 'A12',
        marketArea: '四季青',
        contact: '',
        phone: '',
        address: '杭海路78号',
      },
      artNo: '8801',
      color: '黑色',
      size: 'L',
      costFen: 3500,
    });
  });

  it('a snapshot taken before a change keeps what it said; the next one is a new version', async () => {
    const [before] = await resolveGoodsLinks(db, seller.orgId, [ref]);
    const shopSkuId = before?.ok ? before.snapshot.shopSkuId : 0;
    await link({ shopSkuId, supplierId: stallId, artNo: '8801', color: '黑色', size: 'L', costFen: 3800 });
    const [after] = await resolveGoodsLinks(db, seller.orgId, [ref]);
    expect(before?.ok && [before.snapshot.version, before.snapshot.costFen]).toEqual([1, 3500]);
    expect(after?.ok && [after.snapshot.version, after.snapshot.costFen]).toEqual([2, 3800]);
    const old = await db
      .select()
      .from(goodsLinks)
      .where(eq(goodsLinks.id, before?.ok ? before.snapshot.linkId : 0));
    expect(old[0]).toMatchObject({ costFen: 3500, version: 1 });
    expect(old[0]?.replacedAt).not.toBeNull();
  });

  it('a link without a cost or to a disabled stall cannot be placed', async () => {
    const [sku] = (await skusOf(seller.orgId)).filter((r) => r.skuKey === 'sku:7002');
    await link({ shopSkuId: sku?.id ?? 0, supplierId: stallId, artNo: '8802', color: '白色', size: 'M', costFen: null });
    expect((await resolveGoodsLinks(db, seller.orgId, [{ ...ref, skuId: '7002' }]))[0]).toMatchObject({ ok: false, reason: 'LINK_NO_COST' });
    await db.update(suppliers).set({ status: 'DISABLED' }).where(eq(suppliers.id, stallId));
    expect((await resolveGoodsLinks(db, seller.orgId, [ref]))[0]).toMatchObject({ ok: false, reason: 'SUPPLIER_DISABLED' });
    await db.update(suppliers).set({ status: 'ENABLED' }).where(eq(suppliers.id, stallId));
  });

  it("another organisation's SKU of the same ids resolves to its own (here: none)", async () => {
    const res = await resolveGoodsLinks(db, other.orgId, [ref]);
    expect(res[0]).toMatchObject({ ok: false, reason: 'NO_LINK' });
    const n = await db.execute(sql`select count(*)::int as n from goods_links where org_id = ${other.orgId}`);
    expect((n as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
