/**
 * The receiver vault's upkeep on a real database (both): rows stored plain before the vault are
 * sealed and masked when the app starts, once; a rotation moves rows to the first key and old
 * rows stay readable meanwhile; the retention job erases sealed receivers RECEIVER_RETAIN_DAYS after
 * the order finished or was cancelled, and the seller's detail then shows the masked receiver.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { maskAddress, maskName, maskPhone } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/rows.js';
import { plainReceiverOf, receiverVault, sealReceiverColumns, useReceiverKeys } from '../src/lib/receiver-vault/index.js';
import { resealStaleReceivers, sealPlainReceivers } from '../src/lib/receiver-vault/upkeep.js';
import { lineReceiverOf } from '../src/modules/declarations/line-receiver.js';
import { RECEIVER_RETENTION_JOB } from '../src/modules/dropship-orders/receiver-upkeep.service.js';
import { customGoods } from '../src/modules/goods/goods.table.js';
import { SHOP_RECEIVER_RETENTION_JOB } from '../src/modules/shop-orders/receiver-retention.js';
import { line, RECEIVER_A, stallOf } from './declarations-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { csv, sampleOrder, TAOBAO_HEADERS, taobaoRow } from './order-import-fixtures.js';
import { shopIdOf, toPreview } from './order-import-support.js';
import { TEST_RECEIVER_KEYS } from './receiver-keys.js';
import { call, envelope } from './support.js';

let t: TestApp;
let seller: Session;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  // Four more orders typed by the seller (手工下单) beside the seed's.
  const orgId = (await queryRows<{ org_id: number }>(db(), sql`select org_id from users where username = 'demo_seller'`))[0]!.org_id;
  const [g] = await db().insert(customGoods).values({ orgId, name: '手工毛衣', artNo: 'H001', color: '白', size: 'L', costFen: 3000 }).returning();
  const receiver = { name: '林晓', phone: '13800138001', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路90号' };
  const made = envelope(
    await call(t.app, {
      method: 'POST',
      url: '/api/b2/post/orders/create',
      session: seller,
      payload: { orders: [1, 2, 3, 4].map(() => ({ items: [{ customGoodsId: g!.id, quantity: 1 }], receiver, expressCode: 'YTO' })) },
    }),
  );
  expect(made.errorCode, made.errorMsg).toBe(0);
});
afterAll(async () => {
  useReceiverKeys(t.config);
  await t?.close();
});

interface Row {
  id: number;
  receiver_name: string;
  receiver_phone: string;
  receiver_address: string;
  receiver_sealed: string | null;
  receiver_key: string | null;
  receiver_phone_tail: string;
}
const rowsOf = (table: 'dropship_orders' | 'shop_orders', ids: number[]) =>
  queryRows<Row>(
    db(),
    sql`select id::int as id, receiver_name, receiver_phone, receiver_address, receiver_sealed, receiver_key, receiver_phone_tail
        from ${sql.identifier(table)} where id = any(${sql.param(ids)}::bigint[]) order by id`,
  );
const opened = (r: Row) =>
  plainReceiverOf({ receiverName: r.receiver_name, receiverPhone: r.receiver_phone, receiverAddress: r.receiver_address, receiverSealed: r.receiver_sealed });

/** Some orders of the seed, put back as a version without the vault stored them: plain, nothing sealed. */
async function makeLegacy(table: 'dropship_orders' | 'shop_orders', n: number, phonePrefix: string) {
  const ids = (
    await queryRows<{ id: number }>(db(), sql`select id::int as id from ${sql.identifier(table)} where receiver_sealed is not null order by id limit ${n}`)
  ).map((r) => r.id);
  for (const [i, id] of ids.entries()) {
    await db().execute(sql`update ${sql.identifier(table)} set receiver_name = ${`旧收货人${i}`}, receiver_phone = ${`${phonePrefix}${i}`},
      receiver_address = ${`旧地址路${i}号`}, receiver_sealed = null, receiver_key = null where id = ${id}`);
  }
  return ids;
}

describe('receivers stored plain before the vault', () => {
  it('are sealed and masked when the app starts, and a second start finds nothing left', async () => {
    const orders = await makeLegacy('dropship_orders', 3, '1370000000');
    const shopOrders = await makeLegacy('shop_orders', 2, '1360000000');
    expect(orders).toHaveLength(3);
    expect(shopOrders).toHaveLength(2);
    // A second app on the same database starts as a restarted server would.
    const restarted = await buildApp({ db: db(), database: t.database, config: t.config });
    await restarted.ready();
    await restarted.close();
    for (const [table, ids, prefix] of [
      ['dropship_orders', orders, '1370000000'],
      ['shop_orders', shopOrders, '1360000000'],
    ] as const) {
      const rows = await rowsOf(table, ids);
      for (const [i, r] of rows.entries()) {
        const plain = { name: `旧收货人${i}`, phone: `${prefix}${i}`, address: `旧地址路${i}号` };
        expect(r).toMatchObject({
          receiver_name: maskName(plain.name),
          receiver_phone: maskPhone(plain.phone),
          receiver_address: maskAddress(plain.address),
          receiver_phone_tail: plain.phone.slice(-4),
        });
        expect(r.receiver_phone).toContain('****');
        expect(r.receiver_key).toBeTruthy();
        expect(opened(r)).toEqual(plain);
      }
      expect(await sealPlainReceivers(db(), table)).toBe(0);
    }
  });
});

