/**
 * The order import's parse thread (order-import/parse-thread.ts): the pages it parses are the ones
 * the event loop's parse makes, a refused file comes back as the same AppError, and an import that
 * ends early (refused after its plan, or its reader stopping mid-way) leaves nothing open there.
 * At the import stage, the orders it makes from the stored pages are the event loop's.
 */
import { maskAddress, maskName, maskPhone } from '@dropship/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.js';
import { receiverVault, useReceiverKeys } from '../src/lib/receiver-vault/index.js';
import type { ParsedBatch } from '../src/modules/order-import/parse-rows.js';
import { parseThread } from '../src/modules/order-import/parse-thread.js';
import { ordersOnLoop, type PlannedImport, planOnLoop } from '../src/modules/order-import/planned-import.js';
import { openPage } from '../src/modules/order-import/preview-receiver.js';
import { csv, sampleOrder, TAOBAO_HEADERS, taobaoRow, xlsx } from './order-import-fixtures.js';
import { TEST_RECEIVER_KEYS } from './receiver-keys.js';

useReceiverKeys({ receiverKeys: TEST_RECEIVER_KEYS, receiverKeyDir: '', production: false });

const orders = (n: number) => Array.from({ length: n }, (_, i) => taobaoRow(sampleOrder(i + 1)));
const rowsOf = (batches: ParsedBatch[]) => batches.flatMap((b) => openPage(b.page));

async function all(plan: PlannedImport): Promise<ParsedBatch[]> {
  const out: ParsedBatch[] = [];
  for await (const b of plan.batches()) out.push(b);
  return out;
}

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

