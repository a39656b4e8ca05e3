/**
 * Test apps on the real migrations: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite on both).
 */
import { randomBytes } from 'node:crypto';
import { HEADERS } from '@dropship/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { DEMO_PASSWORD, seedDemo } from '../src/modules/demo/seed.js';
import { expectedSign } from '../src/plugins/auth.js';
import { openMigratedPglite } from './migrated-snapshot.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

async function createPgDatabase(baseUrl: string) {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(opts: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const pgDb = baseUrl ? await createPgDatabase(baseUrl) : undefined;
  const config = loadConfig({ CAPTCHA_DISABLED: '1', ...opts.env, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });
  const database = pgDb ? await openDatabase({ databaseUrl: pgDb.url }) : await openMigratedPglite();
  if (opts.seed !== false) await seedDemo(database.db);
  const app = await buildApp({ db: database.db, database, config });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
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