describe('declaration lines stored before the vault', () => {
  it('are sealed when the app starts (masked name and phone beside the sealed receiver)', async () => {
    const orgId = (await queryRows<{ org_id: number }>(db(), sql`select org_id from users where username = 'demo_seller'`))[0]!.org_id;
    const stall = await stallOf(db(), orgId);
    const saved = envelope<{ id: number }>(
      await call(t.app, {
        method: 'POST',
        url: '/api/b2/declarations/save',
        session: seller,
        payload: { delivery: 'RECEIVER', expressCode: 'ZTO', lines: [line(stall.code, { receiver: RECEIVER_A })] },
      }),
    );
    expect(saved.errorCode, saved.errorMsg).toBe(0);
    const stored = async () =>
      (await queryRows<{ receiver: Record<string, string> }>(db(), sql`select receiver from declaration_lines where declaration_id = ${saved.data.id}`))[0]!
        .receiver;
    expect((await stored()).sealed).toMatch(/^test1\./);
    expect(await stored()).toMatchObject({ name: '周*', phone: '139****9001' });
    // As a version without the vault saved it.
    await db().execute(sql`update declaration_lines set receiver = ${JSON.stringify(RECEIVER_A)}::jsonb where declaration_id = ${saved.data.id}`);
    const restarted = await buildApp({ db: db(), database: t.database, config: t.config });
    await restarted.ready();
    await restarted.close();
    const after = await stored();
    expect(after).toMatchObject({ name: '周*', phone: '139****9001' });
    expect(lineReceiverOf(after)).toEqual(RECEIVER_A);
  });
});

