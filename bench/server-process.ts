/**
 * The built server as a child process, for the benches that measure a whole server (its start, its
 * memory): a free port, its resident memory, the wait for /api/health, and a migrated and seeded
 * PGlite data directory to copy for each start.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** VmRSS of a process and all its descendants, in MB (Linux /proc). */
export function treeRssMb(pid: number): number {
  let kb = 0;
  const walk = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const c of children ? children.split(/\s+/) : []) walk(Number(c));
      }
    } catch {
      // The process ended between the reads.
    }
  };
  walk(pid);
  return kb / 1024;
}

/** Milliseconds from `started` to the first 200 of /api/health. */
export async function waitHealthy(port: number, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`服务进程已退出（${child.exitCode}）`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** `npm start`'s build (scripts/build-server.mjs); answers its time in ms. */
export function buildServer(): number {
  const started = performance.now();
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('服务端构建失败');
  return performance.now() - started;
}

/** A PGlite data directory migrated and seeded with the demo data (apps/server/src/prepare.ts). */
export function seededDataDir(): string {
  const seeded = mkdtempSync(path.join(os.tmpdir(), 'bench-seeded-'));
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/prepare.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: seeded, LOG_LEVEL: 'warn' },
  });
  if (prepared.status !== 0) throw new Error('演示数据准备失败');
  return seeded;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
