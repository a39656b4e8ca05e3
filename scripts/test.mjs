#!/usr/bin/env node
// `npm test`: lint and build the pages side by side, with the browser tests' starting database; then
// the server tests; then the browser tests in Debian's Chromium, with the typecheck and the unit and
// component tests beside them.
// Steps that run together print their output as each ends; a failed step fails the run, after every
// step of its phase has ended, so nothing red is hidden. The time of each step is printed at the end
// (and appended to STAGE_TIMINGS when set, for .ci/run's summary). TEST_SERIAL=1 runs one step at a
// time with live output (for reading a failure as it happens).
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from './chromium-path.mjs';

const serial = process.env.TEST_SERIAL === '1';
/** Output goes straight through when a step runs alone (TEST_SERIAL=1, or a phase of one step). */
let live = serial;
const timings = [];

function report() {
  const lines = timings.map(([name, s, ok]) => `  ${name.padEnd(34)} ${s.toFixed(0).padStart(5)} s${ok ? '' : '  ✖'}`);
  console.log(`\n⏱ npm test 各阶段用时\n${lines.join('\n')}`);
  if (process.env.STAGE_TIMINGS) appendFileSync(process.env.STAGE_TIMINGS, `${lines.join('\n')}\n`);
}

/**
 * Runs one step; its output goes straight through when it runs alone, else is kept and printed when it
 * ends. `background`: at a lower CPU priority (nice 10), for a step that only fills what the steps
 * beside it leave idle.
 */
function step(name, cmd, args, { env = {}, background = false } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    if (live) console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
    const [file, argv] = background && !serial ? ['nice', ['-n', '10', cmd, ...args]] : [cmd, args];
    const child = spawn(file, argv, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const out = [];
    if (!live) {
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
    }
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      timings.push([name, seconds, code === 0]);
      if (!live) {
        console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}（${seconds.toFixed(0)} s）`);
        process.stdout.write(Buffer.concat(out));
      }
      if (code !== 0) console.error(`\n✖ 失败：${name}（${cmd} ${args.join(' ')}，退出码 ${code}）`);
      resolve(code === 0);
    });
  });
}

/** Steps that may run together: side by side, or one after another under TEST_SERIAL=1. */
async function phase(steps) {
  const results = [];
  live = serial || steps.length === 1;
  if (serial) for (const s of steps) results.push(await s());
  else results.push(...(await Promise.all(steps.map((s) => s()))));
  if (results.includes(false)) {
    report();
    process.exit(1);
  }
}

const chromium = chromiumPath();
if (!chromium || !existsSync(chromium)) {
  console.error('\n✖ 浏览器测试需要 Debian 的 Chromium，请先安装：apt-get install -y chromium（中文字体：fonts-noto-cjk）');
  process.exit(1);
}

// The browser tests' migrated and seeded PGlite data directory (apps/web/e2e/global-setup.ts makes
// it when E2E_SEEDED_DIR is not set): made here, beside lint and the page build, rather than alone at
// the start of the browser phase (about 25 s there).
const e2eData = mkdtempSync(path.join(os.tmpdir(), 'daifa-e2e-seeded-'));
process.on('exit', () => rmSync(e2eData, { recursive: true, force: true }));

await phase([
  () => step('lint', 'npm', ['run', 'lint']),
  () => step('build', 'npm', ['run', 'build']),
  () =>
    step('browser data (migrate + seed)', process.execPath, ['--import', 'tsx', 'apps/server/src/prepare.ts'], {
      env: { DATA_DIR: e2eData, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    }),
]);
await phase([() => step('server (PGlite)', 'npx', ['vitest', 'run', '--project', 'server'])]);
// The browser specs run two at a time (E2E_WORKERS to change; at three Chromium's PDF viewer
// crashed a page once on two cores), after the server suite: side by side with it the machine is
// oversubscribed and timing-sensitive tests suffer. The browser specs leave about an eighth of the
// two cores idle (they wait on pages and servers), which the typecheck and the short unit and
// component suites fill: they run beside them, at a lower priority, so they take what the browser
// specs leave rather than slowing them.
await phase([
  () =>
    step('browser (e2e)', 'npx', ['vitest', 'run', '--project', 'e2e'], {
      env: { CHROMIUM_PATH: chromium, TEST_WORKERS: process.env.E2E_WORKERS ?? '2', E2E_SEEDED_DIR: e2eData },
    }),
  () => step('typecheck', 'npm', ['run', 'typecheck'], { background: true }),
  () => step('unit + web', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web'], { env: { TEST_WORKERS: '1' }, background: true }),
]);
report();
