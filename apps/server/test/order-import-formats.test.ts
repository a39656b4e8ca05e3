/**
 * Order import of files that are no marketplace export: our template (downloaded, then imported
 * as it is), an .xls (BIFF8) in the template layout, and an unknown layout through the column
 * mapping, with a full address split into province, city and district.
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainReceiverOf } from '../src/lib/receiver-vault/index.js';
import { shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { csv, xls } from './order-import-fixtures.js';
import { BASE, confirmAndRun, inspect, shopIdOf, toPreview, upload } from './order-import-support.js';
import { call, envelope } from './support.js';

let t: TestApp;
let seller: Session;
let taobaoShop: number;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  taobaoShop = await shopIdOf(t, seller, 'TAOBAO');
});
afterAll(() => t?.close());

describe('template, .xls and column mapping', () => {
  it('the template downloads with our headers and an example row, and imports as it is', async () => {
    const res = await call(t.app, { url: `${BASE}/template`, session: seller });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('订单导入模板.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 7)).toEqual(['订单号', '收货人', '手机号', '省', '市', '区', '详细地址']);
    const preview = await toPreview(t, seller, { file: res.rawPayload, name: '订单导入模板.xlsx', shopId: taobaoShop });
    expect(preview).toMatchObject({ layout: 'TEMPLATE', validOrders: 1, errorRows: 0 });
  });

  it('reads an .xls (BIFF8) file in the template layout', async () => {
    const header = ['订单号', '收货人', '手机号', '省', '市', '区', '详细地址', '商品标题', '规格', '商家编码', '数量', '单价(元)'];
    const file = xls(header, [['X-1001', '赵敏', '13912345678', '湖北省', '仙桃市', '', '干河街道仙桃大道1号', '针织衫', '白色', 'KN-1', 2, '35.5']]);
    const preview = await toPreview(t, seller, { file, name: '订单.xls', shopId: taobaoShop });
    expect(preview).toMatchObject({ layout: 'TEMPLATE', validOrders: 1, errorRows: 0 });
    const page = envelope<{ list: { area: string; goods: string; paymentFen: number }[] }>(
      await call(t.app, { method: 'POST', url: `${BASE}/${preview.id}/rows`, session: seller, payload: {} }),
    );
    expect(page.data.list[0]).toMatchObject({ area: '湖北省 省直辖县 仙桃市', goods: '针织衫 白色 ×2', paymentFen: 7100 });
  });

  it('an unknown layout gets a suggested mapping, is refused without one, and imports with it (full address split)', async () => {
    const header = ['单号', '客户', '电话', '收件地址', '货品', '件数'];
    const file = csv(header, [['U-1', '孙丽', '15012345678', '广东省广州市天河区体育西路1号', '卫衣', '1']], 'utf8');
    const r = await inspect(t, seller, file, 'erp.csv');
    expect(r.data).toMatchObject({ layout: 'CUSTOM', channel: null, headers: header });
    expect(r.data.mapping).toEqual({ orderNo: '单号', receiverName: '客户', receiverPhone: '电话', fullAddress: '收件地址', title: '货品', quantity: '件数' });

    expect(await upload(t, seller, { file, name: 'erp.csv', shopId: taobaoShop })).toMatchObject({ errorCode: 14106 });
    const partial = await upload(t, seller, {
      file,
      name: 'erp.csv',
      shopId: taobaoShop,
      mapping: { orderNo: '单号', receiverPhone: '电话', fullAddress: '收件地址' },
    });
    expect(partial).toMatchObject({ errorCode: 14107, errorMsg: '列对应缺少：收货人，请为它们选择文件中的列' });
    const absent = await upload(t, seller, { file, name: 'erp.csv', shopId: taobaoShop, mapping: { orderNo: '订单编号' } });
    expect(absent).toMatchObject({ errorCode: 14107, errorMsg: '列对应中的“订单编号”列在文件中不存在，请重新选择' });

    const mapping = { orderNo: '单号', receiverName: '客户', receiverPhone: '电话', fullAddress: '收件地址', title: '货品', quantity: '件数' };
    const preview = await toPreview(t, seller, { file, name: 'erp.csv', shopId: taobaoShop, mapping });
    expect(preview).toMatchObject({ layout: 'CUSTOM', validOrders: 1, errorRows: 0 });
    await confirmAndRun(t, seller, preview.id);
    const [o] = await t.database.db.select().from(shopOrders).where(eq(shopOrders.platformOrderId, 'U-1'));
    expect(o).toMatchObject({ receiverProvince: '广东省', receiverCity: '广州市', receiverDistrict: '天河区' });
    // The street is stored masked, the plain receiver sealed.
    expect(plainReceiverOf(o!).address).toBe('体育西路1号');
  });
});
