/**
 * Order import of a 10,000-row Taobao 订单报表, as .xlsx and as GBK .csv, against its floor measured
 * in the same run; then the peak memory of a 100,000-row import.
 *
 *   npx tsx bench/order-import.bench.ts                                        # in-memory PGlite
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/order-import.bench.ts        # and a THROWAWAY PostgreSQL database
 *   npx tsx bench/order-import.bench.ts --no-peak                              # the 10,000-row comparison only
 *
 * "Ours" is what the server does after an upload (apps/server/src/modules/order-import): sniff and
 * plan (header, layout), parse and validate every row (area lookup included) on the import's parse
 * thread into pages of 500 rows sealed there, store them as the preview, then write the orders made
 * from the pages (on the same thread) through upsertShopOrders a page at a time (lines, shop SKUs,
 * progress), with the real migrations. The floor is what any import of the file must do at
 * least, each part bare: a streaming parse of the same bytes with the same libraries and nothing
 * else (exceljs' streaming reader touching every cell, or iconv-lite + csv-parse), PLUS a bulk load
 * of the same orders and their lines as the import writes them (columns made outside the timing):
 * per 500 orders one INSERT … SELECT from json_to_recordset for the orders feeding, in the same
 * statement, the lines' INSERT (no conflict handling, no SKUs, no preview). PGlite has no COPY FROM
 * STDIN from node; on PostgreSQL the same statement is used, so both sides speak one protocol.
 * Goal: ≤ 1.5× the floor, on PGlite and on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL).
 * Peak RSS < 400 MB for 100,000 rows on PostgreSQL, measured in a child process of its own with
 * node's default heap: on PGlite on disk too (the import's growth of the process is what counts
 * there: PGlite's wasm heap is the database's).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parse as parseCsv } from 'csv-parse';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { payloadOf } from '../apps/server/src/lib/shop-order-row.ts';
import { createOrganisation, createUser } from '../apps/server/src/modules/auth/accounts.ts';
import { planImport } from '../apps/server/src/modules/order-import/file-plan.ts';
import { parseRow } from '../apps/server/src/modules/order-import/row-parser.ts';
import { toNormalizedOrder } from '../apps/server/src/modules/order-import/to-orders.ts';
import { shops } from '../apps/server/src/modules/shops/shops.table.ts';
import { csv, sampleOrder, TAOBAO_HEADERS, taobaoRow, xlsx } from '../apps/server/test/order-import-fixtures.ts';
import { importOnce } from './import-once.ts';
import { useBenchReceiverKeys } from './support.ts';

useBenchReceiverKeys();

const N = 10_000;
/**
 * Runs per format and database (BENCH_RUNS): medians of seven, the bare parts and ours alternating
 * which goes first, because single runs here vary by a third (the machine's noise, and whichever
 * side runs second inheriting the first's garbage and dirty pages).
 */
const RUNS = Number(process.env.BENCH_RUNS) || 7;
const PEAK_ROWS = 100_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function bareXlsx(bytes: Buffer): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let cells = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) cells += (row.values as unknown[]).length;
    break;
  }
  return cells;
}

