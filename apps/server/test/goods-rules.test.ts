/**
 * Link rules: the pattern language (pure), saved rules, the preview of what a rule would do, the
 * chunked apply (conflicts left alone unless overwrite), bad input and tenant isolation.
 */
import type { NormalizedOrder } from '@dropship/channels';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import type { AppError } from '../src/lib/app-error.js';
import { goodsLinks } from '../src/modules/goods/goods.table.js';
import { compileRule, parseSpec, readFields } from '../src/modules/goods/link-rules.js';
import { upsertShopOrders } from '../src/modules/shop-orders/shop-orders.service.js';
import { api, goodsDigest, isChineseMsg } from './goods-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, envelope, PASSWORD } from './support.js';

describe('the pattern language', () => {
  it('reads stall and article number from an outer code, the whole code or nothing', () => {
    const r = compileRule('档口#货号', 'OUTER_CODE', null);
    expect(readFields(r, 'A312#8801')).toEqual({ stall: 'A312', artNo: '8801', color: null, size: null, costFen: null });
    expect(readFields(r, 'A312-8801')).toBeNull();
    expect(readFields(r, 'A312#8801#x')).toBeNull();
    expect(readFields(r, ' #8801')).toBeNull();
  });

  it('reads color, size and a price with at most two decimals', () => {
    const r = compileRule('档口-货号-颜色-尺码-价格', 'OUTER_SKU_CODE', null);
    expect(readFields(r, 'BM1F08-K1123-白色-F-45.5')).toEqual({ stall: 'BM1F08', artNo: 'K1123', color: '白色', size: 'F', costFen: 4550 });
    expect(readFields(r, 'BM1F08-K1123-白色-F-45.555')).toBeNull();
  });

  it('searches a title for letters and digits; a fixed stall needs no 档口', () => {
    const r = compileRule('【档口#货号】', 'TITLE', null);
    expect(readFields(r, '2024秋冬新款【A312#8801】高领毛衣')).toMatchObject({ stall: 'A312', artNo: '8801' });
    const fixed = compileRule('货号', 'OUTER_CODE', 7);
    expect(readFields(fixed, 'K-1123')).toMatchObject({ stall: null, artNo: 'K-1123' });
  });

  it('refuses patterns it cannot read, saying why', () => {
    const msg = (p: string, fixed: number | null = null) => {
      try {
        compileRule(p, 'OUTER_CODE', fixed);
        return '';
      } catch (e) {
        return (e as AppError).message;
      }
    };
    expect(msg('档口#')).toContain('须包含“货号”');
    expect(msg('档口货号')).toContain('“档口”和“货号”之间须有分隔符');
    expect(msg('货号')).toContain('不含“档口”时请选择固定档口');
    expect(msg('档口#货号', 3)).toContain('已含“档口”的规则不能再选择固定档口');
    expect(msg('档口#货号#货号')).toContain('“货号”只能出现一次');
  });

  it('takes color and size from the spec as marketplaces write it', () => {
    expect(parseSpec('颜色分类:黑色;尺码:L')).toEqual({ color: '黑色', size: 'L' });
    expect(parseSpec('颜色：杏色；尺码：均码')).toEqual({ color: '杏色', size: '均码' });
    expect(parseSpec('黑色,XL')).toEqual({ color: '黑色', size: 'XL' });
    expect(parseSpec('')).toEqual({ color: '', size: '' });
  });
});

interface Preview {
  total: number;
  counts: Record<string, number>;
  rows: { shopSkuId: number; title: string; outcome: string; supplierName: string; artNo: string; costFen: number | null; reason: string; current: string }[];
}
interface Apply {
  total: number;
  processed: number;
  counts: Record<string, number>;
  overwritten: number;
  nextAfterId: number | null;
}

let t: TestApp;
let seller: Session;
let other: Session;
let a: ReturnType<typeof api>;
let orgId: number;
let taobaoShopId: number;
const RULE = { source: 'OUTER_CODE', pattern: '档口#货号', supplierId: null };

beforeAll(async () => {
  t = await createTestApp();
  a = api(t.app);
  const second = await createSecondSeller(t.database.db, 'gr');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  const rows = await queryRows<{ org_id: number; id: number }>(
    t.database.db,
    sql`select s.org_id, s.id from shops s join users u on u.org_id = s.org_id where u.username = 'demo_seller' and s.channel = 'TAOBAO'`,
  );
  orgId = rows[0]?.org_id ?? 0;
  taobaoShopId = rows[0]?.id ?? 0;
});
afterAll(() => t?.close());

