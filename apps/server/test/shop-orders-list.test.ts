/**
 * The shop-order list (/order/orderList): every filter, masking in the list and the export, the
 * detail with its after-sale records, the streamed .xlsx export and its cap, bad input and tenant
 * isolation.
 */
import type { NormalizedOrder } from '@dropship/channels';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/modules/jobs/jobs.table.js';
import { upsertShopOrders } from '../src/modules/shop-orders/shop-orders.service.js';
import { shopOrders, shopRefunds } from '../src/modules/shop-orders/shop-orders.table.js';
import { upsertRefunds } from '../src/modules/shop-orders/shop-refunds.repository.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, envelope, isChinese, PASSWORD, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let sellerOrgId: number;
let taobaoShop: number;
let pddShop: number;
let otherOrgId: number;
let otherShop: number;
const ids: Record<string, number> = {};

const at = (s: string) => new Date(s);

function order(id: string, o: Partial<NormalizedOrder> & { paid?: string | null; phone?: string; name?: string; outer?: string } = {}): NormalizedOrder {
  const { paid = '2026-11-20T10:00:00+08:00', phone = '13812345678', name = '张三丰', outer = 'A12#8801', ...rest } = o;
  return {
    platformOrderId: id,
    status: 'WAIT_SELLER_SEND',
    platformStatus: 'WAIT_SELLER_SEND_GOODS',
    buyerNick: 'tb买家01',
    receiver: { name, phone, province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路100号', encrypted: false },
    totalFen: 5990,
    postFeeFen: 0,
    paymentFen: 5990,
    createdAt: at('2026-11-20T09:59:00+08:00'),
    ...(paid ? { paidAt: at(paid) } : {}),
    modifiedAt: at('2026-11-20T10:05:00+08:00'),
    items: [
      {
        platformItemId: `${id}-1`,
        itemId: '6001',
        skuId: '7001',
        title: '秋冬毛衣',
        spec: '颜色:黑色;尺码:L',
        outerItemCode: 'A12',
        outerSkuCode: outer,
        quantity: 2,
        priceFen: 2995,
        paymentFen: 5990,
        refundState: 'NONE',
      },
    ],
    ...rest,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // Sellers of their own: the demo seller's seeded orders (other capabilities') must not blur the counts.
  const mine = await createSecondSeller(db, 'ol1');
  const second = await createSecondSeller(db, 'ol2');
  otherOrgId = second.orgId;
  otherShop = second.expiringShopId;
  seller = await login(t.app, mine.username, PASSWORD);
  other = await login(t.app, second.username, PASSWORD);
  sellerOrgId = mine.orgId;
  taobaoShop = mine.expiringShopId;
  const [pdd] = await db.insert(shops).values({ orgId: sellerOrgId, channel: 'PDD', name: '测试拼多多店' }).returning({ id: shops.id });
  pddShop = pdd!.id;
  const tbTarget = { orgId: sellerOrgId, shopId: taobaoShop, channel: 'TAOBAO', source: 'SYNC' as const };
  await upsertShopOrders(db, tbTarget, [
    order('T-1001'),
    order('T-1002', { paid: '2026-11-20T23:30:00+08:00', phone: '13900001111', buyerRemark: '请发顺丰', name: '李四' }),
    order('T-1003', { paid: '2026-11-21T00:30:00+08:00', sellerRemark: '已备注', sellerFlag: 1, buyerNick: '老顾客' }),
    order('T-1004', { paid: null, status: 'WAIT_BUYER_PAY', platformStatus: 'WAIT_BUYER_PAY' }),
    order('T-1005', { paid: '2026-11-19T08:00:00+08:00', status: 'FINISHED', outer: 'ZX-99' }),
  ]);
  await upsertShopOrders(db, { orgId: sellerOrgId, shopId: pddShop, channel: 'PDD', source: 'IMPORT' }, [order('P-2001', { phone: '13700002222' })]);
  await upsertShopOrders(db, { orgId: otherOrgId, shopId: otherShop, channel: 'TAOBAO', source: 'SYNC' }, [order('O-3001', { phone: '13800005678' })]);
  await upsertRefunds(db, { orgId: sellerOrgId, shopId: taobaoShop }, [
    {
      platformRefundId: 'R-1',
      platformOrderId: 'T-1001',
      platformItemId: 'T-1001-1',
      platformStatus: 'WAIT_SELLER_AGREE',
      state: 'REFUNDING',
      refundFen: 2995,
      reason: '不想要了',
      hasGoodReturn: false,
      createdAt: at('2026-11-21T08:00:00+08:00'),
      modifiedAt: at('2026-11-21T08:00:00+08:00'),
    },
  ]);
  await db.update(shopOrders).set({ refundState: 'REFUNDING' }).where(eq(shopOrders.platformOrderId, 'T-1001'));
  await db.update(shopOrders).set({ dropshipStatus: 'PLACED' }).where(eq(shopOrders.platformOrderId, 'T-1005'));
  for (const r of await db.select({ id: shopOrders.id, p: shopOrders.platformOrderId }).from(shopOrders)) ids[r.p] = r.id;
});
afterAll(() => t?.close());

interface Row {
  id: number;
  platformOrderId: string;
  receiverName: string;
  receiverPhone: string;
  shopName: string;
  items: { spec: string | null; outerSkuCode: string | null; quantity: number }[];
}
const page = async (body: Record<string, unknown> = {}, s: Session = seller) =>
  envelope<{ total: number; list: Row[] }>(await call(t.app, { method: 'POST', url: '/api/b2/orders/page', session: s, payload: body }));
const found = async (body: Record<string, unknown>) => (await page(body)).data.list.map((r) => r.platformOrderId).sort();

describe('list', () => {
  it('pages the seller’s orders, paid newest first with unpaid last, receiver masked, items with spec and outer code', async () => {
    const res = await page({ pageNo: 1, pageSize: 20 });
    expect(res.errorCode).toBe(0);
    const mine = res.data.list.filter((r) => /^[TP]-/.test(r.platformOrderId));
    // Same paid time: the newer row first.
    expect(mine.map((r) => r.platformOrderId)).toEqual(['T-1003', 'T-1002', 'P-2001', 'T-1001', 'T-1005', 'T-1004']);
    expect(res.data.list.map((r) => r.platformOrderId)).not.toContain('O-3001');
    const t1002 = mine.find((r) => r.platformOrderId === 'T-1002')!;
    expect(t1002).toMatchObject({ receiverName: '李*', receiverPhone: '139****1111', shopName: '对方即将到期店铺ol1' });
    expect(mine.find((r) => r.platformOrderId === 'T-1001')).toMatchObject({ receiverName: '张*丰', receiverPhone: '138****5678' });
    expect(t1002.items[0]).toMatchObject({ spec: '颜色:黑色;尺码:L', outerSkuCode: 'A12#8801', quantity: 2 });
    const second = await page({ pageNo: 2, pageSize: 2 });
    expect(second.data.total).toBe(res.data.total);
    expect((second.data as unknown as { totalCapped: boolean }).totalCapped).toBe(false);
    expect(second.data.list).toHaveLength(2);
  });

  // Bodies are functions: the shop ids exist only after beforeAll.
  const cases: [string, () => Record<string, unknown>, string[]][] = [
    ['shop', () => ({ shopId: pddShop }), ['P-2001']],
    ['platform', () => ({ channel: 'PDD' }), ['P-2001']],
    ['status', () => ({ status: 'WAIT_BUYER_PAY' }), ['T-1004']],
    ['dropship status', () => ({ dropshipStatus: 'PLACED' }), ['T-1005']],
    ['refund state', () => ({ refundState: 'REFUNDING' }), ['T-1001']],
    ['paid day at +8 (23:30 is the 20th, 00:30 the 21st)', () => ({ paidFrom: '2026-11-20', paidTo: '2026-11-20' }), ['P-2001', 'T-1001', 'T-1002']],
    ['paid from', () => ({ paidFrom: '2026-11-21' }), ['T-1003']],
    ['order number', () => ({ platformOrderId: 'T-1002' }), ['T-1002']],
    ['buyer', () => ({ buyerNick: '老顾客' }), ['T-1003']],
    ['phone tail', () => ({ phoneTail: '2222' }), ['P-2001']],
    ['outer code, any case', () => ({ sku: 'zx-99' }), ['T-1005']],
    ['SKU id', () => ({ sku: '7001', phoneTail: '1111' }), ['T-1002']],
    ['remark: buyer', () => ({ remark: 'BUYER' }), ['T-1002']],
    ['remark: seller', () => ({ remark: 'SELLER' }), ['T-1003']],
    ['remark: any', () => ({ remark: 'ANY' }), ['T-1002', 'T-1003']],
    ['flag', () => ({ sellerFlag: 1 }), ['T-1003']],
    ['empty filters from a form mean "not set"', () => ({ phoneTail: '', sku: '', shopId: '', channel: 'PDD' }), ['P-2001']],
  ];
  for (const [name, body, expected] of cases) {
    it(`filter: ${name}`, async () => {
      expect(await found(body())).toEqual(expected);
      expect((await page(body())).data.total).toBe(expected.length);
    });
  }

  it('remark: none excludes every remarked order', async () => {
    const none = await found({ remark: 'NONE' });
    expect(none).toContain('T-1001');
    expect(none).not.toContain('T-1002');
    expect(none).not.toContain('T-1003');
  });
});

describe('detail', () => {
  it('the order with its items and after-sale records; receiver as the platform gave it', async () => {
    const res = envelope<Record<string, unknown> & { refunds: { platformRefundId: string; state: string; refundFen: number }[] }>(
      await call(t.app, { url: `/api/b2/orders/${ids['T-1001']}`, session: seller }),
    );
    expect(res.errorCode).toBe(0);
    expect(res.data).toMatchObject({ platformOrderId: 'T-1001', receiverName: '张三丰', receiverAddress: '文三路100号', refundState: 'REFUNDING' });
    expect(res.data.refunds).toEqual([expect.objectContaining({ platformRefundId: 'R-1', state: 'REFUNDING', refundFen: 2995 })]);
  });
});

describe('export', () => {
  async function download(body: Record<string, unknown>, s: Session = seller) {
    const res = await call(t.app, { method: 'POST', url: '/api/b2/orders/export', session: s, payload: body });
    return res;
  }
  async function sheet(bytes: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    return wb.worksheets[0]!;
  }

  it('streams the filtered set as .xlsx, masked as in the list', async () => {
    const res = await download({ channel: 'TAOBAO', pageNo: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('店铺订单.xlsx'));
    const ws = await sheet(res.rawPayload);
    expect(ws.rowCount).toBe(1 + 5);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('订单编号');
    const rows = Array.from({ length: 5 }, (_, i) => (ws.getRow(i + 2).values as unknown[]).slice(1));
    const t1002 = rows.find((r) => r.includes('T-1002'))!;
    expect(t1002).toContain('李*');
    expect(t1002).toContain('139****1111');
    expect(t1002.join(' ')).not.toContain('13900001111');
    expect(t1002).toContain('59.90');
  });

  it('another seller’s export holds only its own orders', async () => {
    const ws = await sheet((await download({}, other)).rawPayload);
    expect(ws.rowCount).toBe(2);
    expect((ws.getRow(2).values as unknown[]).includes('O-3001')).toBe(true);
  });

  it('past 100,000 rows it is refused in Chinese before anything is sent (and the list count stops at 10,000)', async () => {
    const db = t.database.db;
    // A tenant of its own with 100,001 orders, written in one statement.
    const big = await createSecondSeller(db, 'big');
    await db.execute(sql`insert into shop_orders (org_id, shop_id, channel, platform_order_id, status, platform_status, platform_created_at, platform_modified_at, source)
      select ${big.orgId}, ${big.expiringShopId}, 'TAOBAO', 'B' || g, 'WAIT_SELLER_SEND', 'X', now(), now(), 'SYNC' from generate_series(1, 100001) g`);
    const bigSession = await login(t.app, big.username, PASSWORD);
    // The list counts up to 10,000 and says there are more.
    const listed = (await page({ pageSize: 5 }, bigSession)).data as unknown as { total: number; totalCapped: boolean; list: unknown[] };
    expect(listed).toMatchObject({ total: 10_000, totalCapped: true });
    expect(listed.list).toHaveLength(5);
    const res = envelope(await download({}, bigSession));
    expect(res.errorCode).toBe(14059);
    expect(res.errorMsg).toContain('导出订单超过100000条');
    await db.execute(sql`delete from shop_orders where org_id = ${big.orgId}`);
  });
});

describe('bad input: a Chinese message and nothing changed', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['phone tail not four digits', { phoneTail: '12a4' }, /手机尾号必须是4位数字/],
    ['paid range reversed', { paidFrom: '2026-11-21', paidTo: '2026-11-20' }, /付款开始日期不能晚于结束日期/],
    ['not a day', { paidFrom: '2026-02-30' }, /付款开始日期不是有效日期/],
    ['day format', { paidTo: '20261120' }, /付款结束日期格式应为/],
    ['page too large', { pageSize: 1000 }, /每页条数/],
    ['unknown status', { status: 'PAID' }, /订单状态/],
    ['unknown platform', { channel: 'EBAY' }, /平台/],
    ['shop id not a number', { shopId: 'abc' }, /店铺必须是数字/],
    ['flag out of range', { sellerFlag: 9 }, /旗帜必须是1到5/],
    ['order number too long', { platformOrderId: 'x'.repeat(65) }, /订单编号不能超过64个字符/],
  ];
  for (const [name, body, msg] of cases) {
    // The export takes the filters only (paging keys are ignored there).
    for (const url of name === 'page too large' ? ['/api/b2/orders/page'] : ['/api/b2/orders/page', '/api/b2/orders/export']) {
      it(`${name} (${url.split('/').pop()})`, async () => {
        const before = await snapshotCounts(t.database.db, { shopOrders, shopRefunds, jobs });
        const res = envelope(await call(t.app, { method: 'POST', url, session: seller, payload: body }));
        expect(res.errorCode).toBe(400);
        expect(res.errorMsg).toMatch(msg);
        expect(isChinese(res.errorMsg)).toBe(true);
        expect(await snapshotCounts(t.database.db, { shopOrders, shopRefunds, jobs })).toEqual(before);
      });
    }
  }

  it('a detail id that is not a number', async () => {
    expect(envelope(await call(t.app, { url: '/api/b2/orders/abc', session: seller })).errorMsg).toMatch(/订单编号/);
  });
});