async function bareCsv(bytes: Buffer): Promise<number> {
  let cells = 0;
  for await (const rec of Readable.from([bytes])
    .pipe(iconv.decodeStream('gb18030'))
    .pipe(parseCsv({ relax_column_count: true })) as AsyncIterable<string[]>) {
    cells += rec.length;
  }
  return cells;
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

async function setup(where: { dataDir?: string; databaseUrl?: string } = {}) {
  const database = await openDatabase(where);
  const orgId = await createOrganisation(database.db, { type: 'seller', name: '压测卖家', source: 'MAIN_WEB' });
  const userId = await createUser(database.db, { orgId, username: `bench_${Date.now()}`, password: 'Bench@2026', isMain: true });
  return { database, orgId, userId };
}

/** The orders of a file with their lines, as the import writes them (made outside any timing). */
async function ordersOf(name: string, bytes: Buffer) {
  const plan = await planImport({ name, bytes }, undefined);
  const rows = [];
  for await (const r of plan.rows) {
    rows.push(payloadOf(toNormalizedOrder([parseRow(r.rowNo, r.cells, { layout: plan.layout, index: plan.index }).data], new Date())));
  }
  return rows;
}

const sqlType = (c: string) =>
  /_fen$/.test(c)
    ? 'bigint'
    : /_at$/.test(c)
      ? 'timestamptz'
      : c === 'receiver_encrypted'
        ? 'boolean'
        : c === 'seller_flag' || c === 'quantity'
          ? 'int'
          : 'text';

/** The database's part of the floor: the same orders and their lines, one plain INSERT … SELECT per 500 orders. */
async function bareLoad(db: Db, orgId: number, rows: Awaited<ReturnType<typeof ordersOf>>) {
  const [shop] = await db
    .insert(shops)
    .values({ orgId, channel: 'TAOBAO', name: `店铺${Math.random()}` })
    .returning({ id: shops.id });
  const cols = Object.keys(rows[0] ?? {}).filter((c) => c !== 'items');
  const itemCols = Object.keys(rows[0]?.items[0] ?? {});
  const types = sql.raw([...cols.map((c) => `${c} ${sqlType(c)}`), 'items json'].join(', '));
  const itemTypes = sql.raw(itemCols.map((c) => `${c} ${sqlType(c)}`).join(', '));
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += 500) {
    await db.execute(sql`with x as (select * from json_to_recordset(${JSON.stringify(rows.slice(i, i + 500))}::json) as x(${types})),
      o as (insert into shop_orders (org_id, shop_id, channel, source, ${sql.raw(cols.join(', '))})
        select ${orgId}, ${shop!.id}, 'TAOBAO', 'IMPORT', ${sql.raw(cols.map((c) => `x.${c}`).join(', '))} from x
        returning id, platform_order_id)
      insert into shop_order_items (org_id, order_id, ${sql.raw(itemCols.join(', '))})
      select ${orgId}, o.id, ${sql.raw(itemCols.map((c) => `i.${c}`).join(', '))}
      from o join x on x.platform_order_id = o.platform_order_id cross join json_to_recordset(x.items) as i(${itemTypes})`);
  }
  return (performance.now() - t0) / 1000;
}

async function files(n: number) {
  const rows = Array.from({ length: n }, (_, i) => taobaoRow(sampleOrder(i, 'B')));
  return { xlsx: await xlsx(TAOBAO_HEADERS, rows), csv: csv(TAOBAO_HEADERS, rows, 'gbk') };
}

