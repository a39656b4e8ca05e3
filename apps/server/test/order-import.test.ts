/**
 * Order import end to end on the real migrations: each marketplace layout recognized by its
 * headers (Taobao .xlsx with and without its 宝贝报表, PDD GBK .csv, Douyin .csv), the preview with
 * Chinese reasons, the import through upsertShopOrders, the same file twice without duplicates,
 * cancel, history and downloads. Template, .xls and column mapping: order-import-formats.test.ts.
 */
import { type ImportRowView, maskPhone } from '@dropship/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sideBySide } from '../src/db/client.js';
import { inTransaction } from '../src/db/transaction.js';
import { plainReceiverOf } from '../src/lib/receiver-vault/index.js';
import { parseThread } from '../src/modules/order-import/parse-thread.js';
import { shopOrderItems, shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import {
  csv,
  DOUYIN_HEADERS,
  douyinRow,
  PDD_HEADERS,
  pddRow,
  sampleOrder,
  TAOBAO_DETAIL_HEADERS,
  TAOBAO_HEADERS,
  taobaoRow,
  xlsx,
} from './order-import-fixtures.js';
import { BASE, confirmAndRun, inspect, shopIdOf, storedRowTexts, toPreview, upload, waitWhile } from './order-import-support.js';
import { call, envelope } from './support.js';

let t: TestApp;
let seller: Session;
let taobaoShop: number;
let pddShop: number;
let douyinShop: number;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  taobaoShop = await shopIdOf(t, seller, 'TAOBAO');
  pddShop = await shopIdOf(t, seller, 'PDD');
  douyinShop = await shopIdOf(t, seller, 'TIKTOK');
});
afterAll(() => t?.close());

/** The shop's orders imported by a job (the demo data holds others). */
/** The imported orders, each with its receiver opened (stored masked, the plain one sealed). */
const ordersOf = async (shopId: number) =>
  (
    await t.database.db
      .select()
      .from(shopOrders)
      .where(and(eq(shopOrders.shopId, shopId), isNotNull(shopOrders.importJobId)))
  ).map((o) => {
    const plain = plainReceiverOf(o);
    return { ...o, receiverName: plain.name, receiverPhone: plain.phone, receiverAddress: plain.address };
  });
const rows = (n: number, from: number, prefix: string) => Array.from({ length: n }, (_, i) => sampleOrder(from + i, prefix));

