/**
 * The server's memory around a 100,000-row order import, measured on the server `npm start` runs
 * (the built bundle) as a child process, driven over HTTP as the import page drives it: upload the
 * .xlsx, wait for the preview, confirm, wait for the end. Its resident memory (VmRSS) is read
 * after a minute idle before the import, every 100 ms during it (the peak), right after it, and a
 * minute after that. On the embedded default (a copy of the seeded demo PGlite directory) and, when
 * BENCH_DATABASE_URL names a throwaway PostgreSQL database, on it too (the server migrates and seeds
 * it). Issue 22's goals: ≤ 450 MB after the import on PGlite, < 400 MB on PostgreSQL. The bare
 * baseline, same run: the peak RSS of a node process that only streams the same file through exceljs'
 * reader, touching every cell; the import's growth (peak − idle) is printed as a ratio to it.
 *
 *   npx tsx bench/import-memory.bench.ts
 *
 * BENCH_PEAK_FILE reuses a file made by `npx tsx bench/order-import.bench.ts --make-peak-file F`
 * (making one takes a minute or two); BENCH_SETTLE_MS (60000) is the idle time before each reading.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HEADERS } from '@dropship/contract';
import { expectedSign } from '../apps/server/src/plugins/auth.ts';
import { buildServer, freePort, root, seededDataDir, sleep, treeRssMb, waitHealthy } from './server-process.ts';

const settleMs = Number(process.env.BENCH_SETTLE_MS) || 60_000;

function peakFile(): { file: string; made?: string } {
  if (process.env.BENCH_PEAK_FILE) return { file: process.env.BENCH_PEAK_FILE };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-memory-'));
  const file = path.join(dir, 'peak.xlsx');
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/order-import.bench.ts', '--make-peak-file', file], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('生成 10 万行订单文件失败');
  return { file, made: dir };
}

/** Peak RSS (MB) of a bare node process streaming the file through exceljs' reader, every cell touched. */
function bareParsePeakMb(file: string): number {
  const code = `
    import ExcelJS from 'exceljs';
    import { createReadStream } from 'node:fs';
    let cells = 0;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(${JSON.stringify(file)}), { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
    for await (const sheet of reader) for await (const row of sheet) for (const v of row.values) if (v !== undefined) cells++;
    console.log(JSON.stringify({ cells, maxRssKb: process.resourceUsage().maxRSS }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bare parse failed: ${r.stderr}`);
  return (JSON.parse(r.stdout.trim()) as { maxRssKb: number }).maxRssKb / 1024;
}

/** Signs in as the demo seller; answers the signed headers of each call, as the page sends them. */
async function signIn(base: string) {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo_seller', password: 'Demo@2026' }),
  });
  const { data } = (await r.json()) as { data: { userId: number; userHash: string } };
  return () => {
    const ts = String(Date.now());
    return {
      [HEADERS.token]: data.userHash,
      [HEADERS.userId]: String(data.userId),
      [HEADERS.timestamp]: ts,
      [HEADERS.sign]: expectedSign(data.userHash, ts),
    };
  };
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const body = (await (await fetch(url, init)).json()) as { errorCode: number; errorMsg: string; data: T };
  if (body.errorCode !== 0) throw new Error(`${url}: ${body.errorMsg}`);
  return body.data;
}

async function importOnce(label: string, file: Buffer, databaseUrl: string, seeded: string, bareMb: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'import-memory-db-'));
  if (!databaseUrl) cpSync(seeded, dataDir, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', CAPTCHA_DISABLED: '1' },
  });
  try {
    await waitHealthy(port, child, performance.now());
    await sleep(settleMs);
    const rss = () => treeRssMb(child.pid ?? 0);
    const idle = rss();
    const base = `http://127.0.0.1:${port}`;
    const headers = await signIn(base);
    const shops = await call<{ id: number }[]>(`${base}/api/b2/orders/import/shops`, { headers: headers() });
    // The peak of each stage: the file read into the preview, then the orders written.
    const peaks = { preview: idle, write: idle };
    let stage: keyof typeof peaks = 'preview';
    const sampler = setInterval(() => {
      peaks[stage] = Math.max(peaks[stage], rss());
    }, 100);
    const started = performance.now();
    const form = new FormData();
    form.set('shopId', String(shops[0]?.id));
    form.set('file', new Blob([file]), 'peak.xlsx');
    const { jobId } = await call<{ jobId: number }>(`${base}/api/b2/orders/import`, { method: 'POST', headers: headers(), body: form });
    const until = async (statuses: string[]) => {
      for (;;) {
        const v = await call<{ status: string; validOrders: number; imported: number; message: string | null }>(`${base}/api/b2/orders/import/${jobId}`, {
          headers: headers(),
        });
        if (v.status === 'FAILED') throw new Error(`导入失败：${v.message}`);
        if (statuses.includes(v.status)) return v;
        await sleep(500);
      }
    };
    const preview = await until(['PREVIEW']);
    const previewS = (performance.now() - started) / 1000;
    stage = 'write';
    await call(`${base}/api/b2/orders/import/${jobId}/confirm`, { method: 'POST', headers: { ...headers(), 'content-type': 'application/json' }, body: '{}' });
    const done = await until(['DONE']);
    const totalS = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = rss();
    const peak = Math.max(peaks.preview, peaks.write);
    await sleep(settleMs);
    const settled = rss();
    console.log(
      `${label}: ${preview.validOrders.toLocaleString('en')} orders previewed in ${previewS.toFixed(1)} s, ${done.imported.toLocaleString('en')} imported, ${totalS.toFixed(1)} s in all`,
    );
    console.log(
      `  RSS: ${idle.toFixed(0)} MB idle before, ${peak.toFixed(0)} MB peak during the import (${peaks.preview.toFixed(0)} previewing, ${peaks.write.toFixed(0)} writing), ${after.toFixed(0)} MB right after, ${settled.toFixed(0)} MB after ${settleMs / 1000} s idle`,
    );
    console.log(
      `  the import's growth ${(peak - idle).toFixed(0)} MB → ${((peak - idle) / bareMb).toFixed(2)}× the bare parse's whole process (${bareMb.toFixed(0)} MB)`,
    );
  } finally {
    const ended = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await ended;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

buildServer();
const seeded = seededDataDir();
const { file, made } = peakFile();
const bytes = readFileSync(file);
const bareMb = bareParsePeakMb(file);
console.log(`bare streaming parse of the file (exceljs, every cell): peak RSS ${bareMb.toFixed(0)} MB`);
await importOnce('PGlite (embedded default, seeded demo data)', bytes, '', seeded, bareMb);
if (process.env.BENCH_DATABASE_URL) await importOnce('PostgreSQL', bytes, process.env.BENCH_DATABASE_URL, seeded, bareMb);
rmSync(seeded, { recursive: true, force: true });
if (made) rmSync(made, { recursive: true, force: true });
console.log(
  `load: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