describe('tenant isolation', () => {
  it('another seller’s order detail is "not found"', async () => {
    expect(envelope(await call(t.app, { url: `/api/b2/orders/${ids['T-1001']}`, session: other }))).toMatchObject({ errorCode: 12001, errorMsg: '订单不存在' });
    expect(envelope(await call(t.app, { url: `/api/b2/orders/${ids['O-3001']}`, session: seller })).errorCode).toBe(12001);
  });

  it('filtering by another seller’s shop finds nothing', async () => {
    expect((await page({ shopId: otherShop })).data).toEqual({ total: 0, totalCapped: false, list: [] });
    expect((await page({ shopId: taobaoShop }, other)).data).toEqual({ total: 0, totalCapped: false, list: [] });
  });

  it('the shop filter offers the caller’s own shops only', async () => {
    const mine = envelope<{ id: number; name: string }[]>(await call(t.app, { url: '/api/b2/orders/shopOptions', session: seller }));
    expect(mine.data.map((s) => s.id).sort()).toEqual(expect.arrayContaining([taobaoShop, pddShop]));
    expect(mine.data.map((s) => s.id)).not.toContain(otherShop);
  });

  it('a purchaser may not read shop orders (403)', async () => {
    const purchaser = await login(t.app, 'demo_purchaser');
    expect((await call(t.app, { method: 'POST', url: '/api/b2/orders/page', session: purchaser, payload: {} })).statusCode).toBe(403);
  });
});