describe('Taobao/Qianniu 订单报表 (.xlsx)', () => {
  const good = rows(4, 0, 'TB');
  let file: Buffer;
  beforeAll(async () => {
    const bad = [
      taobaoRow({ ...sampleOrder(10, 'TB'), name: '' }),
      taobaoRow({ ...sampleOrder(11, 'TB'), phone: '12345' }),
      taobaoRow({ ...sampleOrder(12, 'TB'), area: ['火星省', '奥林匹斯市', '山区'] }),
    ];
    file = await xlsx(TAOBAO_HEADERS, [...good.map((o) => taobaoRow(o)), ...bad]);
  });

  it('is recognized by its headers, with the shop name to preselect', async () => {
    const r = await inspect(t, seller, file, 'ExportOrderList202406.xlsx');
    expect(r.errorCode).toBe(0);
    expect(r.data).toMatchObject({ format: 'xlsx', layout: 'TAOBAO', channel: 'TAOBAO', shopName: '小美女装旗舰店' });
    expect((r.data.mapping as Record<string, string>).fullAddress).toBe('收货地址');
  });

  it('previews every row with Chinese reasons for the bad ones, then imports the good ones', async () => {
    const preview = await toPreview(t, seller, { file, name: '订单报表.xlsx', shopId: taobaoShop });
    expect(preview).toMatchObject({ status: 'PREVIEW', layout: 'TAOBAO', totalRows: 7, errorRows: 3, total: 7, validOrders: 4, failed: 3 });
    expect(preview.errors).toEqual([
      { row: 6, message: '缺少收货人' },
      { row: 7, message: '手机号“12345”格式不正确' },
      { row: 8, message: '无法从收货地址“火星省 奥林匹斯市 山区 文三路13号13幢(310000)”识别省市区，请核对地址' },
    ]);

    const page = envelope<{ total: number; list: { row: number; receiverName: string; receiverPhone: string; area: string; error: string | null }[] }>(
      await call(t.app, { method: 'POST', url: `${BASE}/${preview.id}/rows`, session: seller, payload: { pageNo: 1, pageSize: 2 } }),
    );
    expect(page.data.total).toBe(7);
    expect(page.data.list[0]).toMatchObject({ row: 2, receiverName: '张*', receiverPhone: '138****0000', area: '浙江省 杭州市 西湖区', error: null });
    const errorsOnly = envelope<{ total: number; list: { row: number }[] }>(
      await call(t.app, { method: 'POST', url: `${BASE}/${preview.id}/rows`, session: seller, payload: { errorsOnly: true } }),
    );
    expect(errorsOnly.data.list.map((r) => r.row)).toEqual([6, 7, 8]);

    const done = await confirmAndRun(t, seller, preview.id);
    expect(done).toMatchObject({ status: 'DONE', total: 7, imported: 4, updated: 0, skipped: 0, failed: 3, percent: 100 });
    const stored = await ordersOf(taobaoShop);
    expect(stored).toHaveLength(4);
    const first = stored.find((o) => o.platformOrderId === good[0]!.orderNo)!;
    expect(first).toMatchObject({
      channel: 'TAOBAO',
      source: 'IMPORT',
      importJobId: preview.id,
      status: 'WAIT_SELLER_SEND',
      platformStatus: '买家已付款，等待卖家发货',
      buyerNick: `tb_${good[0]!.orderNo.slice(-6)}`,
      receiverName: '张伟',
      receiverPhone: good[0]!.phone,
      receiverProvince: '浙江省',
      receiverCity: '杭州市',
      receiverDistrict: '西湖区',
      receiverAddress: good[0]!.street,
      paymentFen: 3990,
    });
    // Paid 2024-06-01 00:15 Beijing time.
    expect(first.paidAt?.toISOString()).toBe('2024-05-31T16:15:00.000Z');
    const beijing = stored.find((o) => o.platformOrderId === good[2]!.orderNo)!;
    expect([beijing.receiverProvince, beijing.receiverCity, beijing.receiverDistrict]).toEqual(['北京市', '北京市', '朝阳区']);
    const items = await t.database.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, first.id));
    expect(items).toEqual([expect.objectContaining({ title: good[0]!.title, quantity: 1, priceFen: 3990, paymentFen: 3990 })]);
  });

  it('the same file again creates no duplicates: every order is updated in place', async () => {
    const before = await ordersOf(taobaoShop);
    const preview = await toPreview(t, seller, { file, name: '订单报表.xlsx', shopId: taobaoShop });
    const done = await confirmAndRun(t, seller, preview.id);
    expect(done).toMatchObject({ status: 'DONE', imported: 0, updated: 4, skipped: 0, failed: 3 });
    const after = await ordersOf(taobaoShop);
    expect(after.map((o) => o.id).sort()).toEqual(before.map((o) => o.id).sort());
    // The order keeps the job that created it.
    expect(new Set(after.map((o) => o.importJobId)).size).toBe(1);
    // Nothing in the file changed, so nothing was rewritten (the upsert skips identical rows).
    const stamp = (os: typeof before) => Object.fromEntries(os.map((o) => [o.id, o.updatedAt.toISOString()]));
    expect(stamp(after)).toEqual(stamp(before));
  });

  it('a corrected file with the same times rewrites only the orders that changed', async () => {
    const before = await ordersOf(taobaoShop);
    const fixed = { ...good[1]!, street: '文一西路969号' };
    const changed = await xlsx(TAOBAO_HEADERS, [taobaoRow(good[0]!), taobaoRow(fixed)]);
    const preview = await toPreview(t, seller, { file: changed, name: '订单报表-改.xlsx', shopId: taobaoShop });
    expect(await confirmAndRun(t, seller, preview.id)).toMatchObject({ status: 'DONE', imported: 0, updated: 2, skipped: 0, failed: 0 });
    const after = await ordersOf(taobaoShop);
    const byNo = (os: typeof before, no: string) => os.find((o) => o.platformOrderId === no)!;
    expect(byNo(after, fixed.orderNo).receiverAddress).toBe('文一西路969号');
    expect(byNo(after, fixed.orderNo).updatedAt.getTime()).toBeGreaterThan(byNo(before, fixed.orderNo).updatedAt.getTime());
    expect(byNo(after, good[0]!.orderNo).updatedAt).toEqual(byNo(before, good[0]!.orderNo).updatedAt);
    expect(after).toHaveLength(before.length);
  });

  it('takes the lines from the 宝贝报表 when it is uploaded too', async () => {
    const o = sampleOrder(50, 'TD');
    const main = await xlsx(TAOBAO_HEADERS, [taobaoRow(o)]);
    const detail = await xlsx(
      TAOBAO_DETAIL_HEADERS,
      [
        [o.orderNo, '法式碎花连衣裙', '89.00', '1', '', '颜色分类:杏色;尺码:M', '', '', '买家已付款，等待卖家发货', 'DRESS-01-M'],
        [o.orderNo, '百搭针织开衫', '59.50', '2', '', '颜色分类:白色;尺码:均码', '', '', '买家已付款，等待卖家发货', 'KNIT-02'],
      ],
      '宝贝报表',
    );
    const preview = await toPreview(t, seller, { file: main, name: '订单报表.xlsx', shopId: taobaoShop, detail: { file: detail, name: '宝贝报表.xlsx' } });
    expect(preview).toMatchObject({ status: 'PREVIEW', validOrders: 1 });
    await confirmAndRun(t, seller, preview.id);
    const [order] = await t.database.db
      .select()
      .from(shopOrders)
      .where(and(eq(shopOrders.shopId, taobaoShop), eq(shopOrders.platformOrderId, o.orderNo)));
    const items = await t.database.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, order!.id));
    expect(items.map((i) => [i.title, i.spec, i.outerSkuCode, i.quantity, i.priceFen]).sort((a, b) => Number(a[3]) - Number(b[3]))).toEqual([
      ['法式碎花连衣裙', '颜色分类:杏色;尺码:M', 'DRESS-01-M', 1, 8900],
      ['百搭针织开衫', '颜色分类:白色;尺码:均码', 'KNIT-02', 2, 5950],
    ]);
  });

  it('keeps Chinese text whole across the chunk boundaries of the reader (exceljs#2084)', async () => {
    const big = await xlsx(
      TAOBAO_HEADERS,
      rows(3000, 1000, 'CK').map((o) => taobaoRow(o)),
    );
    const preview = await toPreview(t, seller, { file: big, name: '大订单报表.xlsx', shopId: taobaoShop });
    expect(preview).toMatchObject({ totalRows: 3000, errorRows: 0 });
    const texts = await storedRowTexts(t, preview.id);
    expect(texts).toHaveLength(3000);
    expect(texts.filter((x) => x.includes('\uFFFD'))).toEqual([]);
    expect(texts.filter((x) => x.includes('法式碎花连衣裙')).length).toBeGreaterThan(0);
    expect(envelope(await call(t.app, { method: 'POST', url: `${BASE}/${preview.id}/cancel`, session: seller })).errorCode).toBe(0);
  });

  it('refuses a 宝贝报表 uploaded alone, saying which file to upload', async () => {
    const detail = await xlsx(TAOBAO_DETAIL_HEADERS, [['1', '标题', '1.00', '1', '', '', '', '', '', '']]);
    const r = await upload(t, seller, { file: detail, name: '宝贝报表.xlsx', shopId: taobaoShop });
    expect(r).toMatchObject({ errorCode: 14111 });
    expect(r.errorMsg).toContain('订单报表');
  });
});

