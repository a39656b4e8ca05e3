/**
 * The order import's parse thread (order-import/parse-thread.ts): the rows it parses are the ones
 * the event loop's parse makes, a refused file comes back as the same AppError, and an import that
 * ends early (refused after its plan, or its reader stopping mid-way) leaves nothing open there.
 * At the import stage, the batches of orders it makes from the stored rows are the event loop's.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.js';
import { useReceiverKeys } from '../src/lib/receiver-vault/index.js';
import type { ParsedBatch } from '../src/modules/order-import/parse-rows.js';
import { parseThread } from '../src/modules/order-import/parse-thread.js';
import { type PlannedImport, planOnLoop } from '../src/modules/order-import/planned-import.js';
import { withStoredReceiver } from '../src/modules/order-import/preview-receiver.js';
import { storedOrdersPayload } from '../src/modules/order-import/to-orders.js';
import { csv, sampleOrder, TAOBAO_HEADERS, taobaoRow, xlsx } from './order-import-fixtures.js';
import { TEST_RECEIVER_KEYS } from './receiver-keys.js';

const orders = (n: number) => Array.from({ length: n }, (_, i) => taobaoRow(sampleOrder(i + 1)));

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
  it('plans and parses a file into the same batches as the event loop does', async () => {
    for (const file of [
      { name: '订单报表.csv', bytes: csv(TAOBAO_HEADERS, orders(2_345)) },
      { name: '订单报表.xlsx', bytes: await xlsx(TAOBAO_HEADERS, orders(150)) },
    ]) {
      const onThread = await parseThread.plan(file, undefined);
      const onLoop = await planOnLoop(file, undefined);
      const { batches: _a, close: _b, ...threadSummary } = onThread;
      const { batches: _c, close: _d, ...loopSummary } = onLoop;
      expect(threadSummary).toEqual(loopSummary);
      expect(threadSummary).toMatchObject({ layout: 'TAOBAO', channel: 'TAOBAO' });
      const threaded = await all(onThread);
      expect(threaded).toEqual(await all(onLoop));
      // Batches of 1,000 rows (the .csv: three), the last one holding the rest.
      const rows = threaded.flatMap((b) => b.rows);
      expect(rows.length).toBe(file.name.endsWith('.csv') ? 2_345 : 150);
      expect(threaded.at(-1)?.percent).toBeNull();
      expect(rows.every((r) => r.error === null)).toBe(true);
      // The receiver leaves the thread as read (the server's thread seals it as it stores the batch).
      const first = sampleOrder(1);
      expect(rows[0]?.data).toMatchObject({ receiverName: first.name, receiverPhone: first.phone, address: first.street });
      expect(rows[0]?.data.receiverSealed).toBeUndefined();
      expect(parseThread.openCount).toBe(0);
    }
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
    const file = { name: '订单报表.csv', bytes: csv(TAOBAO_HEADERS, orders(2_500)) };
    const refused = await parseThread.plan(file, undefined);
    expect(parseThread.openCount).toBe(1);
    await refused.close();
    expect(parseThread.openCount).toBe(0);

    const cut = await parseThread.plan(file, undefined);
    let seen = 0;
    for await (const b of cut.batches()) {
      seen += b.rows.length;
      break;
    }
    expect(seen).toBe(1_000);
    expect(parseThread.openCount).toBe(0);

    const whole = await all(await parseThread.plan(file, undefined));
    expect(whole.flatMap((b) => b.rows)).toHaveLength(2_500);
    expect(parseThread.openCount).toBe(0);
  });

  it('makes the import stage’s batches of orders as the event loop does, in the order asked, and lets go at the end', async () => {
    useReceiverKeys({ receiverKeys: TEST_RECEIVER_KEYS, receiverKeyDir: '', production: false });
    const rows = (await all(await planOnLoop({ name: '订单报表.csv', bytes: csv(TAOBAO_HEADERS, orders(30)) }, undefined))).flatMap((b) => b.rows);
    // As the preview stores them: each row's text, its receiver masked and sealed beside.
    const stored = rows.map((r) => JSON.stringify(withStoredReceiver(r.data)));
    // Two lines of one order, then single-row orders, in two batches.
    const batches = [[[stored[0]!, stored[1]!], [stored[2]!]], stored.slice(3).map((s) => [s])];
    const fallback = new Date('2026-11-28T08:00:00+08:00');
    const maker = parseThread.ordersMaker();
    expect(parseThread.openCount).toBe(1);
    // Both asked before either is answered: each gets its own.
    const made = await Promise.all(batches.map((b) => maker.make(b, fallback)));
    expect(made).toEqual(batches.map((b) => storedOrdersPayload(b, fallback)));
    expect(made.map((m) => m.count)).toEqual([2, 27]);
    expect(JSON.parse(made[0]!.json)[0].items).toHaveLength(2);
    // A row the thread cannot open fails its batch with the thread's error, and the thread goes on.
    await expect(maker.make([['not a row']], fallback)).rejects.toThrow(/导入文件解析线程出错/);
    expect((await maker.make(batches[0]!, fallback)).count).toBe(2);
    maker.end();
    expect(parseThread.openCount).toBe(0);
  });
});