describe('status counts (the list’s status tabs)', () => {
  const counts = async (body: Record<string, unknown> = {}, s: Session = seller) =>
    envelope<{ status: string; count: number; capped: boolean }[]>(
      await call(t.app, { method: 'POST', url: '/api/b2/orders/statusCounts', session: s, payload: body }),
    );
  const asMap = (list: { status: string; count: number }[]) => Object.fromEntries(list.map((c) => [c.status, c.count]));

  it('counts each status with the other filters, ignoring the body’s status', async () => {
    const all = await counts();
    expect(all.errorCode).toBe(0);
    expect(asMap(all.data)).toEqual({ WAIT_BUYER_PAY: 1, WAIT_SELLER_SEND: 4, SELLER_CONSIGNED_PART: 0, WAIT_BUYER_CONFIRM: 0, FINISHED: 1, CLOSED: 0 });
    expect(all.data.every((c) => c.capped === false)).toBe(true);
    // The same numbers as the list's total under each status.
    for (const c of all.data) expect((await page({ status: c.status })).data.total).toBe(c.count);
    expect(asMap((await counts({ channel: 'PDD', status: 'FINISHED' })).data)).toMatchObject({ WAIT_SELLER_SEND: 1, FINISHED: 0 });
  });

  it('bad input: a Chinese message', async () => {
    const res = await counts({ phoneTail: '12a4' });
    expect(res.errorCode).toBe(400);
    expect(res.errorMsg).toMatch(/手机尾号必须是4位数字/);
  });

  it('tenant isolation: another seller’s shop counts nothing, a purchaser is refused', async () => {
    expect((await counts({ shopId: otherShop })).data.every((c) => c.count === 0)).toBe(true);
    expect(asMap((await counts({}, other)).data).WAIT_SELLER_SEND).toBe(1);
    const purchaser = await login(t.app, 'demo_purchaser');
    expect((await call(t.app, { method: 'POST', url: '/api/b2/orders/statusCounts', session: purchaser, payload: {} })).statusCode).toBe(403);
  });
});