describe('a file of 5,000 orders', () => {
  it('is written from its stored pages on the parse thread, an order whose rows are apart gathered whole, and its preview paged', async () => {
    const many = rows(5_000, 20_000, 'BIG');
    // Order 10's second line comes last in the file: its rows are apart.
    const file = csv(TAOBAO_HEADERS, [...many.map((o) => taobaoRow(o)), taobaoRow({ ...many[10]!, title: '另一件' })], 'gbk');
    const preview = await toPreview(t, seller, { file, name: '五千单.csv', shopId: taobaoShop });
    expect(preview).toMatchObject({ totalRows: 5_001, errorRows: 0, total: 5_000, validOrders: 5_000 });
    // A page of the list across two stored pages of 500 rows: data rows 991–1,020 (page_no 1 and 2).
    const page = envelope<{ total: number; list: ImportRowView[] }>(
      await call(t.app, { method: 'POST', url: `${BASE}/${preview.id}/rows`, session: seller, payload: { pageNo: 34, pageSize: 30 } }),
    );
    expect(page.data.total).toBe(5_001);
    expect(page.data.list.map((r) => r.row)).toEqual(Array.from({ length: 30 }, (_, i) => 990 + i + 2));
    expect(page.data.list[0]).toMatchObject({ orderNo: many[990]!.orderNo, receiverPhone: maskPhone(many[990]!.phone), error: null });
    // Its 10 batches are written one at a time on PGlite, two at once on a PostgreSQL pool (never inside a transaction).
    expect(sideBySide(t.database.db)).toBe(t.database.kind === 'postgres' ? Number(process.env.DB_POOL_SIZE ?? 10) : 1);
    expect(await inTransaction(t.database.db, async (tx) => sideBySide(tx))).toBe(1);
    const done = await confirmAndRun(t, seller, preview.id);
    expect(done).toMatchObject({ status: 'DONE', imported: 5_000, failed: 0, percent: 100 });
    const stored = (await ordersOf(taobaoShop)).filter((o) => o.importJobId === preview.id);
    expect(stored).toHaveLength(5_000);
    const last = stored.find((o) => o.platformOrderId === many[4_999]!.orderNo)!;
    expect(last).toMatchObject({ receiverPhone: many[4_999]!.phone, receiverAddress: many[4_999]!.street, receiverPhoneTail: many[4_999]!.phone.slice(-4) });
    const lines = await t.database.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, last.id));
    expect(lines.map((l) => l.title)).toEqual([many[4_999]!.title]);
    const split = stored.find((o) => o.platformOrderId === many[10]!.orderNo)!;
    const splitLines = await t.database.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, split.id));
    expect(splitLines.map((l) => l.title).sort()).toEqual([many[10]!.title, '另一件'].sort());
    // The thread let go of the import at its end.
    expect(parseThread.openCount).toBe(0);
  });
});

