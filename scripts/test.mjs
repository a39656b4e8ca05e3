#!/usr/bin/env node
// `npm test`: lint, typecheck, build the pages, run unit, server and component tests, then the browser
// tests in Debian's Chromium. Each step stops the run on failure, so a red step is never hidden; the
// time of each is printed at the end (and appended to STAGE_TIMINGS when set, for .ci/run's summary).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { chromiumPath } from './chromium-path.mjs';

const timings = [];

function report() {
  const lines = timings.map(([name, s]) => `  ${name.padEnd(34)} ${s.toFixed(0).padStart(5)} s`);
  console.log(`\n⏱ npm test 各阶段用时\n${lines.join('\n')}`);
  if (process.env.STAGE_TIMINGS) appendFileSync(process.env.STAGE_TIMINGS, `${lines.join('\n')}\n`);
}

function run(name, cmd, args, env = {}) {
  console.log(`\n▶ ${cmd} ${args.join(' ')}`);
  const started = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([name, (performance.now() - started) / 1000]);
  if (r.status !== 0) {
    report();
    console.error(`\n✖ 失败：${cmd} ${args.join(' ')}（退出码 ${r.status}）`);
    process.exit(r.status ?? 1);
  }
}

run('lint', 'npm', ['run', 'lint']);
run('typecheck', 'npm', ['run', 'typecheck']);
run('build', 'npm', ['run', 'build']);
run('unit + server (PGlite) + web', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'server', '--project', 'web']);

const chromium = chromiumPath();
if (!chromium || !existsSync(chromium)) {
  console.error('\n✖ 浏览器测试需要 Debian 的 Chromium，请先安装：apt-get install -y chromium（中文字体：fonts-noto-cjk）');
  process.exit(1);
}
run('browser (e2e)', 'npx', ['vitest', 'run', '--project', 'e2e'], { CHROMIUM_PATH: chromium });
report();
