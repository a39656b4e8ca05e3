/**
 * The shell's calls answer real data from the database, scoped to the caller: badge counts,
 * the platform-setting hint, the shop-authorization popup, RedBook verification, manual
 * delivery, the permission tree and the supplier check.
 */
import { permissionTree } from '@dropship/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/auth/auth.table.js';
import { PICKER_CODES } from '../src/modules/demo/seed.js';
import { replenishRequests } from '../src/modules/funds/replenish/replenish.table.js';
import { suppliers } from '../src/modules/goods/goods.table.js';
import { problemParcels } from '../src/modules/problem-parcel/problem-parcel.table.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { userGuides } from '../src/modules/system/system.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, days, envelope } from './support.js';

let t: TestApp;
let seller: Session;
let purchaser: Session;
let picker: Session;
let sellerOrgId: number;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  picker = await login(t.app, 'demo_picker');
  const [u] = await t.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, seller.userId));
  sellerOrgId = u?.orgId ?? 0;
});
afterAll(() => t?.close());

const get = async <T = unknown>(url: string, s: Session) => envelope<T>(await call(t.app, { url, session: s }));
const post = async <T = unknown>(url: string, s: Session, payload: unknown = {}) =>
  envelope<T>(await call(t.app, { method: 'POST', url, session: s, payload: payload as Record<string, unknown> }));

describe('replenish waiting payment', () => {
  const url = '/api/home/replenish/waitingPayment/statistics';

  it('counts the seeded WAITING_PAYMENT requests of the caller', async () => {
    expect(await post(url, seller)).toEqual({ errorCode: 0, errorMsg: '成功', data: { count: 2 } });
  });

  it('follows the database: a new waiting request counts, a paid one does not', async () => {
    await t.database.db.insert(replenishRequests).values([
      { orgId: sellerOrgId, amountFen: 300, reason: '新补款' },
      { orgId: sellerOrgId, amountFen: 500, reason: '已付', status: 'PAID' },
    ]);
    expect((await post<{ count: number }>(url, seller)).data.count).toBe(3);
  });

  it('a purchaser organisation has none', async () => {
    expect((await post<{ count: number }>(url, purchaser)).data.count).toBe(0);
  });

  it('an empty POST body is accepted', async () => {
    const res = await t.app.inject({ method: 'POST', url, headers: seller.headers() });
    expect(envelope(res).errorCode).toBe(0);
  });
});

describe('problem parcels near their deadline', () => {
  const url = '/api/b2/afterSales/post/problemGood/nearTime/num';

  it('counts WAITING_PROCESS parcels due within 24 hours', async () => {
    // Seed: due in 0.5 and 0.8 days count, due in 3 days does not.
    expect(await get(url, seller)).toEqual({ errorCode: 0, errorMsg: '成功', data: { count: 2 } });
  });

  it('ignores other states and later deadlines; counts new near ones', async () => {
    await t.database.db.insert(problemParcels).values([
      { orgId: sellerOrgId, trackingNo: 'DONE1', deadlineAt: days(0.2), status: 'PROCESSED' },
      { orgId: sellerOrgId, trackingNo: 'LATER1', deadlineAt: days(1.1) },
      { orgId: sellerOrgId, trackingNo: 'NEAR1', deadlineAt: days(0.9) },
    ]);
    expect((await get<{ count: number }>(url, seller)).data.count).toBe(3);
  });

  it('is zero for a purchaser organisation', async () => {
    expect((await get<{ count: number }>(url, purchaser)).data.count).toBe(0);
  });
});

describe('user info', () => {
  it("says when the account was created: the demo seller's predates the 2025-01-09 menu change, the picker's is today's", async () => {
    const mine = await get<{ createdAt: string }>('/api/b2/user', seller);
    expect(mine.data.createdAt).toBe('2024-05-31T16:00:00.000Z');
    const pickerInfo = await get<{ createdAt: string }>('/api/b2/user', picker);
    expect(Date.now() - Date.parse(pickerInfo.data.createdAt)).toBeLessThan(24 * 3600_000);
  });
});

describe('platform-setting hint', () => {
  const url = '/api/b2/purchaser/area/needPlatformSettingPopup';

  it('is false for purchasers and sub-accounts', async () => {
    expect(await get(url, purchaser)).toMatchObject({ errorCode: 0, data: false });
    expect(await get(url, picker)).toMatchObject({ errorCode: 0, data: false });
  });

  it('is true for the seller main account until the guide is done, on every session', async () => {
    expect(await get(url, seller)).toMatchObject({ errorCode: 0, data: true });
    expect(await post('/api/guides/done', seller, { key: 'platformSetting' })).toEqual({ errorCode: 0, errorMsg: '成功', data: null });
    expect(await get(url, seller)).toMatchObject({ errorCode: 0, data: false });
    const other = await login(t.app, 'demo_seller');
    expect(await get(url, other)).toMatchObject({ errorCode: 0, data: false });
    // Marking it done twice is harmless.
    expect((await post('/api/guides/done', seller, { key: 'platformSetting' })).errorCode).toBe(0);
    const rows = await t.database.db.select().from(userGuides).where(eq(userGuides.userId, seller.userId));
    expect(rows.map((r) => r.key)).toEqual(['platformSetting']);
  });

  it('an unknown guide key is refused in Chinese', async () => {
    const res = await post('/api/guides/done', seller, { key: 'somethingElse' });
    expect(res.errorCode).toBe(400);
    expect(res.errorMsg).toContain('引导');
  });
});