describe('PDD and Douyin exports', () => {
  it('PDD 订单导出 as GBK .csv into the PDD shop', async () => {
    const orders = rows(3, 100, 'PD');
    const r = await inspect(t, seller, csv(PDD_HEADERS, orders.map(pddRow)), 'pdd.csv');
    expect(r.data).toMatchObject({ format: 'csv', encoding: 'GB18030', layout: 'PDD', channel: 'PDD' });
    const preview = await toPreview(t, seller, { file: csv(PDD_HEADERS, orders.map(pddRow)), name: '拼多多订单.csv', shopId: pddShop });
    expect(preview).toMatchObject({ layout: 'PDD', validOrders: 3, errorRows: 0, fileName: '拼多多订单.csv' });
    expect(await confirmAndRun(t, seller, preview.id)).toMatchObject({ status: 'DONE', imported: 3 });
    const stored = await ordersOf(pddShop);
    const o = orders[1]!;
    const one = stored.find((x) => x.platformOrderId === o.orderNo)!;
    expect(o.area).toEqual(['湖北省', '武汉市', '洪山区']);
    expect(one).toMatchObject({ channel: 'PDD', receiverProvince: '湖北省', receiverCity: '武汉市', receiverDistrict: '洪山区', status: 'WAIT_SELLER_SEND' });
    const [item] = await t.database.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, one.id));
    // sampleOrder(101): 3 pieces at 69.90.
    expect(item).toMatchObject({ spec: o.spec, outerSkuCode: o.outerCode, quantity: 3, priceFen: 6990, paymentFen: 20970 });
  });

  it('Douyin .csv (UTF-8 with BOM): sub-orders of one main order become one order with two lines', async () => {
    const a = sampleOrder(200, 'DY');
    const second = { ...a, title: '复古小皮鞋', spec: '颜色:黑色;尺码:38', outerCode: 'SHOE-38', quantity: 1, priceYuan: '129.00' };
    const b = sampleOrder(201, 'DY');
    const file = csv(DOUYIN_HEADERS, [douyinRow(a, 1), douyinRow(second, 2), douyinRow(b, 1)], 'utf8bom');
    const preview = await toPreview(t, seller, { file, name: '抖店订单.csv', shopId: douyinShop });
    expect(preview).toMatchObject({ layout: 'TIKTOK', totalRows: 3, total: 2, validOrders: 2 });
    await confirmAndRun(t, seller, preview.id);
    const [order] = await t.database.db
      .select()
      .from(shopOrders)
      .where(and(eq(shopOrders.shopId, douyinShop), eq(shopOrders.platformOrderId, a.orderNo)));
    const items = await t.database.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, order!.id));
    expect(items.map((i) => i.platformItemId).sort()).toEqual([`${a.orderNo}-1`, `${a.orderNo}-2`]);
    // sampleOrder(200): 3 × 79.90, plus the second line's 129.00.
    expect(order!.paymentFen).toBe(3 * 7990 + 12900);
  });

  it('a PDD file is refused for the Taobao shop and accepted by an OTHER shop', async () => {
    const file = csv(PDD_HEADERS, rows(1, 300, 'PX').map(pddRow));
    const r = await upload(t, seller, { file, name: 'pdd.csv', shopId: taobaoShop });
    expect(r.errorCode).toBe(14108);
    expect(r.errorMsg).toBe('文件是拼多多的订单，所选店铺“小美女装旗舰店”是淘宝/天猫店铺，请选择拼多多店铺或“其他”平台的店铺');
    const [other] = await t.database.db
      .insert(shops)
      .values({ orgId: (await t.database.db.select().from(shops).where(eq(shops.id, taobaoShop)))[0]!.orgId, channel: 'OTHER', name: '线下批发' })
      .returning({ id: shops.id });
    const preview = await toPreview(t, seller, { file, name: 'pdd.csv', shopId: other!.id });
    expect(await confirmAndRun(t, seller, preview.id)).toMatchObject({ status: 'DONE', imported: 1 });
  });
});