async function compare(f: Awaited<ReturnType<typeof files>>, where: { databaseUrl?: string }) {
  const { database, orgId, userId } = await setup(where);
  console.log(
    `order import: ${N.toLocaleString('en')}-row Taobao 订单报表, ${RUNS} runs each (node ${process.version}, ${where.databaseUrl ? 'PostgreSQL server' : 'in-memory PGlite'}, load ${loadavg()[0]!.toFixed(1)})`,
  );
  for (const [kind, ext, bytes, bare] of [
    ['xlsx', 'xlsx', f.xlsx, bareXlsx],
    ['csv (GBK)', 'csv', f.csv, bareCsv],
  ] as const) {
    // Warm-up: JIT, area tables, the first statements.
    await bare(bytes);
    await importOnce(database.db, { orgId, userId }, `warm.${ext}`, bytes);
    const orders = await ordersOf(`orders.${ext}`, bytes);
    await bareLoad(database.db, orgId, orders);
    const ours: { parse: number; write: number; total: number }[] = [];
    const parsed: number[] = [];
    const loaded: number[] = [];
    const oursOnce = async () => ours.push(await importOnce(database.db, { orgId, userId }, `orders.${ext}`, bytes));
    for (let r = 0; r < RUNS; r++) {
      if (r % 2) await oursOnce();
      const t0 = performance.now();
      await bare(bytes);
      parsed.push((performance.now() - t0) / 1000);
      loaded.push(await bareLoad(database.db, orgId, orders));
      if (r % 2 === 0) await oursOnce();
    }
    const total = median(ours.map((o) => o.total));
    const parse = median(ours.map((o) => o.parse));
    const write = median(ours.map((o) => o.write));
    const floor = median(parsed.map((p, i) => p + loaded[i]!));
    const best = Math.min(...ours.map((o, i) => o.total / (parsed[i]! + loaded[i]!)));
    console.log(`  ${kind}: ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);
    console.log(
      `    floor: bare streaming parse median ${median(parsed).toFixed(3)} s + bare bulk load of the orders and lines ${median(loaded).toFixed(3)} s = ${floor.toFixed(3)} s`,
    );
    console.log(
      `    ours, whole import: median ${total.toFixed(3)} s, ${Math.round(N / total).toLocaleString('en')} rows/s → ${(total / floor).toFixed(2)}× the floor (best run ${best.toFixed(2)}×; goal ≤ 1.5×)`,
    );
    console.log(
      `      parse + validate + preview ${parse.toFixed(3)} s (${(parse / median(parsed)).toFixed(2)}× the bare parse); writing the orders ${write.toFixed(3)} s (${Math.round(N / write).toLocaleString('en')} orders/s, ${(write / median(loaded)).toFixed(2)}× the bare load)`,
    );
  }
  await database.close();
}

async function main() {
  const f = await files(N);
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;
  await compare(f, {});
  if (url) await compare(f, { databaseUrl: url });
  if (process.argv.includes('--no-peak')) return;

  // The big file is made here, so the child's peak is the import's, not the file generator's
  // (BENCH_PEAK_FILE reuses one made earlier with --make-peak-file: making it takes minutes).
  const dir = mkdtempSync(path.join(tmpdir(), 'order-import-bench-'));
  const big = process.env.BENCH_PEAK_FILE ?? path.join(dir, 'peak.xlsx');
  if (!process.env.BENCH_PEAK_FILE) writeFileSync(big, (await files(PEAK_ROWS)).xlsx);
  // With node's default heap, on PGlite on disk and (when named) on a PostgreSQL server.
  for (const peakUrl of ['', ...(url ? [url] : [])]) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--peak', big], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_DATABASE_URL: peakUrl, DATABASE_URL: '' },
    });
    process.stdout.write(child.stdout);
  }
  rmSync(dir, { recursive: true, force: true });
}

/** In a process of its own: the peak RSS (resourceUsage().maxRSS) of a 100,000-row .xlsx import. */
async function peak(file: string) {
  const bytes = readFileSync(file);
  // On a PostgreSQL server when BENCH_DATABASE_URL names one (RSS is then the import's alone), else
  // PGlite on disk as the server runs it (its wasm heap, ~0.9 GB after the migrations, counts too).
  const url = process.env.BENCH_DATABASE_URL;
  const dir = mkdtempSync(path.join(tmpdir(), 'order-import-peak-db-'));
  const { database, orgId, userId } = await setup(url ? { databaseUrl: url } : { dataDir: dir });
  // Opening PGlite and running the migrations peaks on its own (maxRSS would report that), so the
  // import's peak is sampled while it runs; the event loop turns often enough between batches.
  const mb = () => process.memoryUsage().rss / 1024 / 1024;
  global.gc?.();
  const before = mb();
  let top = before;
  let heapTop = 0;
  const timer = setInterval(() => {
    top = Math.max(top, mb());
    heapTop = Math.max(heapTop, process.memoryUsage().heapUsed / 1024 / 1024);
  }, 20);
  const t = await importOnce(database.db, { orgId, userId }, 'peak.xlsx', bytes);
  clearInterval(timer);
  top = Math.max(top, mb());
  console.log(
    `  peak RSS, ${PEAK_ROWS.toLocaleString('en')}-row .xlsx import (${(bytes.length / 1024 / 1024).toFixed(1)} MB, in ${t.total.toFixed(1)} s, ${url ? 'PostgreSQL server' : 'PGlite on disk'}):`,
  );
  console.log(
    `    ${top.toFixed(0)} MB for the whole process during the import, ${(top - before).toFixed(0)} MB of it the import's (${before.toFixed(0)} MB before it, database open; JS heap of the server thread at most ${heapTop.toFixed(0)} MB; goal < 400 MB)`,
  );
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

const peakAt = process.argv.indexOf('--peak');
if (peakAt > 0) await peak(process.argv[peakAt + 1] ?? '');
else if (process.argv.includes('--make-peak-file')) writeFileSync(process.argv[process.argv.length - 1] ?? '', (await files(PEAK_ROWS)).xlsx);
else await main();
