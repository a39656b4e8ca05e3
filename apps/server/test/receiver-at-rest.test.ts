/**
 * "The data directory holds no plain receiver phone": a server on a PGlite data directory on disk
 * (RECEIVER_KEYS unset, so the key file is generated there too) takes receivers by every path that
 * brings a plain one — typed by the seller and changed later, an imported file, a Weidian sync from
 * the marketplace emulator, the seller's corrected receiver, a Taobao receiver the platform decrypted
 * for a 快递100 waybill (its label) — then the database is closed and every
 * file under the directory is searched for the phone digits and the names. Lists, exports and the
 * log show them masked; the seller's own detail opens the sealed receiver.
 * PGlite only: the PostgreSQL pass has no data directory of ours to search.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { KEY_FILE, useReceiverKeys } from '../src/lib/receiver-vault/index.js';
import { seedDemo } from '../src/modules/demo/seed.js';
import { customGoods } from '../src/modules/goods/goods.table.js';
import { openPage } from '../src/modules/order-import/preview-receiver.js';
import { shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { callers, fund, orgOf } from './funds-payments-support.js';
import { login, migratedDump, type Session, type TestApp } from './helpers.js';
import { csv, sampleOrder, TAOBAO_HEADERS, taobaoRow } from './order-import-fixtures.js';
import { confirmAndRun, shopIdOf, toPreview } from './order-import-support.js';
import { TEST_RECEIVER_KEYS } from './receiver-keys.js';
import { addOAuthShop } from './shops-support.js';
import { call, envelope } from './support.js';
import { paidPlatformOrder, tookAll, WAREHOUSE, type WarehouseWorld } from './warehouse-support.js';

// Distinctive values found nowhere else (the demo seed, the fixtures).
const R = {
  typed: { name: '司马懿然', phone: '13955501001' },
  changed: { name: '诸葛青禾', phone: '13955501002' },
  imported: { name: '欧阳晴川', phone: '13955501003' },
  weidian: { name: '上官墨羽', phone: '13955501004' },
  erp: { name: '慕容青岚', phone: '13955501006' },
  corrected: { name: '东方未央', phone: '13955501005' },
};
const AREA = { province: '浙江省', city: '杭州市', district: '西湖区' };
/** Phones the platform decrypted to ship (the emulator generates them): searched for like the others. */
const decryptedPhones: string[] = [];
const STREET = '紫金港路七七九号翠竹苑';

const onPg = !!process.env.TEST_DATABASE_URL;
let dir: string;
let t: TestApp;
let seller: Session;
const logs: string[] = [];