describe('cancel, history and downloads', () => {
  it('a cancelled preview keeps no rows and cannot be confirmed', async () => {
    const preview = await toPreview(t, seller, { file: csv(PDD_HEADERS, rows(2, 400, 'PC').map(pddRow)), name: 'c.csv', shopId: pddShop });
    expect(envelope(await call(t.app, { method: 'POST', url: `${BASE}/${preview.id}/cancel`, session: seller })).errorCode).toBe(0);
    const job = await waitWhile(t, seller, preview.id, 'PREVIEW');
    expect(job.status).toBe('CANCELLED');
    const confirm = envelope(await call(t.app, { method: 'POST', url: `${BASE}/${preview.id}/confirm`, session: seller }));
    expect(confirm).toMatchObject({ errorCode: 12002, errorMsg: '该导入任务已取消，请重新上传文件' });
    const page = envelope<{ total: number }>(await call(t.app, { method: 'POST', url: `${BASE}/${preview.id}/rows`, session: seller, payload: {} }));
    expect(page.data.total).toBe(0);
  });

  it('lists the history newest first, filters it, and exports it and the bad rows as Excel', async () => {
    const h = envelope<{ total: number; list: { id: number; fileName: string; status: string; userName: string; errorRows: number }[] }>(
      await call(t.app, { method: 'POST', url: `${BASE}/page`, session: seller, payload: { pageNo: 1, pageSize: 50 } }),
    );
    expect(h.data.total).toBeGreaterThanOrEqual(8);
    const ids = h.data.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(h.data.list.every((r) => r.userName === 'demo_seller')).toBe(true);
    const cancelled = envelope<{ total: number }>(
      await call(t.app, { method: 'POST', url: `${BASE}/page`, session: seller, payload: { status: 'CANCELLED' } }),
    );
    expect(cancelled.data.total).toBe(2);

    const exp = await call(t.app, { method: 'POST', url: `${BASE}/page/export`, session: seller, payload: {} });
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(h.data.total + 1);

    const withErrors = h.data.list.find((r) => r.fileName === '订单报表.xlsx' && r.errorRows === 3)!;
    const errs = await call(t.app, { url: `${BASE}/${withErrors.id}/errors/export`, session: seller });
    const eb = new ExcelJS.Workbook();
    await eb.xlsx.load(errs.rawPayload as unknown as ArrayBuffer);
    const sheet = eb.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(3).value).toBe('缺少收货人');
  });
});

describe('keeping previews', () => {
  it('a preview left unconfirmed past 30 days is FAILED and cleared at the next upload, and cannot be confirmed', async () => {
    const old = await toPreview(t, seller, { file: csv(PDD_HEADERS, rows(2, 600, 'OLD').map(pddRow)), name: 'old.csv', shopId: pddShop });
    await t.database.db.execute(sql`update order_import_jobs set created_at = now() - interval '31 days' where id = ${old.id}`);
    // Any upload purges: this one is the seller's next file.
    await toPreview(t, seller, { file: csv(PDD_HEADERS, rows(1, 700, 'NEW').map(pddRow)), name: 'new.csv', shopId: pddShop });
    const job = await waitWhile(t, seller, old.id, 'PREVIEW');
    expect(job).toMatchObject({ status: 'FAILED', message: '预览已超过30天未确认，已清理，请重新上传文件' });
    const page = envelope<{ total: number }>(await call(t.app, { method: 'POST', url: `${BASE}/${old.id}/rows`, session: seller, payload: {} }));
    expect(page.data.total).toBe(0);
    const confirm = envelope(await call(t.app, { method: 'POST', url: `${BASE}/${old.id}/confirm`, session: seller }));
    expect(confirm).toMatchObject({ errorCode: 12002, errorMsg: '该导入任务已失败，请重新上传文件' });
  });
});
