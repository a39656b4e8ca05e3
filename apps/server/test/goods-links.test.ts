/**
 * Goods association: the seeded SKUs, linking one by hand (with the link the user saw), in bulk to
 * one article (colors and sizes from each spec), unlinking, versions, Excel export and a re-import
 * that adds nothing, conflicts never overwritten silently, bad input and tenant isolation.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsLinks } from '../src/modules/goods/goods.table.js';
import { api, goodsDigest, isChineseMsg, readXlsx, xlsxBase64 } from './goods-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, envelope, PASSWORD } from './support.js';

interface Link {
  linkId: number;
  version: number;
  supplierId: number;
  artNo: string;
  color: string;
  size: string;
  costFen: number | null;
  source: string;
}
interface Sku {
  id: number;
  title: string;
  spec: string;
  outerSkuCode: string;
  link: Link | null;
}
type Page = { total: number; list: Sku[] };
interface Result {
  linked: number;
  unchanged: number;
  conflicts: { shopSkuId: number; current: string; proposed: string }[];
  failed: unknown[];
}

let t: TestApp;
let seller: Session;
let other: Session;
let a: ReturnType<typeof api>;
let supplierIds: Record<string, number>;
let skus: Sku[];

const sku = (title: string, spec?: string) => {
  const s = skus.find((x) => x.title === title && (!spec || x.spec.includes(spec)));
  if (!s) throw new Error(`no sku ${title} ${spec ?? ''}`);
  return s;
};
const page = async (s: Session, body: Record<string, unknown> = {}) =>
  (await a.post<Page>('/api/b2/goods/association/page', s, { pageSize: 100, ...body })).data;

beforeAll(async () => {
  t = await createTestApp();
  a = api(t.app);
  const second = await createSecondSeller(t.database.db, 'gl');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  const opts = await a.get<{ id: number; code: string }[]>('/api/b2/goods/supplier/options', seller);
  supplierIds = Object.fromEntries(opts.data.map((o) => [o.code, o.id]));
  skus = (await page(seller)).list;
});
afterAll(() => t?.close());

describe('the association list', () => {
  it('holds every SKU of the seeded orders, two of them linked', async () => {
    expect(skus).toHaveLength(8);
    const linked = await page(seller, { linked: 'LINKED' });
    expect(linked.list.map((s) => s.link?.artNo).sort()).toEqual(['K1123', 'P0913']);
    expect((await page(seller, { linked: 'UNLINKED' })).total).toBe(6);
    expect((await page(seller, { channel: 'PDD' })).list.map((s) => s.title)).toEqual(['高腰阔腿裤垂感拖地裤（拼多多）']);
    expect((await page(seller, { keyword: 'xzg3312' })).list.map((s) => s.outerSkuCode)).toEqual(['XZG3312#D2207']);
    expect((await page(seller, { supplierId: supplierIds.BM1F08 })).list.map((s) => s.link?.artNo)).toEqual(['K1123']);
  });
});

describe('linking by hand', () => {
  it('links an unlinked SKU (version 1), then changes it (version 2, version 1 kept)', async () => {
    const jacket = sku('宽松牛仔外套复古水洗');
    const first = await a.post<Result>('/api/b2/goods/association/link', seller, {
      shopSkuId: jacket.id,
      expectedLinkId: null,
      supplierId: supplierIds.XZG3312,
      artNo: 'J3301',
      color: '浅蓝',
      size: '均码',
      costFen: 6800,
    });
    expect(first).toMatchObject({ errorCode: 0, data: { linked: 1, unchanged: 0, conflicts: [] } });
    const v1 = (await page(seller, { keyword: '牛仔外套' })).list[0]?.link as Link;
    expect(v1).toMatchObject({ version: 1, artNo: 'J3301', costFen: 6800, source: 'MANUAL' });

    const again = await a.post<Result>('/api/b2/goods/association/link', seller, {
      shopSkuId: jacket.id,
      expectedLinkId: v1.linkId,
      supplierId: supplierIds.XZG3312,
      artNo: 'J3301',
      color: '浅蓝',
      size: '均码',
      costFen: 6800,
    });
    expect(again.data).toMatchObject({ linked: 0, unchanged: 1 });

    const second = await a.post<Result>('/api/b2/goods/association/link', seller, {
      shopSkuId: jacket.id,
      expectedLinkId: v1.linkId,
      supplierId: supplierIds.XZG3312,
      artNo: 'J3302',
      color: '浅蓝',
      size: '均码',
      costFen: 7200,
    });
    expect(second.data.linked).toBe(1);
    const history = await a.get<(Link & { replacedAt: string | null })[]>(`/api/b2/goods/association/history?shopSkuId=${jacket.id}`, seller);
    expect(history.data.map((h) => [h.version, h.artNo, h.costFen, h.replacedAt === null])).toEqual([
      [2, 'J3302', 7200, true],
      [1, 'J3301', 6800, false],
    ]);
  });

  it('a link changed since the user looked is a conflict (15003), never overwritten', async () => {
    const jacket = sku('宽松牛仔外套复古水洗');
    const before = await goodsDigest(t.database.db);
    const stale = await a.post('/api/b2/goods/association/link', seller, {
      shopSkuId: jacket.id,
      expectedLinkId: null,
      supplierId: supplierIds.A312,
      artNo: 'X1',
    });
    expect(stale).toMatchObject({ errorCode: 15003 });
    expect(await goodsDigest(t.database.db)).toEqual(before);
  });

  it('a disabled supplier cannot be linked to (15002)', async () => {
    const res = await a.post('/api/b2/goods/association/link', seller, {
      shopSkuId: sku('短款羽绒服面包服加厚').id,
      expectedLinkId: null,
      supplierId: supplierIds.HM4B12,
      artNo: 'Y1',
    });
    expect(res).toMatchObject({ errorCode: 15002 });
  });
});

describe('linking in bulk and unlinking', () => {
  it('links several SKUs to one article, each with its own color and size; existing links are conflicts', async () => {
    const black = sku('秋冬新款高领毛衣女宽松慵懒风', '黑色');
    const apricot = sku('秋冬新款高领毛衣女宽松慵懒风', '杏色');
    const cardigan = sku('针织开衫薄款短外套');
    const res = await a.post<Result>('/api/b2/goods/association/bulkLink', seller, {
      shopSkuIds: [black.id, apricot.id, cardigan.id],
      supplierId: supplierIds.A312,
      artNo: '8801',
    });
    expect(res.data).toMatchObject({ linked: 2, unchanged: 0 });
    expect(res.data.conflicts).toEqual([
      expect.objectContaining({ shopSkuId: cardigan.id, current: '素言女装 K1123 白色/F ¥45.00', proposed: '四季青 3楼 A312 小美档口 8801 白色/F' }),
    ]);
    const list = (await page(seller, { keyword: '高领毛衣' })).list;
    // The seeded supplier item 8801 黑色/M has a known cost (59.00): its link takes it; 杏色/L has none yet.
    expect(list.map((s) => [s.link?.color, s.link?.size, s.link?.costFen]).sort()).toEqual([
      ['杏色', 'L', null],
      ['黑色', 'M', 5900],
    ]);
    const forced = await a.post<Result>('/api/b2/goods/association/bulkLink', seller, {
      shopSkuIds: [cardigan.id],
      supplierId: supplierIds.A312,
      artNo: '8801',
      overwrite: true,
    });
    expect(forced.data).toMatchObject({ linked: 1, conflicts: [] });
  });

  it('unlinks (history stays) and a later link is the next version', async () => {
    const cardigan = sku('针织开衫薄款短外套');
    expect(await a.post('/api/b2/goods/association/unlink', seller, { shopSkuIds: [cardigan.id] })).toMatchObject({ errorCode: 0, data: { count: 1 } });
    expect((await page(seller, { keyword: '针织开衫' })).list[0]?.link).toBeNull();
    await a.post('/api/b2/goods/association/link', seller, {
      shopSkuId: cardigan.id,
      expectedLinkId: null,
      supplierId: supplierIds.BM1F08,
      artNo: 'K1123',
      color: '白色',
      size: 'F',
      costFen: 4500,
    });
    const rows = await t.database.db.select().from(goodsLinks).where(eq(goodsLinks.shopSkuId, cardigan.id));
    expect(rows.map((r) => [r.version, r.replacedAt === null]).sort()).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });
});

describe('Excel export and import of links', () => {
  it('a re-import of the export adds no link and no version; a changed row is a conflict unless overwrite', async () => {
    const exported = await a.raw('/api/b2/goods/association/export?linked=ALL', seller);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(exported.rawPayload);
    expect(rows).toHaveLength(8);
    expect(rows.find((r) => r.货号 === 'P0913')).toMatchObject({ 平台: '淘宝/天猫', 档口编码: 'SH2021', 颜色: '黑色', 尺码: 'L', '成本价（元）': '38.50' });
    const linkRows = async () => t.database.db.select().from(goodsLinks);
    const before = (await linkRows()).length;
    const again = await a.post('/api/b2/goods/association/import', seller, {
      fileName: '商品关联.xlsx',
      contentBase64: exported.rawPayload.toString('base64'),
    });
    expect(again).toMatchObject({ errorCode: 0, data: { linked: 0, unchanged: 5, conflicts: [], skipped: 3 } });
    expect((await linkRows()).length).toBe(before);

    const changed = await xlsxBase64(
      ['平台', '商品ID', 'SKU ID', '档口编码', '货号', '颜色', '尺码', '成本价（元）'],
      [
        ['淘宝/天猫', '680012345605', '5012345641', 'SH2021', 'P0914', '黑色', 'L', '39'],
        ['TAOBAO', '680012345606', '5012345651', 'BM1F08', 'Y88', '米白', 'M', '120.5'],
      ],
    );
    const res = await a.post<Result>('/api/b2/goods/association/import', seller, { fileName: 'x.xlsx', contentBase64: changed });
    expect(res.data).toMatchObject({ linked: 1, unchanged: 0 });
    expect(res.data.conflicts.map((c) => c.current)).toEqual(['万佳韩版 P0913 黑色/L ¥38.50']);
    const over = await a.post<Result>('/api/b2/goods/association/import', seller, { fileName: 'x.xlsx', contentBase64: changed, overwrite: true });
    expect(over.data).toMatchObject({ linked: 1, unchanged: 1, conflicts: [] });
    expect((await page(seller, { keyword: '羽绒服' })).list[0]?.link).toMatchObject({ artNo: 'Y88', costFen: 12050, source: 'IMPORT' });
  });

  it('a file with bad rows links nothing and names the rows', async () => {
    const before = await goodsDigest(t.database.db);
    const file = await xlsxBase64(
      ['系统SKU编号', '档口编码', '货号', '成本价（元）'],
      [
        [String(sku('短款羽绒服面包服加厚').id), 'BM1F08', 'Y1', '1.234'],
        ['999999', 'BM1F08', 'Y1', ''],
        [String(sku('短款羽绒服面包服加厚').id), 'NOPE', 'Y1', ''],
        ['', 'BM1F08', '', ''],
      ],
    );
    const res = await a.post<null>('/api/b2/goods/association/import', seller, { fileName: 'x.xlsx', contentBase64: file });
    expect(res.errorCode).toBe(15006);
    expect(res.errorMsg).toContain('第2行：成本价“1.234”格式不正确');
    expect(res.errorMsg).toContain('第3行：找不到该商品SKU');
    expect(res.errorMsg).toContain('第4行：找不到档口“NOPE”');
    expect(res.errorMsg).toContain('第5行：请填写货号');
    expect(await goodsDigest(t.database.db)).toEqual(before);
  });
});

describe('bad input: a Chinese message naming the field, nothing written', () => {
  const cases: [string, string, unknown, string][] = [
    ['POST', '/api/b2/goods/association/page', { linked: 'SOME' }, '关联状态'],
    ['POST', '/api/b2/goods/association/page', { channel: 'EBAY' }, '平台'],
    ['POST', '/api/b2/goods/association/link', { shopSkuId: 1, expectedLinkId: null, supplierId: 1 }, '请输入货号'],
    ['POST', '/api/b2/goods/association/link', { shopSkuId: 1, expectedLinkId: null, supplierId: 1, artNo: 'A', costFen: 12.5 }, '成本价必须是整数'],
    ['POST', '/api/b2/goods/association/link', { shopSkuId: 1, expectedLinkId: null, supplierId: 1, artNo: 'A', costFen: -1 }, '成本价不能为负数'],
    ['POST', '/api/b2/goods/association/link', { shopSkuId: 1, supplierId: 1, artNo: 'A' }, '原关联'],
    ['POST', '/api/b2/goods/association/bulkLink', { shopSkuIds: [], supplierId: 1, artNo: 'A' }, '请选择商品SKU'],
    [
      'POST',
      '/api/b2/goods/association/bulkLink',
      { shopSkuIds: Array.from({ length: 501 }, (_, i) => i + 1), supplierId: 1, artNo: 'A' },
      '一次最多处理500条',
    ],
    ['POST', '/api/b2/goods/association/unlink', { shopSkuIds: ['x'] }, '商品SKU'],
    ['POST', '/api/b2/goods/association/import', { fileName: 'a.csv', contentBase64: 'AA' }, '请上传 .xlsx'],
    ['GET', '/api/b2/goods/association/history?shopSkuId=-1', undefined, '商品SKU'],
    ['GET', '/api/b2/goods/association/export?linked=X', undefined, '关联状态'],
  ];
  for (const [method, url, payload, words] of cases) {
    it(`${method} ${url} ${JSON.stringify(payload ?? '').slice(0, 50)} → 400 “…${words}…”`, async () => {
      const before = await goodsDigest(t.database.db);
      const res = await call(t.app, { method: method as 'GET' | 'POST', url, session: seller, payload: payload as Record<string, unknown> });
      const body = envelope(res);
      expect(res.statusCode).toBe(400);
      expect(isChineseMsg(body.errorMsg)).toBe(true);
      expect(body.errorMsg).toContain(words);
      expect(await goodsDigest(t.database.db)).toEqual(before);
    });
  }
});

describe("another seller's SKUs and suppliers are 'not found' and unchanged", () => {
  it('link, bulk link, unlink, history, import and lists', async () => {
    const mine = sku('短款羽绒服面包服加厚');
    const before = await goodsDigest(t.database.db);
    const ownSupplier = await a.post<{ id: number }>('/api/b2/goods/supplier/save', other, { name: '对方档口', code: 'DF1' });
    const after = await goodsDigest(t.database.db);
    expect(
      await a.post('/api/b2/goods/association/link', other, { shopSkuId: mine.id, expectedLinkId: null, supplierId: ownSupplier.data.id, artNo: 'Z' }),
    ).toMatchObject({ errorCode: 12001, errorMsg: '商品不存在' });
    // …and demo_seller may not link to the other seller's supplier.
    expect(
      await a.post('/api/b2/goods/association/link', seller, { shopSkuId: mine.id, expectedLinkId: null, supplierId: ownSupplier.data.id, artNo: 'Z' }),
    ).toMatchObject({ errorCode: 12001, errorMsg: '供应商不存在' });
    expect(await a.post('/api/b2/goods/association/bulkLink', other, { shopSkuIds: [mine.id], supplierId: ownSupplier.data.id, artNo: 'Z' })).toMatchObject({
      errorCode: 12001,
    });
    expect(await a.post('/api/b2/goods/association/unlink', other, { shopSkuIds: [mine.id] })).toMatchObject({ errorCode: 12001 });
    expect(await a.get(`/api/b2/goods/association/history?shopSkuId=${mine.id}`, other)).toMatchObject({ errorCode: 12001 });
    const file = await xlsxBase64(['系统SKU编号', '档口编码', '货号'], [[String(mine.id), 'DF1', 'Z']]);
    expect(await a.post('/api/b2/goods/association/import', other, { fileName: 'x.xlsx', contentBase64: file })).toMatchObject({ errorCode: 15006 });
    expect(await page(other)).toEqual({ total: 0, list: [] });
    expect(await readXlsx((await a.raw('/api/b2/goods/association/export', other)).rawPayload)).toEqual([]);
    expect(await goodsDigest(t.database.db)).toEqual(after);
    expect(before.suppliers).not.toBe(after.suppliers);
    const current = await t.database.db
      .select()
      .from(goodsLinks)
      .where(and(eq(goodsLinks.shopSkuId, mine.id), isNull(goodsLinks.replacedAt)));
    expect(current.map((c) => c.artNo)).toEqual(['Y88']);
  });
});
