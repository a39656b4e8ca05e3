/**
 * Order import of a 10,000-row Taobao 订单报表, as .xlsx and as GBK .csv, against a bare streaming
 * parse of the same file in the same run; then the peak memory of a 100,000-row import.
 *
 *   npx tsx bench/order-import.bench.ts
 *
 * "Ours" is what the server does after an upload (apps/server/src/modules/order-import): sniff and
 * plan (header, layout), parse and validate every row (area lookup included), store the preview,
 * then write the orders through upsertShopOrders in batches of 500, on in-memory PGlite with the
 * real migrations. The baseline reads the same bytes with the same libraries and nothing else:
 * exceljs' streaming reader touching every cell, or iconv-lite + csv-parse. Beside it, for the
 * breakdown only, the database's floor for the same orders: one plain INSERT … SELECT from
 * json_to_recordset per 500 orders (no conflict handling, no lines, no SKUs), same run.
 * Goal: ≤ 2× the bare parse; peak RSS < 400 MB for 100,000 rows, measured in a child process of
 * its own with node's default heap: on PGlite on disk (the import's growth of the process is
 * what counts there: PGlite's wasm heap is the database's), and on a PostgreSQL server when
 * BENCH_DATABASE_URL=postgres://… names a throwaway one (scripts/pg-throwaway.sh), where the
 * whole process counts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parse as parseCsv } from 'csv-parse';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createOrganisation, createUser } from '../apps/server/src/modules/auth/accounts.ts';
import { planImport } from '../apps/server/src/modules/order-import/file-plan.ts';
import { importPreview } from '../apps/server/src/modules/order-import/import-stage.ts';
import * as repo from '../apps/server/src/modules/order-import/order-import.repository.ts';
import { parseIntoPreview } from '../apps/server/src/modules/order-import/parse-stage.ts';
import { parseRow } from '../apps/server/src/modules/order-import/row-parser.ts';
import { toNormalizedOrder } from '../apps/server/src/modules/order-import/to-orders.ts';
import { orderRow } from '../apps/server/src/modules/shop-orders/shop-orders.repository.ts';
import { shops } from '../apps/server/src/modules/shops/shops.table.ts';
import { csv, sampleOrder, TAOBAO_HEADERS, taobaoRow, xlsx } from '../apps/server/test/order-import-fixtures.ts';
import { useBenchReceiverKeys } from './support.ts';

useBenchReceiverKeys();

const N = 10_000;
const RUNS = 3;
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

/** The server's path from an accepted upload to DONE; answers seconds for the two stages. */
async function importOnce(db: Db, ctx: { orgId: number; userId: number }, name: string, bytes: Buffer) {
  const [shop] = await db
    .insert(shops)
    .values({ orgId: ctx.orgId, channel: 'TAOBAO', name: `店铺${Math.random()}` })
    .returning({ id: shops.id });
  const t0 = performance.now();
  const plan = await planImport({ name, bytes }, undefined);
  const job = await repo.insertJob(db, {
    orgId: ctx.orgId,
    userId: ctx.userId,
    shopId: shop!.id,
    fileName: name,
    fileSize: bytes.length,
    fileFormat: plan.file.format,
    encoding: plan.file.encoding,
    layout: plan.layout.layout,
    mapping: plan.mapping,
  });
  const s = await parseIntoPreview(db, job, plan, { progress: (percent) => repo.addProgress(db, job.id, { percent }) });
  await repo.moveJob(db, job.id, ['PARSING'], { status: 'IMPORTING', ...s });
  const t1 = performance.now();
  const counts = await importPreview(db, {
    jobId: job.id,
    orgId: ctx.orgId,
    shopId: shop!.id,
    channel: 'TAOBAO',
    createdAt: job.createdAt,
    totalOrders: s.totalOrders,
  });
  await repo.moveJob(db, job.id, ['IMPORTING'], { status: 'DONE', ...counts });
  const t2 = performance.now();
  if (s.validOrders !== s.totalRows || counts.imported !== s.totalRows)
    throw new Error(`expected ${s.totalRows} clean orders, got ${JSON.stringify({ s, counts })}`);
  return { parse: (t1 - t0) / 1000, write: (t2 - t1) / 1000, total: (t2 - t0) / 1000 };
}

/** The orders of a file as the import writes them (made outside any timing). */
async function ordersOf(name: string, bytes: Buffer) {
  const plan = await planImport({ name, bytes }, undefined);
  const rows = [];
  for await (const r of plan.rows)
    rows.push(orderRow(toNormalizedOrder([parseRow(r.rowNo, r.cells, { layout: plan.layout, index: plan.index }).data], new Date())));
  return rows;
}

