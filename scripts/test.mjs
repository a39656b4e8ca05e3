#!/usr/bin/env node
// `npm test`: build the pages, run unit, server and component tests, then the browser tests in
// Debian's Chromium. Each step stops the run on failure, so a red step is never hidden.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium-path.mjs';

function run(cmd, args, env = {}) {
  console.log(`\n▶ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✖ 失败：${cmd} ${args.join(' ')}（退出码 ${r.status}）`);
    process.exit(r.status ?? 1);
  }
}

run('npm', ['run', 'lint']);
run('npm', ['run', 'typecheck']);
run('npm', ['run', 'build']);
run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'server', '--project', 'web']);

const chromium = chromiumPath();
if (!chromium || !existsSync(chromium)) {
  console.error('\n✖ 浏览器测试需要 Debian 的 Chromium，请先安装：apt-get install -y chromium（中文字体：fonts-noto-cjk）');
  process.exit(1);
}
run('npx', ['vitest', 'run', '--project', 'e2e'], { CHROMIUM_PATH: chromium });
