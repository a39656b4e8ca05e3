/**
 * The production start against the start it replaces: the server built ahead of time
 * (apps/server/dist/main.js run by `node`, what `npm start` runs) beside the
 * TypeScript loader (`tsx apps/server/src/main.ts`, what `npm start` ran before), each from a copy
 * of the same migrated and seeded PGlite data directory, runs alternating which goes first:
 * spawn-to-healthy (the first 200 of /api/health) and the resident memory of the whole process tree
 * (tsx runs the server in a child process) after it has sat idle. DATABASE_URL is ignored: the
 * embedded default is what a fresh `npm start` opens. `BENCH_RUNS` (3), `BENCH_IDLE_MS` (5000).
 * The memory is read twice: `BENCH_IDLE_MS` after healthy, and again once the server has sat idle for
 * `BENCH_SETTLE_MS` (60000): V8 keeps the young generation at the size the start's allocations grew
 * it to (up to 32 MB) until its memory reducer runs on an idle process, some tens of seconds later.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, freePort, root, seededDataDir, treeRssMb, waitHealthy } from './server-process.ts';

const runs = Number(process.env.BENCH_RUNS) || 3;
const idleMs = Number(process.env.BENCH_IDLE_MS) || 5_000;
const settleMs = Math.max(idleMs, Number(process.env.BENCH_SETTLE_MS) || 60_000);

interface Sample {
  healthyMs: number;
  rssMb: number;
  settledMb: number;
}

async function startOnce(seeded: string, command: string, args: string[]): Promise<Sample> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  cpSync(seeded, dataDir, { recursive: true });
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PRINT_COMPONENT_EMULATOR: 'free' },
  });
  try {
    const healthyMs = await waitHealthy(port, child, started);
    await new Promise((r) => setTimeout(r, idleMs));
    const rssMb = treeRssMb(child.pid ?? 0);
    await new Promise((r) => setTimeout(r, settleMs - idleMs));
    return { healthyMs, rssMb, settledMb: treeRssMb(child.pid ?? 0) };
  } finally {
    const ended = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await ended;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const buildMs = buildServer();
const seeded = seededDataDir();

const sides = {
  built: [process.execPath, ['apps/server/dist/main.js']] as const,
  tsx: [path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts']] as const,
};
const samples: Record<keyof typeof sides, Sample[]> = { built: [], tsx: [] };
for (let i = 0; i < runs; i++) {
  const order = i % 2 === 0 ? (['built', 'tsx'] as const) : (['tsx', 'built'] as const);
  for (const side of order) {
    const [cmd, args] = sides[side];
    const s = await startOnce(seeded, cmd, [...args]);
    samples[side].push(s);
    console.log(
      `run ${i + 1} ${side.padEnd(5)} healthy ${s.healthyMs.toFixed(0)} ms, RSS ${s.rssMb.toFixed(0)} MB, after ${settleMs / 1000} s idle ${s.settledMb.toFixed(0)} MB`,
    );
  }
}
rmSync(seeded, { recursive: true, force: true });

const fig = (side: keyof typeof sides) => ({
  healthy: median(samples[side].map((s) => s.healthyMs)),
  rss: median(samples[side].map((s) => s.rssMb)),
  settled: median(samples[side].map((s) => s.settledMb)),
});
const b = fig('built');
const t = fig('tsx');
console.log(`\nbuild (esbuild): ${buildMs.toFixed(0)} ms`);
console.log(`spawn → healthy, median of ${runs}: built ${b.healthy.toFixed(0)} ms, tsx ${t.healthy.toFixed(0)} ms → ${(b.healthy / t.healthy).toFixed(2)}×`);
console.log(`idle RSS (process tree) after ${idleMs} ms, median: built ${b.rss.toFixed(0)} MB, tsx ${t.rss.toFixed(0)} MB → ${(b.rss / t.rss).toFixed(2)}×`);
console.log(
  `idle RSS after ${settleMs} ms, median: built ${b.settled.toFixed(0)} MB, tsx ${t.settled.toFixed(0)} MB → ${(b.settled / t.settled).toFixed(2)}× (goal: built ≤ 300 MB)`,
);
console.log(
  `load: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
