/**
 * Once per browser-test run: a PGlite data directory migrated and seeded with the demo data, which
 * every spec's server starts from (a copy; harness.ts). Without it each spec replayed every
 * migration and the seed on an empty directory before its first page. Made per run, never cached:
 * the seed's dates are relative to now.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export default function setup(project: TestProject) {
  const prepared = process.env.E2E_SEEDED_DIR;
  if (prepared) {
    project.provide('seededDataDir', prepared);
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'daifa-e2e-seeded-'));
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/prepare.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`preparing the seeded data directory failed (exit ${r.status})`);
  project.provide('seededDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