beforeAll(async () => {
  if (onPg) return;
  dir = mkdtempSync(path.join(os.tmpdir(), 'daifa-receivers-'));
  const config = loadConfig({ DATA_DIR: dir, CAPTCHA_DISABLED: '1', RECEIVER_KEYS: '' });
  // The run's migrated dump unpacked into the directory: the migrations find nothing to do.
  const database = await openDatabase({ dataDir: config.dataDir, loadDataDir: migratedDump() });
  useReceiverKeys(config);
  await seedDemo(database.db);
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ db: database.db, database, config }, { level: 'debug', stream });
  await app.ready();
  t = { app, database, config, close: async () => {} };
  seller = await login(t.app, 'demo_seller');
}, 240_000);
afterAll(async () => {
  if (onPg) return;
  // The worker's next test files seal and open with the run's key (their starting points were sealed with it).
  useReceiverKeys({ receiverKeys: TEST_RECEIVER_KEYS, receiverKeyDir: '', production: false });
  await t?.app.close();
  await t?.database.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

const post = async <T>(url: string, payload: Record<string, unknown>) => envelope<T>(await call(t.app, { method: 'POST', url, session: seller, payload }));
const get = async <T>(url: string) => envelope<T>(await call(t.app, { url, session: seller }));

function filesUnder(d: string): string[] {
  return readdirSync(d).flatMap((f) => {
    const p = path.join(d, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe.skipIf(onPg)('plain receivers at rest', () => {
  let manualId = 0;

  it('typed by the seller (手工下单), then changed: stored masked and sealed; the list masks, the detail opens', async () => {
    const orgId = (await queryRows<{ org_id: number }>(t.database.db, sql`select org_id from users where username = 'demo_seller'`))[0]!.org_id;
    const [g] = await t.database.db.insert(customGoods).values({ orgId, name: '手工毛衣', artNo: 'H001', color: '白', size: 'L', costFen: 3000 }).returning();
    const made = await post<{ orders: { id: number }[] }>('/api/b2/post/orders/create', {
      orders: [{ items: [{ customGoodsId: g!.id, quantity: 1 }], receiver: { ...R.typed, ...AREA, address: STREET }, expressCode: 'YTO' }],
    });
    expect(made.errorCode, made.errorMsg).toBe(0);
    manualId = made.data.orders[0]!.id;
    const [row] = await queryRows<Record<string, string>>(t.database.db, sql`select * from dropship_orders where id = ${manualId}`);
    expect(row).toMatchObject({ receiver_name: '司**然', receiver_phone: '139****1001', receiver_phone_tail: '1001', receiver_address: '紫金港****' });
    expect(row?.receiver_sealed).toMatch(/^k1\./);
    expect(row?.receiver_key).toBeTruthy();

    const list = await post<{ list: { id: number; receiverName: string; receiverPhone: string }[] }>('/api/b2/post/orders/page', { pageNo: 1, pageSize: 10 });
    expect(list.data.list.find((o) => o.id === manualId)).toMatchObject({ receiverName: '司**然', receiverPhone: '139****1001' });
    const detail = await get<Record<string, string>>(`/api/b2/post/orders/detail/${manualId}`);
    expect(detail.data).toMatchObject({ receiverName: R.typed.name, receiverPhone: R.typed.phone, receiverAddress: STREET });

    const changed = await post('/api/b2/post/orders/update/receivingInfo', { id: manualId, receiver: { ...R.changed, ...AREA, address: STREET } });
    expect(changed.errorCode, changed.errorMsg).toBe(0);
    const again = await get<Record<string, string>>(`/api/b2/post/orders/detail/${manualId}`);
    expect(again.data).toMatchObject({ receiverName: R.changed.name, receiverPhone: R.changed.phone });
  });

  it('imported from a file: the stored pages are sealed, the preview and the shop order are masked', async () => {
    const shopId = await shopIdOf(t, seller, 'TAOBAO');
    const o = { ...sampleOrder(7, 'RX'), ...R.imported, area: ['浙江省', '杭州市', '西湖区'] as [string, string, string], street: STREET };
    const job = await toPreview(t, seller, { file: csv(TAOBAO_HEADERS, [taobaoRow(o)]), name: 'orders.csv', shopId });
    const rows = await post<{ list: { receiverName: string; receiverPhone: string; address: string }[] }>(`/api/b2/orders/import/${job.id}/rows`, {});
    expect(rows.errorCode, rows.errorMsg).toBe(0);
    expect(rows.data.list[0]).toMatchObject({ receiverName: '欧**川', receiverPhone: '139****1003', address: '紫金港****' });
    // The stored page is sealed whole (on the parse thread); opened, it holds the receiver as read.
    const [staged] = await queryRows<{ rows: string }>(t.database.db, sql`select rows from order_import_pages where job_id = ${job.id}`);
    expect(staged!.rows).toMatch(/^z:k1\./);
    expect(staged!.rows).not.toContain(R.imported.phone);
    expect(openPage(staged!.rows)[0]?.data).toMatchObject({ receiverName: R.imported.name, receiverPhone: R.imported.phone });
    expect((await confirmAndRun(t, seller, job.id)).status).toBe('DONE');
    const [so] = await t.database.db.select().from(shopOrders).where(eq(shopOrders.platformOrderId, o.orderNo));
    expect(so).toMatchObject({ receiverName: '欧**川', receiverPhone: '139****1003', receiverPhoneTail: '1003' });
    expect(so?.receiverSealed).toMatch(/^k1\./);
  });

  it('synced from Weidian (plain receivers) and corrected by the seller: stored masked and sealed', async () => {
    const shopId = await addOAuthShop(t.app, seller, 'WEIDIAN', '微店收货人测试');
    const emu = await t.app.channels.emulator();
    const [platformShopId] = (await queryRows<{ p: string }>(t.database.db, sql`select platform_shop_id as p from shops where id = ${shopId}`)).map((r) => r.p);
    const core = emu.core('WEIDIAN');
    // One waiting to be shipped with nothing refunded, so the seller may still correct its receiver.
    const order = core.addOrders(platformShopId!, 20, 60_000).find((o) => o.status === 'WAIT_SELLER_SEND' && o.items.every((i) => i.refundState === 'NONE'));
    expect(order).toBeDefined();
    core.modifyOrder(order!.platformOrderId, { receiver: { ...order!.receiver, ...R.weidian, encrypted: false } });
    await t.app.jobs.runDue();
    expect((await post('/api/b2/shops/sync', { id: shopId })).errorCode).toBe(0);
    await t.app.jobs.runDue();
    const [so] = await t.database.db.select().from(shopOrders).where(eq(shopOrders.platformOrderId, order!.platformOrderId));
    expect(so).toMatchObject({ receiverName: '上**羽', receiverPhone: '139****1004', receiverEncrypted: false });
    expect(so?.receiverSealed).toMatch(/^k1\./);
    const detail = await get<Record<string, string>>(`/api/b2/orders/${so!.id}`);
    expect(detail.data).toMatchObject({ receiverName: R.weidian.name, receiverPhone: R.weidian.phone });

    const fixed = await post('/api/b2/orders/abnormal/updateAddress', {
      shopOrderId: so!.id,
      receiverName: R.corrected.name,
      receiverPhone: R.corrected.phone,
      ...AREA,
      address: STREET,
    });
    expect(fixed.errorCode, fixed.errorMsg).toBe(0);
    const [after] = await t.database.db.select().from(shopOrders).where(eq(shopOrders.id, so!.id));
    expect(after).toMatchObject({ receiverName: '东**央', receiverPhone: '139****1005', receiverAddress: '紫金港****' });
    const page = await post<{ list: { id: number; receiverName: string; receiverPhone: string }[] }>('/api/b2/orders/page', { pageNo: 1, pageSize: 50 });
    expect(page.data.list.find((r) => r.id === so!.id)).toMatchObject({ receiverName: '东**央', receiverPhone: '139****1005' });
  });

  it('synced from an ERP (快麦, plain receivers): stored masked and sealed', async () => {
    const emu = await t.app.channels.emulator();
    const keys = emu.endpointFor('KM');
    const added = await post<{ id: number }>('/api/b2/shops/erp', {
      channel: 'KM',
      shopName: '快麦收货人测试',
      appKey: keys.appKey,
      appSecret: keys.appSecret,
    });
    expect(added.errorCode, added.errorMsg).toBe(0);
    await t.app.jobs.runDue();
    const [platformShopId] = (await queryRows<{ p: string }>(t.database.db, sql`select platform_shop_id as p from shops where id = ${added.data.id}`)).map(
      (r) => r.p,
    );
    const core = emu.core('KM');
    const [order] = core.addOrders(platformShopId!, 1, 60_000);
    core.modifyOrder(order!.platformOrderId, { receiver: { ...order!.receiver, ...R.erp, encrypted: false } });
    expect((await post('/api/b2/shops/sync', { id: added.data.id })).errorCode).toBe(0);
    await t.app.jobs.runDue();
    const [so] = await t.database.db.select().from(shopOrders).where(eq(shopOrders.platformOrderId, order!.platformOrderId));
    expect(so).toMatchObject({ receiverName: '慕**岚', receiverPhone: '139****1006' });
    expect(so?.receiverSealed).toMatch(/^k1\./);
  });

  it('every export shows the receivers masked', async () => {
    const sheets = [
      await call(t.app, { method: 'POST', url: '/api/b2/post/orders/export', session: seller, payload: {} }),
      await call(t.app, { method: 'POST', url: '/api/b2/orders/export', session: seller, payload: {} }),
      await call(t.app, { url: '/api/b2/orders/abnormal/export', session: seller }),
    ];
    const text: string[] = [];
    for (const res of sheets) {
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      wb.worksheets[0]?.eachRow((row) => {
        text.push((row.values as unknown[]).map((v) => String(v ?? '')).join('\t'));
      });
    }
    const all = text.join('\n');
    expect(all).toContain('139****1002');
    expect(all).toContain('139****1005');
    for (const r of Object.values(R)) {
      expect(all).not.toContain(r.phone);
      expect(all).not.toContain(r.name);
    }
    expect(all).not.toContain(STREET);
  });

  it('decrypted by the platform for a 快递100 waybill: the printed label has it, the stored label only sealed', async () => {
    const db = t.database.db;
    const purchaser = await login(t.app, 'demo_purchaser');
    const { get: wget, post: wpost } = callers(() => t);
    const w: WarehouseWorld = { t, seller, purchaser, sellerOrg: await orgOf(db, seller), purchaserOrg: await orgOf(db, purchaser), get: wget, post: wpost };
    await fund(db, w.sellerOrg, 1_000_000);
    expect((await wpost('/api/b2/purchaser/warehouse/setting', purchaser, WAREHOUSE)).errorCode).toBe(0);
    const shopId = await addOAuthShop(t.app, seller, 'TAOBAO', '淘宝解密面单测试');
    const emu = await t.app.channels.emulator();
    const [platformShopId] = (await queryRows<{ p: string }>(db, sql`select platform_shop_id as p from shops where id = ${shopId}`)).map((r) => r.p);
    const core = emu.core('TAOBAO');
    // As served (the receiver masked, its oaid), and as the platform knows it (the plain receiver it decrypts to).
    const order = core.addOrders(platformShopId!, 20, 60_000).find((o) => {
      const truth = core.orders.get(o.platformOrderId)?.order;
      return truth && core.canShip(truth) && o.status === 'WAIT_SELLER_SEND' && o.items.every((i) => i.refundState === 'NONE') && o.receiver.decryptHandle;
    });
    expect(order).toBeDefined();
    const placed = await paidPlatformOrder(w, shopId, order!, 'TAOBAO', { platformReceiver: true });
    await tookAll(db, placed.codes);
    expect((await wpost('/api/b2/purchaser/warehouse/waybillSources', purchaser, { shopId, source: 'KUAIDI100' })).errorCode).toBe(0);
    type Label = { receiverPhone: string; receiverAddress: string };
    let label: Label | undefined;
    for (const c of placed.codes) label = (await wpost<{ waybill?: Label }>('/api/b2/purchaser/warehouse/scan', purchaser, { takeCode: c })).data.waybill;
    const truth = core.orders.get(order!.platformOrderId)?.order.receiver;
    const phone = truth?.phone as string;
    expect(phone).toMatch(/^1\d{10}$/);
    expect(label?.receiverPhone.slice(-4)).toBe(phone.slice(-4));
    expect(label?.receiverAddress).toContain(truth?.address);
    const [kept] = await queryRows<{ label_sealed: boolean }>(db, sql`select label_sealed from waybills where order_id = ${placed.id}`);
    expect(kept?.label_sealed).toBe(true);
  });

  it('the log never holds a plain receiver; closed, no file of the data directory holds a phone or a name', async () => {
    const all = logs.join('');
    expect(all.length).toBeGreaterThan(0);
    for (const r of Object.values(R)) {
      expect(all).not.toContain(r.phone);
      expect(all).not.toContain(r.name);
    }
    await t.app.close();
    await t.database.close();
    const files = filesUnder(dir);
    expect(files.some((f) => f.endsWith(KEY_FILE))).toBe(true);
    const found: string[] = [];
    let masked = false;
    for (const f of files) {
      const bytes = readFileSync(f);
      if (bytes.includes('139****1001')) masked = true;
      for (const r of Object.values(R)) {
        if (bytes.includes(r.phone)) found.push(`${path.relative(dir, f)}: ${r.phone}`);
        if (bytes.includes(Buffer.from(r.name))) found.push(`${path.relative(dir, f)}: ${r.name}`);
      }
      if (bytes.includes(Buffer.from(STREET))) found.push(`${path.relative(dir, f)}: ${STREET}`);
      for (const p of decryptedPhones) if (bytes.includes(p)) found.push(`${path.relative(dir, f)}: ${p}`);
    }
    // The search reads what the database wrote: the masked phone is there in the clear.
    expect(masked).toBe(true);
    expect(found).toEqual([]);
  });
});