interface PopupRow {
  id: number;
  name: string;
  type: string;
  lastAuthTime: string | null;
  expireTime: string | null;
  leftDays: number;
  ifExpire: boolean;
}

describe('shop authorization popup', () => {
  const url = '/api/b2/takePopup/getShopAuthPopup';
  let ids: Record<string, number>;

  beforeAll(async () => {
    const rows = await t.database.db
      .insert(shops)
      .values([
        { orgId: sellerOrgId, channel: 'JD', name: '测试-2.5天', lastAuthTime: days(-27), expireTime: days(2.5) },
        { orgId: sellerOrgId, channel: 'JD', name: '测试-4.9天', lastAuthTime: days(-25), expireTime: days(4.9) },
        { orgId: sellerOrgId, channel: 'JD', name: '测试-5.1天', lastAuthTime: days(-25), expireTime: days(5.1) },
        { orgId: sellerOrgId, channel: 'JD', name: '测试-已过期', lastAuthTime: days(-40), expireTime: days(-10) },
        { orgId: sellerOrgId, channel: 'JD', name: '测试-暂停', authState: 'PAUSED', expireTime: days(1) },
      ])
      .returning({ id: shops.id, name: shops.name });
    ids = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  });

  it('lists shops expiring within 5 days or expired, with the popup fields', async () => {
    const res = await post<PopupRow[]>(url, seller);
    expect(res.errorCode).toBe(0);
    const names = res.data.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['小美女装旗舰店', '小美拼多多专营店', '小美的衣橱', '测试-2.5天', '测试-4.9天', '测试-已过期']));
    expect(names).not.toContain('小美抖音小店');
    expect(names).not.toContain('测试-5.1天');
    expect(names).not.toContain('测试-暂停');
    for (const r of res.data) expect(Object.keys(r).sort()).toEqual(['expireTime', 'id', 'ifExpire', 'lastAuthTime', 'leftDays', 'name', 'type']);
    const byName = Object.fromEntries(res.data.map((r) => [r.name, r]));
    expect(byName['测试-2.5天']).toMatchObject({ id: ids['测试-2.5天'], type: 'JD', leftDays: 2, ifExpire: false });
    expect(byName['测试-4.9天']).toMatchObject({ leftDays: 4, ifExpire: false });
    expect(byName['测试-已过期']).toMatchObject({ leftDays: 0, ifExpire: true });
    expect(byName.小美拼多多专营店).toMatchObject({ type: 'PDD', leftDays: 0, ifExpire: true });
    expect(new Date(byName['测试-2.5天']!.expireTime!).getTime()).toBeGreaterThan(Date.now());
    expect(byName['测试-2.5天']!.lastAuthTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Soonest expiry first.
    const times = res.data.map((r) => new Date(r.expireTime ?? 0).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('is empty for a purchaser', async () => {
    expect(await post(url, purchaser)).toMatchObject({ errorCode: 0, data: [] });
  });

  it('"do not remind again" removes the shop from the popup and stores the flag', async () => {
    const id = ids['测试-4.9天']!;
    expect(await post('/api/b2/takePopup/markNotShopPopup', seller, { id })).toEqual({ errorCode: 0, errorMsg: '成功', data: null });
    const res = await post<PopupRow[]>(url, seller);
    expect(res.data.map((r) => r.id)).not.toContain(id);
    expect(res.data.map((r) => r.id)).toContain(ids['测试-2.5天']);
    const [row] = await t.database.db.select().from(shops).where(eq(shops.id, id));
    expect(row?.notRemind).toBe(true);
  });

  it('"do not remind" on an id that does not exist → 12001', async () => {
    const res = await post('/api/b2/takePopup/markNotShopPopup', seller, { id: 999_999 });
    expect(res).toEqual({ errorCode: 12001, errorMsg: '店铺不存在', data: null });
  });

  it('a purchaser cannot mark a seller shop', async () => {
    const id = ids['测试-2.5天']!;
    expect((await post('/api/b2/takePopup/markNotShopPopup', purchaser, { id })).errorCode).toBe(12001);
    const [row] = await t.database.db.select().from(shops).where(eq(shops.id, id));
    expect(row?.notRemind).toBe(false);
  });
});

describe('RedBook shop verification', () => {
  const url = '/api/b2/shop/redBook/verify';
  const shopId = async (name: string) =>
    (
      await t.database.db
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.orgId, sellerOrgId), eq(shops.name, name)))
    )[0]?.id ?? 0;

  it('an authorized, unexpired RedBook shop is verified', async () => {
    const id = await shopId('小美的衣橱');
    const res = await post<Record<string, unknown>>(url, seller, { id });
    expect(res).toMatchObject({ errorCode: 0, data: { id, verified: true, ifExpire: false } });
    expect(new Date(res.data.expireTime as string).getTime()).toBeGreaterThan(Date.now());
  });

  it('an expired RedBook shop is not verified', async () => {
    const [row] = await t.database.db
      .insert(shops)
      .values({ orgId: sellerOrgId, channel: 'REDBOOK', name: '过期小红书', expireTime: days(-1) })
      .returning({ id: shops.id });
    expect(await post(url, seller, { id: row?.id })).toMatchObject({ errorCode: 0, data: { verified: false, ifExpire: true } });
  });

  it('a shop of another channel → 12002 with a Chinese reason', async () => {
    const res = await post(url, seller, { id: await shopId('小美女装旗舰店') });
    expect(res).toMatchObject({ errorCode: 12002, errorMsg: '该店铺不是小红书店铺，无需校验', data: null });
  });

  it('an unknown id → 12001', async () => {
    expect((await post(url, seller, { id: 987_654 })).errorCode).toBe(12001);
  });
});

