/**
 * What `npm start` runs: the server built ahead of time (apps/server/dist/main.js, made by
 * `npm run build`) started by node itself on a copy of the run's seeded data directory. It must
 * become healthy, serve the pages and the API from the bundle (the migrations and the pages' build
 * found from the bundle's folder), sign the demo seller in, draw a label on the labels thread (the
 * bundle's second file), and stop cleanly on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, inject, it } from 'vitest';
import { freePort } from '../../server/test/free-port';
import { DEMO_PASSWORD } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bundle = path.join(root, 'apps/server/dist/main.js');

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('starts the built server with node, serves the pages and the API, and stops on SIGTERM', async () => {
  expect(existsSync(bundle), '先运行 npm run build').toBe(true);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'daifa-prod-start-'));
  cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  const port = await freePort();
  const output: string[] = [];
  child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', PRINT_COMPONENT_EMULATOR: 'free' },
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const base = `http://127.0.0.1:${port}`;

  await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 120_000, interval: 200 }).toBe(200);
  const health = (await (await fetch(`${base}/api/health`)).json()) as { data: { status: string; database: string } };
  expect(health.data).toEqual({ status: 'ok', database: 'pglite' });

  const page = await fetch(`${base}/login`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root"');

  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo_seller', password: DEMO_PASSWORD }),
    })
  ).json()) as { errorCode: number; data: { userId: number; userHash: string } };
  expect(login.errorCode).toBe(0);

  // A label drawn on the labels thread, which runs the bundle's second file (dist/render-worker.js).
  const ts = String(Date.now());
  const label = await fetch(`${base}/api/labels/render`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-token': login.data.userHash,
      'x-user-id': String(login.data.userId),
      'x-timestamp': ts,
      'x-sign': createHash('sha256').update(`${login.data.userHash}:${ts}`).digest('hex'),
    },
    body: JSON.stringify({
      kind: 'backroad',
      format: 'pdf',
      data: [{ orderNo: 'DD1', pickerName: '张三', takeCode: '123456789012', sortingNo: 'A-1', printTime: '06-01 10:00' }],
    }),
  });
  expect(label.status, output.join('')).toBe(200);
  expect(
    Buffer.from(await label.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // An Excel export written on the Excel thread, the bundle's third file (dist/xlsx-worker.js).
  const ts2 = String(Date.now());
  const sheet = await fetch(`${base}/api/b2/post/orders/export`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-token': login.data.userHash,
      'x-user-id': String(login.data.userId),
      'x-timestamp': ts2,
      'x-sign': createHash('sha256').update(`${login.data.userHash}:${ts2}`).digest('hex'),
    },
    body: JSON.stringify({}),
  });
  expect(sheet.status, output.join('')).toBe(200);
  const xlsxBytes = Buffer.from(await sheet.arrayBuffer());
  // A zip (the workbook), with the demo seller's orders in it.
  expect(xlsxBytes.subarray(0, 2).toString()).toBe('PK');
  expect(xlsxBytes.length).toBeGreaterThan(5_000);

  const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output.join('')).toContain('已停止，数据库已正常关闭');
});