// No database here: the PostgreSQL pass would only repeat it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the order import parse thread', () => {
  it('plans and parses a file into the same pages as the event loop does, sealed', async () => {
    for (const file of [
      { name: '订单报表.csv', bytes: csv(TAOBAO_HEADERS, orders(1_234)) },
      { name: '订单报表.xlsx', bytes: await xlsx(TAOBAO_HEADERS, orders(150)) },
    ]) {
      const onThread = await parseThread.plan(file, undefined);
      const onLoop = await planOnLoop(file, undefined);
      const { batches: _a, close: _b, ...threadSummary } = onThread;
      const { batches: _c, close: _d, ...loopSummary } = onLoop;
      expect(threadSummary).toEqual(loopSummary);
      expect(threadSummary).toMatchObject({ layout: 'TAOBAO', channel: 'TAOBAO' });
      const threaded = await all(onThread);
      const looped = await all(onLoop);
      // Sealing is random (its nonce): the pages compare opened.
      expect(threaded.map(({ page: _, ...b }) => b)).toEqual(looped.map(({ page: _, ...b }) => b));
      expect(rowsOf(threaded)).toEqual(rowsOf(looped));
      // Pages of 500 rows (the .csv: three), the last one holding the rest and the counts.
      const csvFile = file.name.endsWith('.csv');
      expect(threaded.map((b) => b.rows)).toEqual(csvFile ? [500, 500, 234] : [150]);
      const rows = rowsOf(threaded);
      expect(threaded.at(-1)?.percent).toBeNull();
      expect(threaded.at(-1)?.summary).toEqual({ totalRows: rows.length, errorRows: 0, totalOrders: rows.length, validOrders: rows.length, splitKeys: [] });
      expect(rows.every((r) => r.error === null)).toBe(true);
      // The page holds the receiver as read, sealed with the page: nothing plain leaves the thread.
      const first = sampleOrder(1);
      expect(rows[0]?.data).toMatchObject({ receiverName: first.name, receiverPhone: first.phone, address: first.street });
      expect(threaded[0]?.page).toMatch(/^z:test1\./);
      expect(threaded.map((b) => b.page).join('')).not.toContain(first.phone);
      expect(parseThread.openCount).toBe(0);
    }
  });

  it('opens a page compressed and sealed, one the version before sealed without compressing, and a migrated plain one', async () => {
    const [batch] = await all(await planOnLoop({ name: '订单报表.csv', bytes: csv(TAOBAO_HEADERS, orders(3)) }, undefined));
    const rows = openPage(batch!.page);
    expect(rows.map((r) => r.data.orderNo)).toEqual([1, 2, 3].map((i) => sampleOrder(i).orderNo));
    // Compressed: a tenth of the sealed JSON's length for a page of repeated rows.
    expect(batch!.page.length).toBeLessThan(receiverVault().sealJson(rows).length);
    expect(openPage(receiverVault().sealJson(rows))).toEqual(rows);
    expect(openPage(JSON.stringify(rows))).toEqual(rows);
    // A byte changed in the sealed text is refused, not inflated into rows.
    // The second-to-last character always carries whole bytes of the base64url (the last may hold only padding bits).
    const at = batch!.page.length - 2;
    const tampered = `${batch!.page.slice(0, at)}${batch!.page[at] === 'A' ? 'B' : 'A'}${batch!.page.slice(at + 1)}`;
    expect(tampered).not.toBe(batch!.page);
    expect(() => openPage(tampered)).toThrow(/校验失败/);
  });

  it('counts orders, bad rows and orders whose rows are apart, and sends the bad rows masked', async () => {
    const good = orders(4);
    // Order 2 again after order 3 (apart), and order 4 with a row whose phone is not one.
    const again = taobaoRow({ ...sampleOrder(2), title: '第二件' });
    const bad = taobaoRow({ ...sampleOrder(4), phone: '12' });
    const file = { name: '订单报表.csv', bytes: csv(TAOBAO_HEADERS, [good[0]!, good[1]!, good[2]!, again, good[3]!, bad]) };
    const batches = await all(await parseThread.plan(file, undefined));
    expect(batches.at(-1)?.summary).toEqual({ totalRows: 6, errorRows: 1, totalOrders: 4, validOrders: 3, splitKeys: [sampleOrder(2).orderNo] });
    const [badRow] = batches.flatMap((b) => b.bad);
    expect(badRow).toMatchObject({ rowNo: 7, orderKey: sampleOrder(4).orderNo, error: expect.stringContaining('手机') });
    const o4 = sampleOrder(4);
    expect(badRow?.data).toMatchObject({ receiverName: maskName(o4.name), address: maskAddress(o4.street) });
  });

  it('refuses an unusable file with the AppError the event loop raises', async () => {
    for (const file of [
      { name: '空.csv', bytes: csv(TAOBAO_HEADERS, []) },
      { name: '乱码.xlsx', bytes: Buffer.from('PK\u0003\u0004 not a zip at all') },
      { name: '未知.csv', bytes: csv(['甲', '乙', '丙'], [['1', '2', '3']]) },
    ]) {
      const [threaded, looped] = [await errorOf(parseThread.plan(file, undefined)), await errorOf(planOnLoop(file, undefined))];
      expect(threaded).toBeInstanceOf(AppError);
      expect(looped).toBeInstanceOf(AppError);
      expect((threaded as AppError).errorCode).toBe((looped as AppError).errorCode);
      expect((threaded as AppError).message).toBe((looped as AppError).message);
    }
    expect(parseThread.openCount).toBe(0);
  });

  it('lets a file go when the import stops after its plan or mid-way, and goes on serving', async () => {
    const file = { name: '订单报表.csv', bytes: csv(TAOBAO_HEADERS, orders(1_250)) };
    const refused = await parseThread.plan(file, undefined);
    expect(parseThread.openCount).toBe(2);
    await refused.close();
    expect(parseThread.openCount).toBe(0);

    const cut = await parseThread.plan(file, undefined);
    let seen = 0;
    for await (const b of cut.batches()) {
      seen += b.rows;
      break;
    }
    expect(seen).toBe(500);
    expect(parseThread.openCount).toBe(0);

    const whole = await all(await parseThread.plan(file, undefined));
    expect(rowsOf(whole)).toHaveLength(1_250);
    expect(parseThread.openCount).toBe(0);
  });

  it('brings a file that breaks after its plan back as the event loop’s AppError, through the checking thread', async () => {
    // Good for its header and first rows; an unclosed quote 1,100 rows on, read by the reading thread after its plan.
    const file = { name: '订单报表.csv', bytes: Buffer.concat([csv(TAOBAO_HEADERS, orders(1_100)), Buffer.from('\r\n"1,2,3')]) };
    const pagesBefore = async (plan: PlannedImport) => {
      let rows = 0;
      const error = await (async () => {
        for await (const b of plan.batches()) rows += b.rows;
      })().then(
        () => undefined,
        (e: unknown) => e,
      );
      return { rows, error };
    };
    const threaded = await pagesBefore(await parseThread.plan(file, undefined));
    const looped = await pagesBefore(await planOnLoop(file, undefined));
    expect(threaded.error).toBeInstanceOf(AppError);
    expect((threaded.error as AppError).errorCode).toBe((looped.error as AppError).errorCode);
    expect((threaded.error as AppError).message).toBe((looped.error as AppError).message);
    // The pages checked before the break came through.
    expect(threaded.rows).toBe(looped.rows);
    expect(parseThread.openCount).toBe(0);
  });

  it('makes the import stage’s orders from the pages as the event loop does: across pages, bad ones out, apart ones gathered', async () => {
    // 1,203 orders; order 7's second line comes at the end of the file (its rows are apart), order 3 is left out.
    const file = { name: '订单报表.csv', bytes: csv(TAOBAO_HEADERS, [...orders(1_203), taobaoRow({ ...sampleOrder(7), title: '第二件' })]) };
    const pages = (await all(await planOnLoop(file, undefined))).map((b) => b.page);
    const skips = { bad: [sampleOrder(3).orderNo], split: [sampleOrder(7).orderNo] };
    const fallback = new Date('2026-11-28T08:00:00+08:00');
    const made = async (maker: ReturnType<typeof ordersOnLoop>) => {
      // Every page asked before any is answered: each gets its own, in order.
      const out = await Promise.all([...pages.map((p) => maker.page(p).then((x) => [x])), maker.end()]);
      maker.close();
      return out.flat();
    };
    const threaded = await made(parseThread.ordersMaker(skips, fallback));
    expect(parseThread.openCount).toBe(0);
    const looped = await made(ordersOnLoop(skips, fallback));
    // Sealing is random (its nonce): compare the orders without their sealed receiver.
    type Made = { platform_order_id: string; items: unknown[]; receiver_phone: string; receiver_sealed: string };
    const open = (bs: typeof threaded) => bs.map((b) => (JSON.parse(b.json) as Made[]).map(({ receiver_sealed: _, ...o }) => o));
    expect(open(threaded)).toEqual(open(looped));
    // Page 1: orders 1–499 less 3 (left out) and 7 (held), 500 still open; page 2: 500–999; page 3:
    // 1,000–1,202; the end: order 1,203 and order 7 with both its lines.
    expect(threaded.map((b) => b.count)).toEqual([497, 500, 203, 2]);
    const all2 = threaded.flatMap((b) => JSON.parse(b.json) as Made[]);
    expect(all2).toHaveLength(1_202);
    expect(all2.some((o) => o.platform_order_id === sampleOrder(3).orderNo)).toBe(false);
    expect(all2.at(-1)).toMatchObject({ platform_order_id: sampleOrder(7).orderNo });
    expect(all2.at(-1)?.items).toHaveLength(2);
    // Receivers are masked with their sealed copy beside, as every order stores them.
    expect(all2[0]?.receiver_phone).toBe(maskPhone(sampleOrder(1).phone));
    expect(all2[0]?.receiver_sealed).toMatch(/^test1\./);
  });

  it('fails a page it cannot open with the thread’s error, and goes on', async () => {
    const maker = parseThread.ordersMaker({ bad: [], split: [] }, new Date());
    await expect(maker.page('not a page')).rejects.toThrow(/导入文件解析线程出错/);
    expect((await maker.end()).length).toBe(0);
    maker.close();
    expect(parseThread.openCount).toBe(0);
  });
});