describe('preview and apply', () => {
  it('previews without writing: two SKUs would be linked, the rest say why not', async () => {
    const before = await goodsDigest(t.database.db);
    const res = await a.post<Preview>('/api/b2/goods/linkRule/preview', seller, { rule: RULE, scope: 'UNLINKED' });
    expect(res.data.counts).toEqual({ NEW: 2, SAME: 0, CONFLICT: 0, UNMATCHED: 4 });
    const news = res.data.rows.filter((r) => r.outcome === 'NEW');
    expect(news.map((r) => [r.artNo, r.supplierName, r.costFen])).toEqual([
      ['8801', '四季青 3楼 A312 小美档口', 5900],
      ['D2207', '衣品轩', null],
    ]);
    expect(res.data.rows.find((r) => r.title.startsWith('短款羽绒服'))?.reason).toContain('找不到档口“ZZ999”');
    const all = await a.post<Preview>('/api/b2/goods/linkRule/preview', seller, { rule: RULE, scope: 'ALL', outcome: 'SAME' });
    expect(all.data.counts).toMatchObject({ SAME: 2 });
    expect(all.data.rows.map((r) => r.artNo).sort()).toEqual(['K1123', 'P0913']);
    expect(await goodsDigest(t.database.db)).toEqual(before);
  });

  it('applies in chunks: the page follows nextAfterId to the end', async () => {
    let afterId = 0;
    const seen: Apply[] = [];
    for (let guard = 0; guard < 20; guard++) {
      const res = await a.post<Apply>('/api/b2/goods/linkRule/apply', seller, { rule: RULE, scope: 'UNLINKED', afterId, limit: 2 });
      expect(res.errorCode).toBe(0);
      seen.push(res.data);
      if (res.data.nextAfterId === null) break;
      afterId = res.data.nextAfterId;
    }
    const sum = (k: string) => seen.reduce((s, r) => s + (r.counts[k] ?? 0), 0);
    expect(sum('NEW')).toBe(2);
    expect(sum('UNMATCHED')).toBe(4);
    expect(seen.reduce((s, r) => s + r.processed, 0)).toBe(6);
    const links = await t.database.db.select().from(goodsLinks).where(eq(goodsLinks.source, 'RULE'));
    expect(links.map((l) => [l.artNo, l.color, l.size, l.costFen]).sort()).toEqual([
      ['8801', '黑色', 'M', 5900],
      ['D2207', '蓝色碎花', 'S', null],
    ]);
  });

  it('leaves conflicting links alone unless overwrite is chosen', async () => {
    // A new order brings a SKU whose outer code names another article than its current link.
    const order: NormalizedOrder = {
      platformOrderId: 'R-1',
      status: 'WAIT_SELLER_SEND',
      platformStatus: 'WAIT_SELLER_SEND_GOODS',
      buyerNick: 'x',
      receiver: { name: '甲', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路1号', encrypted: false },
      totalFen: 100,
      postFeeFen: 0,
      paymentFen: 100,
      createdAt: new Date(),
      modifiedAt: new Date(),
      items: [
        {
          platformItemId: 'R-1-1',
          itemId: '680012345604',
          skuId: '5012345631',
          title: '针织开衫薄款短外套',
          spec: '颜色分类:白色;尺码:F',
          outerSkuCode: 'BM1F08#K2000',
          quantity: 1,
          priceFen: 100,
          paymentFen: 100,
          refundState: 'NONE',
        },
      ],
    };
    await upsertShopOrders(t.database.db, { orgId, shopId: taobaoShopId, channel: 'TAOBAO', source: 'IMPORT' }, [order]);
    const preview = await a.post<Preview>('/api/b2/goods/linkRule/preview', seller, { rule: RULE, scope: 'ALL', outcome: 'CONFLICT' });
    expect(preview.data.rows.map((r) => [r.artNo, r.current])).toEqual([['K2000', '素言女装 K1123 白色/F ¥45.00']]);
    const kept = await a.post<Apply>('/api/b2/goods/linkRule/apply', seller, { rule: RULE, scope: 'ALL' });
    expect(kept.data).toMatchObject({ counts: { NEW: 0, CONFLICT: 1, SAME: 3 }, overwritten: 0, nextAfterId: null });
    const forced = await a.post<Apply>('/api/b2/goods/linkRule/apply', seller, { rule: RULE, scope: 'ALL', overwrite: true });
    expect(forced.data).toMatchObject({ counts: { CONFLICT: 0 }, overwritten: 1 });
    const [current] = await t.database.db.select().from(goodsLinks).where(eq(goodsLinks.artNo, 'K2000'));
    expect(current).toMatchObject({ version: 2, source: 'RULE', replacedAt: null });
  });
});

describe('saved rules', () => {
  it('saves, lists, edits and removes; a fixed stall must be the caller’s own and enabled', async () => {
    const saved = await a.post<{ id: number }>('/api/b2/goods/linkRule/save', seller, { name: '档口#货号', ...RULE });
    expect(saved.errorCode).toBe(0);
    expect((await a.get<{ pattern: string }[]>('/api/b2/goods/linkRule/list', seller)).data.map((r) => r.pattern)).toEqual(['档口#货号']);
    expect(await a.post('/api/b2/goods/linkRule/save', seller, { id: saved.data.id, name: '改名', ...RULE, pattern: '档口-货号' })).toMatchObject({
      errorCode: 0,
    });
    const opts = await a.get<{ id: number; code: string }[]>('/api/b2/goods/supplier/options', seller);
    const disabled = opts.data.find((o) => o.code === 'HM4B12')?.id;
    expect(await a.post('/api/b2/goods/linkRule/save', seller, { name: 'x', source: 'OUTER_CODE', pattern: '货号', supplierId: disabled })).toMatchObject({
      errorCode: 15002,
    });
    expect(await a.post('/api/b2/goods/linkRule/save', seller, { name: 'x', source: 'OUTER_CODE', pattern: '档口' })).toMatchObject({ errorCode: 15004 });
    expect(await a.post('/api/b2/goods/linkRule/remove', seller, { id: saved.data.id })).toMatchObject({ errorCode: 0 });
    expect((await a.get<unknown[]>('/api/b2/goods/linkRule/list', seller)).data).toEqual([]);
  });

  it('keeps at most 20 rules', async () => {
    for (let i = 0; i < 20; i++) expect((await a.post('/api/b2/goods/linkRule/save', seller, { name: `规则${i}`, ...RULE })).errorCode).toBe(0);
    expect(await a.post('/api/b2/goods/linkRule/save', seller, { name: '第21条', ...RULE })).toMatchObject({ errorCode: 15009 });
  });
});

describe('bad input: a Chinese message naming the field, nothing written', () => {
  const cases: [string, unknown, string][] = [
    ['/api/b2/goods/linkRule/preview', { rule: { pattern: '' } }, '请输入规则格式'],
    ['/api/b2/goods/linkRule/preview', { rule: { pattern: '档口#货号', source: 'SKU' } }, '匹配来源'],
    ['/api/b2/goods/linkRule/preview', { rule: { pattern: '档口#货号' }, scope: 'SOME' }, '适用范围'],
    ['/api/b2/goods/linkRule/preview', { rule: { pattern: '档口#货号' }, limit: 1000 }, '条数'],
    ['/api/b2/goods/linkRule/apply', { rule: { pattern: '档口#货号' }, limit: 50_000 }, '每批条数'],
    ['/api/b2/goods/linkRule/apply', { rule: { pattern: '档口#货号' }, afterId: -1 }, '起始位置'],
    ['/api/b2/goods/linkRule/save', { pattern: '档口#货号' }, '请输入规则名称'],
    ['/api/b2/goods/linkRule/remove', { id: 0 }, '编号必须大于0'],
  ];
  for (const [url, payload, words] of cases) {
    it(`${url} ${JSON.stringify(payload).slice(0, 60)} → 400 “…${words}…”`, async () => {
      const before = await goodsDigest(t.database.db);
      const res = await call(t.app, { method: 'POST', url, session: seller, payload: payload as Record<string, unknown> });
      expect(res.statusCode).toBe(400);
      const body = envelope(res);
      expect(isChineseMsg(body.errorMsg)).toBe(true);
      expect(body.errorMsg).toContain(words);
      expect(await goodsDigest(t.database.db)).toEqual(before);
    });
  }

  it('a pattern the rule language refuses: 15004 with the reason, nothing written', async () => {
    const before = await goodsDigest(t.database.db);
    const res = await a.post('/api/b2/goods/linkRule/apply', seller, { rule: { pattern: '档口货号' } });
    expect(res).toMatchObject({ errorCode: 15004, errorMsg: '规则格式不正确：“档口”和“货号”之间须有分隔符，例如 档口#货号' });
    expect(await goodsDigest(t.database.db)).toEqual(before);
  });
});

describe("another seller: its rules see only its own SKUs and stalls; demo_seller's are 'not found'", () => {
  it('preview, apply, save and remove', async () => {
    const before = await goodsDigest(t.database.db);
    const preview = await a.post<Preview>('/api/b2/goods/linkRule/preview', other, { rule: RULE, scope: 'ALL' });
    expect(preview.data).toEqual({ total: 0, counts: { NEW: 0, SAME: 0, CONFLICT: 0, UNMATCHED: 0 }, rows: [] });
    expect((await a.post<Apply>('/api/b2/goods/linkRule/apply', other, { rule: RULE, scope: 'ALL' })).data.processed).toBe(0);
    const sellerSupplier = (await a.get<{ id: number }[]>('/api/b2/goods/supplier/options', seller)).data[0]?.id;
    expect(await a.post('/api/b2/goods/linkRule/preview', other, { rule: { pattern: '货号', supplierId: sellerSupplier } })).toMatchObject({
      errorCode: 12001,
    });
    const sellerRule = (await a.get<{ id: number }[]>('/api/b2/goods/linkRule/list', seller)).data[0]?.id;
    expect(await a.post('/api/b2/goods/linkRule/remove', other, { id: sellerRule })).toMatchObject({ errorCode: 12001 });
    expect(await a.post('/api/b2/goods/linkRule/save', other, { id: sellerRule, name: 'x', ...RULE })).toMatchObject({ errorCode: 12001 });
    expect(await a.post('/api/b2/goods/linkRule/apply', other, { rule: RULE, ruleId: sellerRule })).toMatchObject({ errorCode: 12001 });
    expect((await a.get<unknown[]>('/api/b2/goods/linkRule/list', other)).data).toEqual([]);
    expect(await goodsDigest(t.database.db)).toEqual(before);
  });
});