describe('import previews stored by earlier versions', () => {
  it('a bad row sealed whole is still listed and exported, masked', async () => {
    const shopId = await shopIdOf(t, seller, 'TAOBAO');
    const bad = { ...sampleOrder(2, 'UB'), phone: '12' };
    const job = await toPreview(t, seller, { file: csv(TAOBAO_HEADERS, [taobaoRow(sampleOrder(1, 'UB')), taobaoRow(bad)]), name: 'o.csv', shopId });
    expect(job).toMatchObject({ errorRows: 1 });
    // The bad row as an earlier version wrote it: its plain data sealed whole.
    const [stored] = await queryRows<{ row_no: number; data: string }>(db(), sql`select row_no, data from order_import_rows where job_id = ${job.id}`);
    const legacy = receiverVault().sealJson({ ...JSON.parse(stored!.data), receiverName: bad.name, address: bad.street });
    await db().execute(sql`update order_import_rows set data = ${legacy} where job_id = ${job.id} and row_no = ${stored!.row_no}`);
    const rows = envelope<{ list: { receiverName: string; address: string; error: string }[] }>(
      await call(t.app, { method: 'POST', url: `/api/b2/orders/import/${job.id}/rows`, session: seller, payload: { errorsOnly: true } }),
    );
    expect(rows.errorCode, rows.errorMsg).toBe(0);
    expect(rows.data.list).toEqual([expect.objectContaining({ receiverName: maskName(bad.name), address: maskAddress(bad.street) })]);
  });

  it('migration 0055 moves a preview stored one record per row into pages, keeps bad rows, and fails a preview left to confirm', async () => {
    const shopId = await shopIdOf(t, seller, 'TAOBAO');
    const orders = [sampleOrder(1, 'UP'), sampleOrder(2, 'UP'), sampleOrder(3, 'UP')];
    const job = await toPreview(t, seller, {
      file: csv(
        TAOBAO_HEADERS,
        orders.map((o) => taobaoRow(o)),
      ),
      name: 'o.csv',
      shopId,
    });
    // The preview as the last version stored it: a record per row, the receiver masked with its sealed copy beside.
    const orgId = (await queryRows<{ org_id: number }>(db(), sql`select org_id from order_import_jobs where id = ${job.id}`))[0]!.org_id;
    await db().execute(sql`delete from order_import_pages where job_id = ${job.id}`);
    for (const [n, o] of orders.entries()) {
      const sealed = sealReceiverColumns({
        receiverName: o.name,
        receiverPhone: o.phone,
        receiverProvince: o.area[0],
        receiverCity: o.area[1],
        receiverDistrict: o.area[2],
        receiverAddress: o.street,
      });
      const data = {
        orderNo: o.orderNo,
        receiverName: sealed.receiverName,
        receiverPhone: sealed.receiverPhone,
        address: sealed.receiverAddress,
        items: [],
        receiverSealed: sealed.receiverSealed,
        receiverKey: sealed.receiverKey,
      };
      await db().execute(sql`insert into order_import_rows (job_id, org_id, row_no, order_key, data, error)
        values (${job.id}, ${orgId}, ${n + 2}, ${o.orderNo}, ${JSON.stringify(data)}, ${n === 2 ? '手机号不对' : null})`);
    }
    const migration = readFileSync(new URL('../drizzle/0055_order_import_pages.sql', import.meta.url), 'utf8');
    const moves = migration.split('--> statement-breakpoint').filter((st) => /^\s*(--[^\n]*\n)*\s*(INSERT|DELETE|UPDATE)/.test(st));
    expect(moves).toHaveLength(4);
    for (const st of moves) await db().execute(sql.raw(st));

    const [page] = await queryRows<{ rows: string }>(db(), sql`select rows from order_import_pages where job_id = ${job.id}`);
    const rows = JSON.parse(page!.rows) as { rowNo: number; data: Record<string, unknown>; error: string | null }[];
    expect(rows.map((r) => r.rowNo)).toEqual([2, 3, 4]);
    expect(rows[0]?.data).toMatchObject({ receiverPhone: maskPhone(orders[0]!.phone) });
    expect(rows.some((r) => 'receiverSealed' in r.data || 'receiverKey' in r.data)).toBe(false);
    const left = await queryRows<{ row_no: number; data: string }>(db(), sql`select row_no, data from order_import_rows where job_id = ${job.id}`);
    expect(left.map((r) => r.row_no)).toEqual([4]);
    expect(JSON.parse(left[0]!.data).receiverSealed).toBeUndefined();
    // The list still shows the preview; the preview cannot be imported from masked rows.
    const list = envelope<{ total: number; list: { receiverPhone: string }[] }>(
      await call(t.app, { method: 'POST', url: `/api/b2/orders/import/${job.id}/rows`, session: seller, payload: {} }),
    );
    expect(list.data.list.map((r) => r.receiverPhone)).toEqual(orders.map((o) => maskPhone(o.phone)));
    const view = envelope<{ status: string; message: string }>(await call(t.app, { url: `/api/b2/orders/import/${job.id}`, session: seller }));
    expect(view.data).toMatchObject({ status: 'FAILED', message: expect.stringContaining('重新上传') });
  });
});

describe('retention', () => {
  it('the job erases the sealed receiver of orders closed more than RECEIVER_RETAIN_DAYS ago; the detail then shows it masked', async () => {
    const ids = (
      await queryRows<{ id: number }>(db(), sql`select id::int as id from dropship_orders where receiver_sealed is not null order by id limit 4`)
    ).map((r) => r.id);
    expect(ids).toHaveLength(4);
    const [oldFinished, newFinished, oldCanceled, open] = ids as [number, number, number, number];
    await db().execute(sql`update dropship_orders set finished_at = now() - interval '31 days' where id = ${oldFinished}`);
    await db().execute(sql`update dropship_orders set finished_at = now() - interval '29 days' where id = ${newFinished}`);
    await db().execute(sql`update dropship_orders set canceled_at = now() - interval '40 days' where id = ${oldCanceled}`);
    await db().execute(sql`update dropship_orders set finished_at = null, canceled_at = null where id = ${open}`);
    const before = await rowsOf('dropship_orders', ids);
    // Shipped orders' labels print the full street (a reprint prints the same) until the receiver is erased.
    const purchaserOrg = (await queryRows<{ org_id: number }>(db(), sql`select org_id from users where username = 'demo_purchaser'`))[0]!.org_id;
    const sellerOrg = (await queryRows<{ org_id: number }>(db(), sql`select org_id from users where username = 'demo_seller'`))[0]!.org_id;
    const fullStreet = '浙江省杭州市西湖区文三路90号';
    for (const [i, orderId] of [oldFinished, newFinished].entries()) {
      await db().execute(sql`insert into waybills (purchaser_org_id, seller_org_id, order_id, courier_code, tracking_no, label)
        values (${purchaserOrg}, ${sellerOrg}, ${orderId}, 'YTO', ${`RT${Date.now()}${i}`}, ${JSON.stringify({ receiverName: '林*', receiverAddress: fullStreet })})`);
    }
    const labelOf = async (orderId: number) =>
      JSON.parse((await queryRows<{ label: string }>(db(), sql`select label from waybills where order_id = ${orderId}`))[0]!.label) as Record<string, string>;

    await t.app.jobs.enqueue(RECEIVER_RETENTION_JOB, {});
    await t.app.jobs.runDue();

    const after = new Map((await rowsOf('dropship_orders', ids)).map((r) => [r.id, r]));
    expect(after.get(oldFinished)?.receiver_sealed).toBeNull();
    expect(after.get(oldCanceled)?.receiver_sealed).toBeNull();
    expect(after.get(newFinished)?.receiver_sealed).toBe(before.find((r) => r.id === newFinished)?.receiver_sealed);
    expect(after.get(open)?.receiver_sealed).toBe(before.find((r) => r.id === open)?.receiver_sealed);
    // What stays: the masked display values, the phone's last four and the equality key.
    const erased = after.get(oldFinished)!;
    expect(erased).toMatchObject({ receiver_phone: before.find((r) => r.id === oldFinished)?.receiver_phone });
    expect(erased.receiver_key).toBeTruthy();
    expect(erased.receiver_phone).toContain('*');

    const masked = after.get(oldFinished)!;
    const area = (
      await queryRows<{ a: string }>(
        db(),
        sql`select receiver_province || receiver_city || receiver_district as a from dropship_orders where id = ${oldFinished}`,
      )
    )[0]!.a;
    expect((await labelOf(oldFinished)).receiverAddress).toBe(`${area}${masked.receiver_address}`);
    expect(masked.receiver_address).toContain('****');
    expect(await labelOf(newFinished)).toEqual({ receiverName: '林*', receiverAddress: fullStreet });

    const detail = envelope<{ receiverPhone: string; receiverName: string }>(
      await call(t.app, { url: `/api/b2/post/orders/detail/${oldFinished}`, session: seller }),
    );
    expect(detail.errorCode, detail.errorMsg).toBe(0);
    expect(detail.data.receiverPhone).toBe(erased.receiver_phone);
    const kept = envelope<{ receiverPhone: string }>(await call(t.app, { url: `/api/b2/post/orders/detail/${open}`, session: seller }));
    expect(kept.data.receiverPhone).not.toContain('*');
  });
});