/** The database's floor: the same orders by a plain INSERT … SELECT json_to_recordset per 500, nothing else. */
async function bareInsert(db: Db, orgId: number, rows: Awaited<ReturnType<typeof ordersOf>>) {
  const [shop] = await db
    .insert(shops)
    .values({ orgId, channel: 'TAOBAO', name: `店铺${Math.random()}` })
    .returning({ id: shops.id });
  const cols = Object.keys(rows[0] ?? {});
  const types = sql.raw(
    cols
      .map(
        (c) =>
          `${c} ${/_fen$/.test(c) ? 'bigint' : /_at$/.test(c) ? 'timestamptz' : c === 'receiver_encrypted' ? 'boolean' : c === 'seller_flag' ? 'int' : 'text'}`,
      )
      .join(', '),
  );
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += 500) {
    await db.execute(sql`insert into shop_orders (org_id, shop_id, channel, source, ${sql.raw(cols.join(', '))})
      select ${orgId}, ${shop!.id}, 'TAOBAO', 'IMPORT', ${sql.raw(cols.map((c) => `x.${c}`).join(', '))}
      from json_to_recordset(${JSON.stringify(rows.slice(i, i + 500))}::json) as x(${types})`);
  }
  return (performance.now() - t0) / 1000;
}

async function files(n: number) {
  const rows = Array.from({ length: n }, (_, i) => taobaoRow(sampleOrder(i, 'B')));
  return { xlsx: await xlsx(TAOBAO_HEADERS, rows), csv: csv(TAOBAO_HEADERS, rows, 'gbk') };
}

async function main() {
  const f = await files(N);
  const { database, orgId, userId } = await setup();
  console.log(`order import: ${N.toLocaleString('en')}-row Taobao 订单报表, ${RUNS} runs each (node ${process.version}, in-memory PGlite)`);
  for (const [kind, ext, bytes, bare] of [
    ['xlsx', 'xlsx', f.xlsx, bareXlsx],
    ['csv (GBK)', 'csv', f.csv, bareCsv],
  ] as const) {
    // Warm-up: JIT, area tables, the first statements.
    await bare(bytes);
    await importOnce(database.db, { orgId, userId }, `warm.${ext}`, bytes);
    const orders = await ordersOf(`orders.${ext}`, bytes);
    const ours: { parse: number; write: number; total: number }[] = [];
    const base: number[] = [];
    const floor: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      await bare(bytes);
      base.push((performance.now() - t0) / 1000);
      ours.push(await importOnce(database.db, { orgId, userId }, `orders.${ext}`, bytes));
      floor.push(await bareInsert(database.db, orgId, orders));
    }
    const total = median(ours.map((o) => o.total));
    const parse = median(ours.map((o) => o.parse));
    const write = median(ours.map((o) => o.write));
    const b = median(base);
    const best = Math.min(...ours.map((o, i) => o.total / base[i]!));
    console.log(`  ${kind}: ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);
    console.log(`    bare streaming parse:              median ${b.toFixed(3)} s, ${Math.round(N / b).toLocaleString('en')} rows/s`);
    console.log(`    ours, parse + validate + preview:  median ${parse.toFixed(3)} s  → ${(parse / b).toFixed(2)}× bare`);
    console.log(
      `    ours, whole import (+ 10k orders): median ${total.toFixed(3)} s, ${Math.round(N / total).toLocaleString('en')} rows/s → ${(total / b).toFixed(2)}× bare, best run ${best.toFixed(2)}× (goal ≤ 2×)`,
    );
    console.log(`      of which writing the orders (import stage): median ${write.toFixed(3)} s, ${Math.round(N / write).toLocaleString('en')} orders/s`);
    console.log(
      `    database floor, plain INSERT of the same orders: median ${median(floor).toFixed(3)} s → ${(median(floor) / b).toFixed(2)}× bare on its own`,
    );
  }
  await database.close();

  // The big file is made here, so the child's peak is the import's, not the file generator's
  // (BENCH_PEAK_FILE reuses one made earlier with --make-peak-file: making it takes minutes).
  const dir = mkdtempSync(path.join(tmpdir(), 'order-import-bench-'));
  const big = process.env.BENCH_PEAK_FILE ?? path.join(dir, 'peak.xlsx');
  if (!process.env.BENCH_PEAK_FILE) writeFileSync(big, (await files(PEAK_ROWS)).xlsx);
  // With node's default heap, on PGlite on disk and (when named) on a PostgreSQL server.
  for (const url of ['', ...(process.env.BENCH_DATABASE_URL ? [process.env.BENCH_DATABASE_URL] : [])]) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--peak', big], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_DATABASE_URL: url },
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
    `    ${top.toFixed(0)} MB for the whole process during the import, ${(top - before).toFixed(0)} MB of it the import's (${before.toFixed(0)} MB before it, database open; JS heap in use at most ${heapTop.toFixed(0)} MB; goal < 400 MB)`,
  );
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

const peakAt = process.argv.indexOf('--peak');
if (peakAt > 0) await peak(process.argv[peakAt + 1] ?? '');
else if (process.argv.includes('--make-peak-file')) writeFileSync(process.argv[process.argv.length - 1] ?? '', (await files(PEAK_ROWS)).xlsx);
else await main();
