/**
 * Once per browser-test run: a PGlite data directory migrated and seeded with the demo data, and a
 * dump of its database. Each spec's server starts in memory from the dump, with a data directory of
 * its own for files and keys (harness.ts); a spec that starts a server process copies the directory
 * (production-start.spec.ts). Without it each spec replayed every migration and the seed on an empty
 * directory before its first page. Made per run, never cached: the seed's dates are relative to now.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string;
    /** A dump of the seeded directory's database (PGlite's dumpDataDir), for servers in memory. */
    seededDump: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export default async function setup(project: TestProject) {
  let dir = process.env.E2E_SEEDED_DIR;
  const made = !dir;
  if (!dir) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'daifa-e2e-seeded-'));
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/prepare.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error(`preparing the seeded data directory failed (exit ${r.status})`);
  }
  const dump = path.join(mkdtempSync(path.join(os.tmpdir(), 'daifa-e2e-dump-')), 'seeded.tar');
  const database = await openDatabase({ dataDir: dir });
  try {
    const blob = await database.dump?.();
    if (!blob) throw new Error('the seeded PGlite database gave no dump');
    writeFileSync(dump, Buffer.from(await blob.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('seededDataDir', dir);
  project.provide('seededDump', dump);
  return () => {
    rmSync(path.dirname(dump), { recursive: true, force: true });
    if (made) rmSync(dir, { recursive: true, force: true });
  };
}
