/**
 * Order import across tenants and over time: another seller's job answers 12001 on every call
 * and its shops are refused; purchasers and the signed-out are turned away; one running job per
 * seller; a parse whose process died and an import whose queue job died become FAILED with a
 * Chinese reason; a retried import counts what it created exactly once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/auth/auth.table.js';
import { importPreview } from '../src/modules/order-import/import-stage.js';
import { failAbandonedJobs } from '../src/modules/order-import/order-import.runner.js';
import { orderImportJobs } from '../src/modules/order-import/order-import.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { csv, PDD_HEADERS, pddRow, sampleOrder } from './order-import-fixtures.js';
import { BASE, importCounts, jobOf, postParts, shopIdOf, toPreview, upload, waitWhile } from './order-import-support.js';
import { call, createSecondSeller, envelope, PASSWORD } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let tenant: Awaited<ReturnType<typeof createSecondSeller>>;
let pddShop: number;
let sellerOrg: number;
let jobId: number;

const file = (from: number, n = 2) =>
  csv(
    PDD_HEADERS,
    Array.from({ length: n }, (_, i) => pddRow(sampleOrder(from + i, 'I'))),
  );

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createSecondSeller(t.database.db, 'oi');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, tenant.username, PASSWORD);
  purchaser = await login(t.app, 'demo_purchaser');
  pddShop = await shopIdOf(t, seller, 'PDD');
  const [u] = await t.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, seller.userId));
  sellerOrg = u!.orgId;
  jobId = (await toPreview(t, seller, { file: file(0), name: '拼多多.csv', shopId: pddShop })).id;
});
afterAll(() => t?.close());

describe('tenant isolation', () => {
  it("another seller's job id answers 12001 on every call and changes nothing", async () => {
    const before = await importCounts(t);
    const calls = [
      call(t.app, { url: `${BASE}/${jobId}`, session: other }),
      call(t.app, { method: 'POST', url: `${BASE}/${jobId}/rows`, session: other, payload: {} }),
      call(t.app, { method: 'POST', url: `${BASE}/${jobId}/confirm`, session: other }),
      call(t.app, { method: 'POST', url: `${BASE}/${jobId}/cancel`, session: other }),
      call(t.app, { url: `${BASE}/${jobId}/errors/export`, session: other }),
    ];
    for (const res of await Promise.all(calls)) expect(envelope(res)).toMatchObject({ errorCode: 12001, errorMsg: '导入任务不存在' });
    expect(await importCounts(t)).toEqual(before);
    expect((await jobOf(t, seller, jobId)).data.status).toBe('PREVIEW');
  });

  it('lists only its own shops and history, and may not import into a shop of another seller', async () => {
    const shops = envelope<{ id: number }[]>(await call(t.app, { url: `${BASE}/shops`, session: other }));
    expect(shops.data.map((s) => s.id).sort()).toEqual([tenant.expiringShopId, tenant.redbookShopId].sort());
    const history = envelope<{ total: number }>(await call(t.app, { method: 'POST', url: `${BASE}/page`, session: other, payload: {} }));
    expect(history.data.total).toBe(0);
    const before = await importCounts(t);
    expect(await upload(t, other, { file: file(10), name: 'x.csv', shopId: pddShop })).toMatchObject({ errorCode: 12001, errorMsg: '店铺不存在' });
    expect(await upload(t, seller, { file: file(10), name: 'x.csv', shopId: tenant.expiringShopId })).toMatchObject({ errorCode: 12001 });
    expect(await importCounts(t)).toEqual(before);
  });

  it('a removed shop is neither offered nor imported into', async () => {
    expect(envelope(await call(t.app, { method: 'POST', url: '/api/b2/shops/remove', session: other, payload: { id: tenant.redbookShopId } })).errorCode).toBe(
      0,
    );
    const shops = envelope<{ id: number }[]>(await call(t.app, { url: `${BASE}/shops`, session: other }));
    expect(shops.data.map((s) => s.id)).toEqual([tenant.expiringShopId]);
    const before = await importCounts(t);
    expect(await upload(t, other, { file: file(30), name: 'x.csv', shopId: tenant.redbookShopId })).toMatchObject({ errorCode: 12001, errorMsg: '店铺不存在' });
    expect(await importCounts(t)).toEqual(before);
  });

  it('purchasers get 403, the signed-out 401, on the import calls', async () => {
    expect((await call(t.app, { url: `${BASE}/shops`, session: purchaser })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'POST', url: `${BASE}/page`, session: purchaser, payload: {} })).statusCode).toBe(403);
    const up = await postParts(t, BASE, purchaser, [{ name: 'file', value: file(20), filename: 'p.csv' }]);
    expect(up.statusCode).toBe(403);
    const anon = await t.app.inject({ url: `${BASE}/${jobId}` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ errorCode: 10000 });
    expect((await t.app.inject({ url: `${BASE}/template` })).statusCode).toBe(401);
  });
});

describe('one running job per seller, and none left running', () => {
  it('refuses a second upload while one is being parsed', async () => {
    const [row] = await t.database.db
      .insert(orderImportJobs)
      .values({
        orgId: sellerOrg,
        userId: seller.userId,
        shopId: pddShop,
        fileName: 'busy.csv',
        fileSize: 1,
        fileFormat: 'csv',
        layout: 'PDD',
        status: 'PARSING',
      })
      .returning();
    const before = await importCounts(t);
    expect(await upload(t, seller, { file: file(30), name: 'b.csv', shopId: pddShop })).toMatchObject({ errorCode: 14109 });
    expect(await importCounts(t)).toEqual(before);
    // The other seller is not held up by it.
    const template = csv(
      ['订单号', '收货人', '手机号', '省', '市', '区', '详细地址', '商品标题', '商家编码', '单价(元)'],
      [['O-1', '周杰', '13700001111', '浙江省', '杭州市', '西湖区', '文一路1号', '卫衣', 'W-1', '59']],
    );
    const theirs = await upload(t, other, { file: template, name: 'o.csv', shopId: tenant.expiringShopId });
    expect(theirs.errorCode).toBe(0);
    expect((await waitWhile(t, other, theirs.data.jobId)).status).toBe('PREVIEW');
    await t.database.db.delete(orderImportJobs).where(eq(orderImportJobs.id, row!.id));
  });

  it('a parse whose process stopped becomes FAILED (interrupted) once its heartbeat is stale', async () => {
    const [row] = await t.database.db
      .insert(orderImportJobs)
      .values({
        orgId: sellerOrg,
        userId: seller.userId,
        shopId: pddShop,
        fileName: 'dead.csv',
        fileSize: 1,
        fileFormat: 'csv',
        layout: 'PDD',
        status: 'PARSING',
      })
      .returning();
    expect((await jobOf(t, seller, row!.id)).data.status).toBe('PARSING');
    await t.database.db.execute(sql`update order_import_jobs set heartbeat_at = now() - interval '5 minutes' where id = ${row!.id}`);
    const job = (await jobOf(t, seller, row!.id)).data;
    expect(job).toMatchObject({ status: 'FAILED', message: '导入被中断（服务重启），已导入的订单已保存；请重新导入该文件，不会产生重复订单' });
  });

  it('at start-up with PGlite every parse left running is FAILED, whatever its heartbeat', async () => {
    const [row] = await t.database.db
      .insert(orderImportJobs)
      .values({
        orgId: sellerOrg,
        userId: seller.userId,
        shopId: pddShop,
        fileName: 'restart.csv',
        fileSize: 1,
        fileFormat: 'csv',
        layout: 'PDD',
        status: 'PARSING',
      })
      .returning();
    expect(await failAbandonedJobs(t.database.db, { all: false })).toBe(0);
    expect(await failAbandonedJobs(t.database.db, { all: true })).toBe(1);
    expect((await jobOf(t, seller, row!.id)).data.status).toBe('FAILED');
  });

  it('an import whose queue job is gone for good becomes FAILED', async () => {
    const [row] = await t.database.db
      .insert(orderImportJobs)
      .values({
        orgId: sellerOrg,
        userId: seller.userId,
        shopId: pddShop,
        fileName: 'lost.csv',
        fileSize: 1,
        fileFormat: 'csv',
        layout: 'PDD',
        status: 'IMPORTING',
        queueJobId: 987_654,
      })
      .returning();
    expect((await jobOf(t, seller, row!.id)).data).toMatchObject({ status: 'FAILED', message: expect.stringContaining('中断') });
  });

  it('a retried import (its process died mid-way) finishes with each order counted once', async () => {
    const c = envelope(await call(t.app, { method: 'POST', url: `${BASE}/${jobId}/confirm`, session: seller }));
    expect(c.errorCode).toBe(0);
    // As if the first attempt had written every batch and its process had died before DONE.
    const [j] = await t.database.db.select().from(orderImportJobs).where(eq(orderImportJobs.id, jobId));
    await importPreview(t.database.db, { jobId, orgId: sellerOrg, shopId: j!.shopId, channel: 'PDD', createdAt: j!.createdAt, totalRows: j!.totalRows });
    await t.database.db.execute(sql`update jobs set attempts = 1 where id = ${j!.queueJobId}`);
    await t.app.jobs.runDue();
    expect((await jobOf(t, seller, jobId)).data).toMatchObject({ status: 'DONE', imported: 2, updated: 0, skipped: 0, percent: 100 });
  });

  it('confirming twice is refused the second time', async () => {
    const r = envelope(await call(t.app, { method: 'POST', url: `${BASE}/${jobId}/confirm`, session: seller }));
    expect(r).toMatchObject({ errorCode: 12002, errorMsg: '该文件已导入完成；如需再次导入请重新上传' });
  });
});
