/**
 * Once per run, before any server test file: the databases every test file starts from, so no file
 * replays the migrations or seeds the demo data (argon2id hashes, a few hundred rows) on its own.
 *
 * - PGlite (default): the migrated dump (cached across runs by the migrations' hash, see
 *   migrated-snapshot.ts) and a migrated-and-seeded dump made for this run only — the seed's dates
 *   are relative to now, so a dump from an earlier run would carry stale deadlines.
 * - PostgreSQL (TEST_DATABASE_URL): two template databases, migrated and migrated-and-seeded; each
 *   test database is `create database … template …`, a file copy on the server.
 *
 * Test files learn where they are through vitest's provide/inject (helpers.ts).
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { useReceiverKeys } from '../src/lib/receiver-vault/index.js';
import { useTestPasswordCost } from '../src/modules/auth/password.js';
import { seedDemo } from '../src/modules/demo/seed.js';
import { openMigratedPglite } from './migrated-snapshot.js';
import { adminQuery, databaseUrl } from './pg-admin.js';
import { TEST_RECEIVER_KEYS } from './receiver-keys.js';

export type StartingPoints = { kind: 'pglite'; migrated: string; seeded: string } | { kind: 'postgres'; migrated: string; seeded: string };

declare module 'vitest' {
  export interface ProvidedContext {
    startingPoints: StartingPoints;
  }
}

export default async function setup(project: TestProject) {
  // The seeded accounts' hashes at the cheapest argon2id cost: every sign-in of every test file
  // verifies one (about 40 ms each at the production cost). docs/security.md.
  useTestPasswordCost();
  // The seed seals its receivers with the key every test app is given (helpers.ts).
  useReceiverKeys({ receiverKeys: TEST_RECEIVER_KEYS, receiverKeyDir: '', production: false });
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const run = randomBytes(4).toString('hex');
    const migrated = `tmpl_${run}_migrated`;
    const seeded = `tmpl_${run}_seeded`;
    await adminQuery(baseUrl, `create database ${migrated}`);
    const m = await openDatabase({ databaseUrl: databaseUrl(baseUrl, migrated) });
    await m.close();
    await adminQuery(baseUrl, `create database ${seeded} template ${migrated}`);
    const s = await openDatabase({ databaseUrl: databaseUrl(baseUrl, seeded) });
    await seedDemo(s.db);
    await s.close();
    project.provide('startingPoints', { kind: 'postgres', migrated, seeded });
    return async () => {
      for (const name of [migrated, seeded]) await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    };
  }

  const database = await openMigratedPglite();
  const migrated = database.file;
  await seedDemo(database.db);
  const dump = await database.dump?.();
  await database.close();
  if (!dump || !migrated) throw new Error('PGlite dump unavailable');
  const seeded = path.join(os.tmpdir(), `daifa-test-seeded-${process.pid}-${Date.now()}.tar`);
  writeFileSync(seeded, Buffer.from(await dump.arrayBuffer()));
  project.provide('startingPoints', { kind: 'pglite', migrated, seeded });
  return () => rmSync(seeded, { force: true });
}