describe('retention of shop orders', () => {
  it('erases the sealed receiver of a shop order the platform closed more than RECEIVER_RETAIN_DAYS ago', async () => {
    const ids = (await queryRows<{ id: number }>(db(), sql`select id::int as id from shop_orders where receiver_sealed is not null order by id limit 2`)).map(
      (r) => r.id,
    );
    expect(ids).toHaveLength(2);
    const [old, recent] = ids as [number, number];
    await db().execute(sql`update shop_orders set status = 'FINISHED', platform_modified_at = now() - interval '31 days' where id = ${old}`);
    await db().execute(sql`update shop_orders set status = 'FINISHED', platform_modified_at = now() - interval '2 days' where id = ${recent}`);
    await t.app.jobs.enqueue(SHOP_RECEIVER_RETENTION_JOB, {});
    await t.app.jobs.runDue();
    const rows = new Map((await rowsOf('shop_orders', ids)).map((r) => [r.id, r]));
    expect(rows.get(old)?.receiver_sealed).toBeNull();
    expect(rows.get(old)?.receiver_phone).toContain('*');
    expect(rows.get(recent)?.receiver_sealed).toBeTruthy();
  });
});

describe('key rotation', () => {
  it('with a new key first, old rows still open; the re-seal moves them to it; then the old key can go', async () => {
    const sample = (await queryRows<Row>(db(), sql`select * from dropship_orders where receiver_sealed is not null order by id limit 1`))[0]!;
    const plain = opened(sample);
    const newKey = `k2:${randomBytes(32).toString('base64')}`;
    useReceiverKeys({ receiverKeys: `${newKey},${TEST_RECEIVER_KEYS}`, receiverKeyDir: '', production: false });
    expect(receiverVault().rotating).toBe(true);
    expect(opened(sample)).toEqual(plain);

    const moved = (await resealStaleReceivers(db(), 'dropship_orders')) + (await resealStaleReceivers(db(), 'shop_orders'));
    expect(moved).toBeGreaterThan(0);
    const left = await queryRows<{ n: number }>(
      db(),
      sql`select (select count(*) from dropship_orders where receiver_sealed not like 'k2.%')::int
           + (select count(*) from shop_orders where receiver_sealed not like 'k2.%')::int as n`,
    );
    expect(left[0]?.n).toBe(0);

    // The old key dropped: every row still opens, under the new key alone.
    useReceiverKeys({ receiverKeys: newKey, receiverKeyDir: '', production: false });
    const [again] = await queryRows<Row>(db(), sql`select * from dropship_orders where id = ${sample.id}`);
    expect(again?.receiver_sealed?.startsWith('k2.')).toBe(true);
    expect(opened(again!)).toEqual(plain);
    expect(await resealStaleReceivers(db(), 'dropship_orders')).toBe(0);
  });
});
