/**
 * Tenant isolation: a second seller organisation (created here with the same account code the
 * seed uses) can neither see nor change demo_seller's shops, messages, parcels or replenish
 * requests, and demo_seller cannot touch the second seller's either.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/auth/auth.table.js';
import { messageReads, messages } from '../src/modules/messages/messages.table.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, envelope, PASSWORD, rowCount } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let otherTenant: Awaited<ReturnType<typeof createSecondSeller>>;
let sellerOrgId: number;
let sellerShops: { id: number; name: string; channel: string; notRemind: boolean }[];

beforeAll(async () => {
  t = await createTestApp();
  otherTenant = await createSecondSeller(t.database.db, 'b');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, otherTenant.username, PASSWORD);
  purchaser = await login(t.app, 'demo_purchaser');
  const [u] = await t.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, seller.userId));
  sellerOrgId = u?.orgId ?? 0;
  sellerShops = await t.database.db
    .select({ id: shops.id, name: shops.name, channel: shops.channel, notRemind: shops.notRemind })
    .from(shops)
    .where(eq(shops.orgId, sellerOrgId));
});
afterAll(() => t?.close());

const post = async <T = unknown>(url: string, s: Session, payload: Record<string, unknown> = {}) =>
  envelope<T>(await call(t.app, { method: 'POST', url, session: s, payload }));
const get = async <T = unknown>(url: string, s: Session) => envelope<T>(await call(t.app, { url, session: s }));
const shopRow = async (id: number) => (await t.database.db.select().from(shops).where(eq(shops.id, id)))[0];

describe('the second seller sees only its own data', () => {
  it('is a real, separate seller', async () => {
    expect(await get('/api/b2/user', other)).toMatchObject({ errorCode: 0, data: { username: otherTenant.username, userType: 0, subUsername: null } });
    expect(otherTenant.orgId).not.toBe(sellerOrgId);
  });

  it("shop popup: only its own expiring shop, none of demo_seller's", async () => {
    const res = await post<{ id: number; name: string }[]>('/api/b2/takePopup/getShopAuthPopup', other);
    expect(res.data.map((r) => r.id)).toEqual([otherTenant.expiringShopId]);
    const mine = await post<{ id: number }[]>('/api/b2/takePopup/getShopAuthPopup', seller);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.map((r) => r.id)).not.toContain(otherTenant.expiringShopId);
    for (const id of mine.data.map((r) => r.id)) expect(sellerShops.map((s) => s.id)).toContain(id);
  });

  it('messages: none of demo_seller’s', async () => {
    expect((await post<{ count: number }>('/api/b2/message/unread/count', other)).data.count).toBe(0);
    expect((await post('/api/b2/message/list', other, { pageNo: 1, pageSize: 100 })).data).toEqual({ total: 0, list: [] });
    expect((await post<{ count: number }>('/api/b2/message/unread/count', seller)).data.count).toBe(2);
  });

  it('problem parcels, replenish requests and suppliers: zero / none', async () => {
    expect((await get<{ count: number }>('/api/b2/afterSales/post/problemGood/nearTime/num', other)).data.count).toBe(0);
    expect((await post<{ count: number }>('/api/home/replenish/waitingPayment/statistics', other)).data.count).toBe(0);
    expect((await get('/api/b2/goods/supplier/exists', other)).data).toBe(false);
    expect((await get<{ count: number }>('/api/b2/afterSales/post/problemGood/nearTime/num', seller)).data.count).toBe(2);
    expect((await post<{ count: number }>('/api/home/replenish/waitingPayment/statistics', seller)).data.count).toBe(2);
  });
});

describe("ids of another tenant answer 'not found' and change nothing", () => {
  it("markNotShopPopup on demo_seller's shop by the other seller → 12001, shop unchanged", async () => {
    for (const shop of sellerShops) {
      const res = await post('/api/b2/takePopup/markNotShopPopup', other, { id: shop.id });
      expect(res).toEqual({ errorCode: 12001, errorMsg: '店铺不存在', data: null });
      expect((await shopRow(shop.id))?.notRemind).toBe(false);
    }
    const names = (await post<{ name: string }[]>('/api/b2/takePopup/getShopAuthPopup', seller)).data.map((r) => r.name);
    expect(names).toContain('小美女装旗舰店');
  });

  it("and the other way round: demo_seller cannot mark the second seller's shop", async () => {
    const res = await post('/api/b2/takePopup/markNotShopPopup', seller, { id: otherTenant.expiringShopId });
    expect(res.errorCode).toBe(12001);
    expect((await shopRow(otherTenant.expiringShopId))?.notRemind).toBe(false);
    expect((await post<{ id: number }[]>('/api/b2/takePopup/getShopAuthPopup', other)).data.map((r) => r.id)).toEqual([otherTenant.expiringShopId]);
  });

  it("a purchaser cannot mark any seller's shop", async () => {
    expect((await post('/api/b2/takePopup/markNotShopPopup', purchaser, { id: otherTenant.expiringShopId })).errorCode).toBe(12001);
    expect((await shopRow(otherTenant.expiringShopId))?.notRemind).toBe(false);
  });

  it("redBook/verify on the other tenant's RedBook shop → 12001 and reveals nothing", async () => {
    const res = await post('/api/b2/shop/redBook/verify', seller, { id: otherTenant.redbookShopId });
    expect(res).toEqual({ errorCode: 12001, errorMsg: '店铺不存在', data: null });
    const redbook = sellerShops.find((s) => s.channel === 'REDBOOK');
    const back = await post('/api/b2/shop/redBook/verify', other, { id: redbook?.id });
    expect(back).toEqual({ errorCode: 12001, errorMsg: '店铺不存在', data: null });
    // Its owner can verify it.
    expect(await post('/api/b2/shop/redBook/verify', other, { id: otherTenant.redbookShopId })).toMatchObject({ errorCode: 0, data: { verified: true } });
  });

  it("an owner's own call still works after the refusals", async () => {
    expect((await post('/api/b2/takePopup/markNotShopPopup', other, { id: otherTenant.expiringShopId })).errorCode).toBe(0);
    expect((await shopRow(otherTenant.expiringShopId))?.notRemind).toBe(true);
    expect((await post('/api/b2/takePopup/getShopAuthPopup', other)).data).toEqual([]);
  });

  it("marking demo_seller's message ids read as the other seller does nothing", async () => {
    const ids = (await t.database.db.select({ id: messages.id }).from(messages).where(eq(messages.orgId, sellerOrgId))).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    const reads = await rowCount(t.database.db, messageReads);
    expect(await post('/api/b2/message/marking/read', other, { ids })).toEqual({ errorCode: 0, errorMsg: '成功', data: { count: 0 } });
    expect(await post('/api/b2/message/marking/read', other, { all: true })).toMatchObject({ errorCode: 0, data: { count: 0 } });
    expect(await rowCount(t.database.db, messageReads)).toBe(reads);
    expect((await post<{ count: number }>('/api/b2/message/unread/count', seller)).data.count).toBe(2);
  });

  it('a new message for the other tenant does not show up for demo_seller', async () => {
    await t.database.db.insert(messages).values({ orgId: otherTenant.orgId, title: '只给第二卖家', content: '内容' });
    expect((await post<{ count: number }>('/api/b2/message/unread/count', other)).data.count).toBe(1);
    const titles = (await post<{ list: { title: string }[] }>('/api/b2/message/list', seller, { pageSize: 100 })).data.list.map((r) => r.title);
    expect(titles).not.toContain('只给第二卖家');
  });

  it("the other seller's main account does not inherit demo_seller's guide state", async () => {
    await post('/api/guides/done', seller, { key: 'platformSetting' });
    expect((await get('/api/b2/purchaser/area/needPlatformSettingPopup', other)).data).toBe(true);
  });
});
