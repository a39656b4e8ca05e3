/**
 * Supplier goods (a new cost re-versions the item's links) and custom goods (add, edit, disable,
 * export; gated by the manual-delivery permission on the second variant); bad input and isolation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/modules/auth/accounts.js';
import { users } from '../src/modules/auth/auth.table.js';
import { goodsLinks } from '../src/modules/goods/goods.table.js';
import { api, goodsDigest, isChineseMsg, readXlsx } from './goods-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, envelope, PASSWORD } from './support.js';

interface Item {
  id: number;
  supplierName: string;
  artNo: string;
  color: string;
  size: string;
  costFen: number | null;
  linkedSkus: number;
}
interface Custom {
  id: number;
  name: string;
  supplierName: string;
  costFen: number | null;
  status: string;
}

let t: TestApp;
let seller: Session;
let other: Session;
let sellerNoManual: Session;
let a: ReturnType<typeof api>;
let supplierIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  a = api(t.app);
  const second = await createSecondSeller(t.database.db, 'gc');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  supplierIds = Object.fromEntries((await a.get<{ id: number; code: string }[]>('/api/b2/goods/supplier/options', seller)).data.map((o) => [o.code, o.id]));
  // A seller main account with manual-delivery '0' (the second variant hides custom goods from it).
  const [u] = await t.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, other.userId));
  await createUser(t.database.db, { orgId: u?.orgId ?? 0, username: 'seller_nomanual', password: PASSWORD, isMain: true, manualDeliveryPermission: '0' });
  sellerNoManual = await login(t.app, 'seller_nomanual', PASSWORD);
});
afterAll(() => t?.close());

describe('supplier goods', () => {
  it('lists the items links name, with how many SKUs each has', async () => {
    const res = await a.post<{ total: number; list: Item[] }>('/api/b2/goods/supplierGoods/page', seller, {});
    expect(res.data.list.map((i) => [i.artNo, i.color, i.size, i.costFen, i.linkedSkus]).sort()).toEqual([
      ['8801', '黑色', 'M', 5900, 0],
      ['K1123', '白色', 'F', 4500, 1],
      ['P0913', '黑色', 'L', 3850, 1],
    ]);
    expect((await a.post<{ total: number }>('/api/b2/goods/supplierGoods/page', seller, { supplierId: supplierIds.SH2021 })).data.total).toBe(1);
    expect((await a.post<{ total: number }>('/api/b2/goods/supplierGoods/page', seller, { keyword: 'k11' })).data.total).toBe(1);
  });

  it('a new cost gives each current link of the item a new version; the old version keeps its cost', async () => {
    const item = (await a.post<{ list: Item[] }>('/api/b2/goods/supplierGoods/page', seller, { keyword: 'K1123' })).data.list[0] as Item;
    expect(await a.post('/api/b2/goods/supplierGoods/updateCost', seller, { id: item.id, costFen: 4800 })).toMatchObject({
      errorCode: 0,
      data: { relinked: 1 },
    });
    const links = await t.database.db.select().from(goodsLinks).where(eq(goodsLinks.supplierItemId, item.id));
    expect(links.map((l) => [l.version, l.costFen, l.replacedAt === null, l.source]).sort()).toEqual([
      [1, 4500, false, 'SEED'],
      [2, 4800, true, 'COST'],
    ]);
    expect((await a.post('/api/b2/goods/supplierGoods/updateCost', seller, { id: item.id, costFen: 4800 })).data).toEqual({ relinked: 0 });
  });

  it('exports with Chinese headers and yuan', async () => {
    const rows = await readXlsx((await a.raw('/api/b2/goods/supplierGoods/export?costMissing=false', seller)).rawPayload);
    expect(rows.find((r) => r.货号 === 'K1123')).toMatchObject({ 档口: '素言女装', '成本价（元）': '48.00', 关联SKU数: '1' });
  });
});

describe('custom goods', () => {
  it('adds, edits, disables and exports', async () => {
    const body = { name: '手工编织围巾', supplierId: supplierIds.A312, artNo: 'W01', color: '酒红', size: '均码', costFen: 2550, remark: '线下单用' };
    const saved = await a.post<{ id: number }>('/api/b2/goods/customGoods/save', seller, body);
    expect(saved.errorCode).toBe(0);
    expect((await a.get<Custom>(`/api/b2/goods/customGoods/detail?id=${saved.data.id}`, seller)).data).toMatchObject({
      name: '手工编织围巾',
      supplierName: '四季青 3楼 A312 小美档口',
      costFen: 2550,
    });
    await a.post('/api/b2/goods/customGoods/save', seller, { ...body, id: saved.data.id, costFen: 2600 });
    await a.post('/api/b2/goods/customGoods/updateStatus', seller, { ids: [saved.data.id], status: 'DISABLED' });
    const page = await a.post<{ total: number; list: Custom[] }>('/api/b2/goods/customGoods/page', seller, { keyword: '围巾' });
    expect(page.data.list.map((c) => [c.costFen, c.status])).toEqual([[2600, 'DISABLED']]);
    const rows = await readXlsx((await a.raw('/api/b2/goods/customGoods/export', seller)).rawPayload);
    expect(rows).toEqual([expect.objectContaining({ 商品名称: '手工编织围巾', 状态: '停用', '成本价（元）': '26.00' })]);
  });

  it("'0' on the second variant refuses custom goods", async () => {
    expect(await a.post('/api/b2/goods/customGoods/page', sellerNoManual, {}, { host: 'second.daifa.test' })).toMatchObject({ errorCode: 403 });
    expect(await a.post('/api/b2/goods/customGoods/page', sellerNoManual, {}, { host: 'www.daifa.test' })).toMatchObject({ errorCode: 0 });
  });
});

describe('bad input: a Chinese message naming the field, nothing written', () => {
  const cases: [string, string, unknown, string][] = [
    ['POST', '/api/b2/goods/supplierGoods/page', { supplierId: 'abc' }, '供应商'],
    ['POST', '/api/b2/goods/supplierGoods/updateCost', { id: 1 }, '请输入成本价'],
    ['POST', '/api/b2/goods/supplierGoods/updateCost', { id: 1, costFen: '12.50' }, '成本价必须是数字'],
    ['GET', '/api/b2/goods/supplierGoods/export?costMissing=maybe', undefined, '仅看未填成本价'],
    ['POST', '/api/b2/goods/customGoods/save', { artNo: 'A' }, '请输入商品名称'],
    ['POST', '/api/b2/goods/customGoods/save', { name: '甲', artNo: 'A', picUrl: 'javascript:alert(1)' }, '图片地址须以 http:// 或 https:// 开头'],
    ['POST', '/api/b2/goods/customGoods/save', { name: '甲', artNo: 'A', costFen: 1_000_000_001 }, '成本价不能超过10000000元'],
    ['POST', '/api/b2/goods/customGoods/updateStatus', { ids: [1], status: 'ON' }, '状态'],
    ['POST', '/api/b2/goods/customGoods/page', { status: 'ON' }, '状态'],
    ['GET', '/api/b2/goods/customGoods/detail?id=0', undefined, '自定义商品编号必须大于0'],
    ['GET', '/api/b2/goods/customGoods/export?status=GONE', undefined, '状态'],
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

describe("another seller's supplier goods and custom goods are 'not found' and unchanged", () => {
  it('cost, custom goods detail/save/status, and lists', async () => {
    const item = (await a.post<{ list: Item[] }>('/api/b2/goods/supplierGoods/page', seller, {})).data.list[0] as Item;
    const custom = (await a.post<{ list: Custom[] }>('/api/b2/goods/customGoods/page', seller, {})).data.list[0] as Custom;
    const before = await goodsDigest(t.database.db);
    expect(await a.post('/api/b2/goods/supplierGoods/updateCost', other, { id: item.id, costFen: 1 })).toMatchObject({ errorCode: 12001 });
    expect(await a.get(`/api/b2/goods/customGoods/detail?id=${custom.id}`, other)).toMatchObject({ errorCode: 12001 });
    expect(await a.post('/api/b2/goods/customGoods/save', other, { id: custom.id, name: 'x', artNo: 'x' })).toMatchObject({ errorCode: 12001 });
    expect(await a.post('/api/b2/goods/customGoods/save', other, { name: 'x', artNo: 'x', supplierId: supplierIds.A312 })).toMatchObject({
      errorCode: 12001,
      errorMsg: '供应商不存在',
    });
    expect(await a.post('/api/b2/goods/customGoods/updateStatus', other, { ids: [custom.id], status: 'ENABLED' })).toMatchObject({ errorCode: 12001 });
    expect((await a.post('/api/b2/goods/supplierGoods/page', other, {})).data).toEqual({ total: 0, list: [] });
    expect((await a.post('/api/b2/goods/customGoods/page', other, {})).data).toEqual({ total: 0, list: [] });
    expect(await readXlsx((await a.raw('/api/b2/goods/supplierGoods/export', other)).rawPayload)).toEqual([]);
    expect(await readXlsx((await a.raw('/api/b2/goods/customGoods/export', other)).rawPayload)).toEqual([]);
    expect(await goodsDigest(t.database.db)).toEqual(before);
  });
});
