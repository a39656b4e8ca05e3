/**
 * Test apps on the real migrations: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite on both). Either starts as a copy
 * of the run's migrated (and, unless `seed: false`, seeded) database made once in global-setup.ts.
 */
import { randomBytes } from 'node:crypto';
import { HEADERS } from '@dropship/contract';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { expectedSign } from '../src/plugins/auth.js';
// The type import brings global-setup.ts's declaration of what inject('startingPoints') answers.
import type {} from './global-setup.js';
import { dumpBlob, openDump } from './migrated-snapshot.js';
import { adminQuery, databaseUrl } from './pg-admin.js';
import { TEST_RECEIVER_KEYS } from './receiver-keys.js';
import { lendSeeded } from './shared-pglite.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A fresh database copied from the run's starting point (global-setup.ts): seeded or only migrated. */
async function openStartingPoint(seeded: boolean): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const points = inject('startingPoints');
  const from = seeded ? points.seeded : points.migrated;
  if (points.kind === 'pglite') {
    const lent = seeded ? await lendSeeded(from) : undefined;
    return { database: lent ?? (await openDump(from)), drop: async () => {} };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set in this test worker');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name} template ${from}`);
  const url = databaseUrl(baseUrl, name);
  return { database: await openDatabase({ databaseUrl: url }), url, drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * PGlite runs only: the run's migrated dump, for a test that needs a data directory of its own
 * (`openDatabase({ dataDir, loadDataDir: migratedDump() })` unpacks it there instead of running
 * every migration on an empty directory; the migrations still run and find nothing to do).
 */
export function migratedDump(): Blob {
  const points = inject('startingPoints');
  if (points.kind !== 'pglite') throw new Error('the migrated dump is a PGlite starting point');
  return dumpBlob(points.migrated);
}

export async function createTestApp(opts: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const { database, url, drop } = await openStartingPoint(opts.seed !== false);
  const config = loadConfig({ CAPTCHA_DISABLED: '1', RECEIVER_KEYS: TEST_RECEIVER_KEYS, ...opts.env, ...(url ? { DATABASE_URL: url } : {}) });
  // Errors only: a 500 a test did not expect then shows its cause in the run's output (a race on a
  // loaded CI machine may not come back when the file is run again).
  const app = await buildApp({ db: database.db, database, config }, { level: 'error' });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export interface Session {
  userId: number;
  token: string;
  /** Headers of a signed-in call, with the anti-forgery signature the page would add. */
  headers(extra?: Record<string, string>): Record<string, string>;
}

export async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<Session> {
  const isPurchaser = username.includes('purchaser') || username.includes('picker');
  const res = await app.inject({
    method: 'POST',
    url: isPurchaser ? '/api/b2/purchaser/auth/login' : '/api/auth/login',
    payload: { username, password },
  });
  const body = res.json();
  if (body.errorCode !== 0) throw new Error(`login ${username} failed: ${body.errorMsg}`);
  const { userId, userHash } = body.data as { userId: number; userHash: string };
  return {
    userId,
    token: userHash,
    headers(extra = {}) {
      const ts = String(Date.now());
      return {
        [HEADERS.token]: userHash,
        [HEADERS.userId]: String(userId),
        [HEADERS.timestamp]: ts,
        [HEADERS.sign]: expectedSign(userHash, ts),
        ...extra,
      };
    },
  };
}
