/**
 * Abnormal orders: each reason from the seeded orders, each fix in place (link the SKU, set the
 * cost, correct the address, re-authorize the shop) taking the order off the list, the export,
 * bad input and tenant isolation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { api, goodsDigest, isChineseMsg, readXlsx } from './goods-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, days, envelope, PASSWORD } from './support.js';

interface Row {
  id: number;
  platformOrderId: string;
  receiverName: string;
  receiverPhone: string;
  reasons: string[];
}
interface Detail {
  order: Row;
  receiver: { receiverName: string; district: string };
  shopExpired: boolean;
  lines: { title: string; shopSkuId: number | null; reason: string | null; link: { artNo: string } | null }[];
}

let t: TestApp;
let seller: Session;
let other: Session;
let a: ReturnType<typeof api>;
let supplierIds: Record<string, number>;

const list = async (s: Session, body: Record<string, unknown> = {}) =>
  (await a.post<{ total: number; list: Row[]; summary: unknown }>('/api/b2/orders/abnormal/page', s, { pageSize: 100, ...body })).data;
const reasonsOf = async () => Object.fromEntries((await list(seller)).list.map((r) => [r.platformOrderId, r.reasons]));
const idOf = async (platformOrderId: string) => {
  const [o] = await t.database.db.select({ id: shopOrders.id }).from(shopOrders).where(eq(shopOrders.platformOrderId, platformOrderId));
  return o?.id ?? 0;
};
const ADDRESS = { receiverName: '赵丽', receiverPhone: '13455556666', province: '四川', city: '成都', district: '武侯区', address: '天府大道北段1700号' };

beforeAll(async () => {
  t = await createTestApp();
  a = api(t.app);
  const second = await createSecondSeller(t.database.db, 'ab');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  supplierIds = Object.fromEntries((await a.get<{ id: number; code: string }[]>('/api/b2/goods/supplier/options', seller)).data.map((o) => [o.code, o.id]));
});
afterAll(() => t?.close());

describe('the list', () => {
  it('shows each waiting order that cannot be placed, with every reason, masked', async () => {
    expect(await reasonsOf()).toEqual({
      '4012873365501': ['NO_LINK'],
      '4012873365502': ['NO_LINK'],
      '4012873365503': ['NO_LINK'],
      '4012873365504': ['NO_LINK'],
      '4012873365506': ['ADDRESS_INCOMPLETE'],
      '4012873365507': ['REFUNDING'],
      '4012873365508': ['NO_LINK'],
      '250612-000100001': ['NO_LINK', 'SHOP_EXPIRED'],
    });
    const row = (await list(seller, { platformOrderId: '4012873365506' })).list[0];
    expect(row).toMatchObject({ receiverName: '赵*', receiverPhone: '134****6666' });
    const summary = await a.get<{ total: number; counts: Record<string, number> }>('/api/b2/orders/abnormal/summary', seller);
    expect(summary.data).toMatchObject({ total: 8, counts: { NO_LINK: 6, ADDRESS_INCOMPLETE: 1, REFUNDING: 1, SHOP_EXPIRED: 1, REFUNDED: 0 } });
    const expired = await list(seller, { reason: 'SHOP_EXPIRED' });
    expect(expired.list.map((r) => r.platformOrderId)).toEqual(['250612-000100001']);
    // The page carries the counts of every reason, whatever reason is chosen.
    expect(expired.summary).toEqual(summary.data);
    expect((await list(seller, { pageNo: 2, pageSize: 5 })).list).toHaveLength(3);
  });

  it('the detail names each line’s reason and the SKU to link', async () => {
    const d = await a.get<Detail>(`/api/b2/orders/abnormal/detail?id=${await idOf('4012873365502')}`, seller);
    expect(d.data.lines.map((l) => [l.title, l.reason, l.link?.artNo ?? null])).toEqual([
      ['秋冬新款高领毛衣女宽松慵懒风', 'NO_LINK', null],
      ['针织开衫薄款短外套', null, 'K1123'],
    ]);
    expect(d.data.lines[0]?.shopSkuId).toEqual(expect.any(Number));
  });
});

describe('fixes in place take the order off the list', () => {
  it('link the SKU', async () => {
    const d = await a.get<Detail>(`/api/b2/orders/abnormal/detail?id=${await idOf('4012873365504')}`, seller);
    await a.post('/api/b2/goods/association/link', seller, {
      shopSkuId: d.data.lines[0]?.shopSkuId,
      expectedLinkId: null,
      supplierId: supplierIds.XZG3312,
      artNo: 'J3301',
      costFen: 6800,
    });
    expect((await reasonsOf())['4012873365504']).toBeUndefined();
  });

  it('a link without a cost, then the cost', async () => {
    const d = await a.get<Detail>(`/api/b2/orders/abnormal/detail?id=${await idOf('4012873365503')}`, seller);
    const shopSkuId = d.data.lines[0]?.shopSkuId;
    await a.post('/api/b2/goods/association/link', seller, { shopSkuId, expectedLinkId: null, supplierId: supplierIds.XZG3312, artNo: 'D2207' });
    expect((await reasonsOf())['4012873365503']).toEqual(['LINK_NO_COST']);
    const item = (await a.post<{ list: { id: number }[] }>('/api/b2/goods/supplierGoods/page', seller, { keyword: 'D2207' })).data.list[0];
    await a.post('/api/b2/goods/supplierGoods/updateCost', seller, { id: item?.id, costFen: 5200 });
    expect((await reasonsOf())['4012873365503']).toBeUndefined();
  });

  it('a disabled supplier shows until it is enabled again', async () => {
    await a.post('/api/b2/goods/supplier/updateStatus', seller, { ids: [supplierIds.SH2021], status: 'DISABLED' });
    expect((await reasonsOf())['4012873365505']).toEqual(['SUPPLIER_DISABLED']);
    await a.post('/api/b2/goods/supplier/updateStatus', seller, { ids: [supplierIds.SH2021], status: 'ENABLED' });
    expect((await reasonsOf())['4012873365505']).toBeUndefined();
  });

  it('correct the address: written as the area tree names it', async () => {
    const id = await idOf('4012873365506');
    expect(await a.post('/api/b2/orders/abnormal/updateAddress', seller, { shopOrderId: id, ...ADDRESS })).toMatchObject({ errorCode: 0 });
    const [o] = await t.database.db.select().from(shopOrders).where(eq(shopOrders.id, id));
    expect(o).toMatchObject({
      receiverProvince: '四川省',
      receiverCity: '成都市',
      receiverDistrict: '武侯区',
      receiverPhoneTail: '6666',
      receiverEncrypted: false,
    });
    expect((await reasonsOf())['4012873365506']).toBeUndefined();
  });

  it('re-authorize the shop', async () => {
    const [pdd] = await t.database.db.select().from(shops).where(eq(shops.channel, 'PDD'));
    expect((await a.get<Detail>(`/api/b2/orders/abnormal/detail?id=${await idOf('250612-000100001')}`, seller)).data.shopExpired).toBe(true);
    await t.database.db
      .update(shops)
      .set({ authState: 'AUTHORIZED', expireTime: days(30) })
      .where(eq(shops.id, pdd?.id ?? 0));
    expect((await reasonsOf())['250612-000100001']).toEqual(['NO_LINK']);
    // A shop the seller removed takes its orders off the list.
    await t.database.db
      .update(shops)
      .set({ removedAt: new Date() })
      .where(eq(shops.id, pdd?.id ?? 0));
    expect((await reasonsOf())['250612-000100001']).toBeUndefined();
  });

  it('an order already placed is neither listed nor editable (15010)', async () => {
    const id = await idOf('4012873365501');
    await t.database.db.update(shopOrders).set({ dropshipStatus: 'PLACED' }).where(eq(shopOrders.id, id));
    expect((await reasonsOf())['4012873365501']).toBeUndefined();
    const before = await goodsDigest(t.database.db);
    expect(await a.post('/api/b2/orders/abnormal/updateAddress', seller, { shopOrderId: id, ...ADDRESS })).toMatchObject({ errorCode: 15010 });
    expect(await goodsDigest(t.database.db)).toEqual(before);
  });
});

describe('export', () => {
  it('writes the filtered list, masked, with reasons in Chinese', async () => {
    const rows = await readXlsx((await a.raw('/api/b2/orders/abnormal/export?reason=REFUNDING', seller)).rawPayload);
    expect(rows).toEqual([expect.objectContaining({ 订单号: '4012873365507', 异常原因: '买家退款中', 收货人: '孙*', 手机号: '133****7777' })]);
  });
});

describe('bad input: a Chinese message naming the field, nothing written', () => {
  const cases: [string, string, unknown, string][] = [
    ['POST', '/api/b2/orders/abnormal/page', { reason: 'LOST' }, '异常原因'],
    ['POST', '/api/b2/orders/abnormal/page', { pageNo: 0 }, '页码'],
    ['GET', '/api/b2/orders/abnormal/detail?id=x', undefined, '订单编号'],
    ['GET', '/api/b2/orders/abnormal/export?shopId=-2', undefined, '店铺'],
    ['POST', '/api/b2/orders/abnormal/updateAddress', { ...ADDRESS, shopOrderId: 1, receiverPhone: '12345' }, '手机号格式不正确'],
    ['POST', '/api/b2/orders/abnormal/updateAddress', { ...ADDRESS, shopOrderId: 1, district: '' }, '请输入区县'],
    ['POST', '/api/b2/orders/abnormal/updateAddress', { ...ADDRESS, shopOrderId: 1, province: '火星', city: '乌托邦', district: '一区' }, '省市区不正确'],
    ['POST', '/api/b2/orders/abnormal/updateAddress', { ...ADDRESS }, '请输入店铺订单编号'],
  ];
  for (const [method, url, payload, words] of cases) {
    it(`${method} ${url} ${JSON.stringify(payload ?? '').slice(0, 50)} → 400 “…${words}…”`, async () => {
      const before = await goodsDigest(t.database.db);
      const res = await call(t.app, { method: method as 'GET' | 'POST', url, session: seller, payload: payload as Record<string, unknown> });
      expect(res.statusCode).toBe(400);
      const body = envelope(res);
      expect(isChineseMsg(body.errorMsg)).toBe(true);
      expect(body.errorMsg).toContain(words);
      expect(await goodsDigest(t.database.db)).toEqual(before);
    });
  }
});

describe("another seller sees none of demo_seller's orders and cannot change them", () => {
  it('list, summary, detail, address', async () => {
    const id = await idOf('4012873365508');
    const before = await goodsDigest(t.database.db);
    expect(await list(other)).toMatchObject({ total: 0, list: [], summary: { total: 0 } });
    expect((await a.get<{ total: number }>('/api/b2/orders/abnormal/summary', other)).data.total).toBe(0);
    expect(await a.get(`/api/b2/orders/abnormal/detail?id=${id}`, other)).toMatchObject({ errorCode: 12001, errorMsg: '订单不存在' });
    expect(await a.post('/api/b2/orders/abnormal/updateAddress', other, { shopOrderId: id, ...ADDRESS })).toMatchObject({ errorCode: 12001 });
    expect(await readXlsx((await a.raw('/api/b2/orders/abnormal/export', other)).rawPayload)).toEqual([]);
    expect(await goodsDigest(t.database.db)).toEqual(before);
  });
});