describe('manual delivery permission', () => {
  const url = '/api/b2/order/manual/delivery/permission';
  it("is '1' for demo_seller and '0' for demo_picker", async () => {
    expect(await get(url, seller)).toEqual({ errorCode: 0, errorMsg: '成功', data: '1' });
    expect(await get(url, picker)).toEqual({ errorCode: 0, errorMsg: '成功', data: '0' });
    expect((await get(url, purchaser)).data).toBe('1');
  });

  it('follows the database', async () => {
    await t.database.db.update(users).set({ manualDeliveryPermission: '1' }).where(eq(users.id, picker.userId));
    expect((await get(url, picker)).data).toBe('1');
    await t.database.db.update(users).set({ manualDeliveryPermission: '0' }).where(eq(users.id, picker.userId));
    expect((await get(url, picker)).data).toBe('0');
  });
});

describe('permission tree', () => {
  const url = '/api/b2/purchaser/user/permissions';
  type Node = { code: string; name: string; children: Node[] };
  const codes = (nodes: Node[]) => nodes.flatMap((g) => g.children.map((c) => c.code));

  it('a main account gets the whole tree of its audience', async () => {
    expect(await get(url, seller)).toEqual({ errorCode: 0, errorMsg: '成功', data: permissionTree('seller') });
    expect(await get(url, purchaser)).toEqual({ errorCode: 0, errorMsg: '成功', data: permissionTree('purchaser') });
    expect(codes(permissionTree('seller'))).toContain('goods/customGoods');
    expect(codes(permissionTree('purchaser'))).not.toContain('goods/customGoods');
  });

  it("demo_picker gets only its role's codes, grouped", async () => {
    const res = await get<Node[]>(url, picker);
    expect(res.errorCode).toBe(0);
    expect(codes(res.data).sort()).toEqual([...PICKER_CODES].sort());
    for (const g of res.data) expect(g.children.length).toBeGreaterThan(0);
    expect(res.data.map((g) => g.code)).toEqual(['home', 'offline', 'print', 'statistics']);
  });
});

describe('supplier exists', () => {
  const url = '/api/b2/goods/supplier/exists';
  it('is true for the seller with a supplier and false for an organisation without', async () => {
    expect(await get(url, seller)).toEqual({ errorCode: 0, errorMsg: '成功', data: true });
    expect(await get(url, purchaser)).toEqual({ errorCode: 0, errorMsg: '成功', data: false });
  });

  it('follows the database', async () => {
    await t.database.db.delete(suppliers).where(eq(suppliers.orgId, sellerOrgId));
    expect((await get(url, seller)).data).toBe(false);
    await t.database.db.insert(suppliers).values({ orgId: sellerOrgId, name: '新档口' });
    expect((await get(url, seller)).data).toBe(true);
  });
});

describe('shell calls need a session', () => {
  for (const [method, url] of [
    ['POST', '/api/home/replenish/waitingPayment/statistics'],
    ['GET', '/api/b2/afterSales/post/problemGood/nearTime/num'],
    ['GET', '/api/b2/purchaser/area/needPlatformSettingPopup'],
    ['POST', '/api/b2/takePopup/getShopAuthPopup'],
    ['POST', '/api/b2/takePopup/markNotShopPopup'],
    ['POST', '/api/b2/shop/redBook/verify'],
    ['GET', '/api/b2/order/manual/delivery/permission'],
    ['GET', '/api/b2/purchaser/user/permissions'],
    ['GET', '/api/b2/goods/supplier/exists'],
    ['GET', '/api/b2/user'],
    ['POST', '/api/b2/message/unread/count'],
    ['POST', '/api/b2/message/list'],
    ['POST', '/api/b2/message/marking/read'],
    ['POST', '/api/guides/done'],
    ['POST', '/api/feedback'],
  ] as const) {
    it(`${method} ${url} without a session → 10000`, async () => {
      const res = await call(t.app, { method, url, payload: method === 'POST' ? { id: 1 } : undefined });
      expect(envelope(res)).toMatchObject({ errorCode: 10000, data: null });
    });
  }
});
