/**
 * Opens the database: PGlite (embedded PostgreSQL) under DATA_DIR by default, or a PostgreSQL
 * server when DATABASE_URL is set. Both run the same drizzle migrations at start.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { SERVER_ROOT } from '../lib/server-root.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: its files as a tarball (test-support caches a freshly migrated one). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(SERVER_ROOT, 'drizzle');

export interface OpenOptions {
  /** A directory for PGlite's files; undefined keeps PGlite in memory (tests). */
  dataDir?: string;
  databaseUrl?: string;
  /**
   * Start from this dump of an already migrated database (test-support's migrated-snapshot cache),
   * in memory or in a data directory that holds no database yet (PGlite refuses to unpack over
   * one). The migrations still run and find nothing left to apply.
   */
  loadDataDir?: Blob;
}

/**
 * Each driver is imported by the open that uses it: a server on PGlite never loads pg (about 15 MB
 * of resident memory), one on PostgreSQL never loads PGlite (decision 0043).
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir, opts.loadDataDir);
}

export const MIGRATIONS_FOLDER = migrationsFolder;

/**
 * PGlite's PostgreSQL settings. max_wal_size keeps pg_wal from growing to 800 MB of recycled segments
 * (measured in deps.md). shared_buffers: PGlite's default of 128 MB is memory the process holds
 * from the start (its WebAssembly heap grows past its 128 MB minimum to hold it); 32 MB keeps the heap
 * at that minimum, and the data files still sit in the operating system's page cache (decision
 * 0043, measured there). PGLITE_SHARED_BUFFERS overrides it.
 */
export function pgliteSettings(): string[] {
  return ['max_wal_size=128MB', `shared_buffers=${process.env.PGLITE_SHARED_BUFFERS || '32MB'}`];
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  let release = () => {};
  let pgdata: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // Two processes on one PGlite directory corrupt it silently (ARCHITECTURE.md): refuse the second.
    release = acquireDataDirLock(dataDir);
    pgdata = path.join(dataDir, 'pgdata');
  }
  try {
    const [{ PGlite }, { migrate: migratePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite/migrator')]);
    const client = new PGlite({ dataDir: pgdata, postgresqlconf: pgliteSettings(), ...(loadDataDir ? { loadDataDir } : {}) });
    await client.waitReady;
    const db = await drizzleOverPglite(client);
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      // A checkpoint first: the dump then opens without replaying the write-ahead log since the
      // last one and checkpointing again at the end of that recovery (every server test file opens
      // a test dump: about a sixth of an open's CPU).
      dump: async () => {
        await client.query('checkpoint');
        return client.dumpDataDir('none');
      },
      async close() {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

type PGliteClient = import('@electric-sql/pglite').PGlite;
/** What the drizzle database uses of a PGlite client (a test's shared client hands out a gated one). */
export type PgliteQueries = Pick<PGliteClient, 'query' | 'transaction' | 'parsers'>;

/** The drizzle database over a PGlite client, its statements read by the client's own parsers (below). */
export async function drizzleOverPglite(client: PgliteQueries): Promise<Db> {
  const { drizzle } = await import('drizzle-orm/pglite');
  return drizzle(withDrizzleParsers(client) as unknown as PGliteClient, { schema }) as unknown as Db;
}
/** Marks the driver client a drizzle database over PGlite holds as `$client` (pglite-prepared.ts looks for it). */
export const PGLITE_CLIENT = Symbol('pglite client');
export type PgliteDriver = Pick<PGliteClient, 'query' | 'transaction'> & { [PGLITE_CLIENT]: true };
type Queryable = Pick<PGliteClient, 'query'>;
/** The PGlite driver a drizzle database over PGlite holds, or undefined (PostgreSQL, a transaction). */
export function pgliteDriverOf(db: Db): PgliteDriver | undefined {
  const client = (db as unknown as { $client?: Partial<PgliteDriver> }).$client;
  return client?.[PGLITE_CLIENT] ? (client as PgliteDriver) : undefined;
}

/**
 * How many statements `db` runs side by side: one on PGlite (it runs them one after the other, on
 * this thread) or on a single connection, the pool's size on a PostgreSQL pool.
 */
export function sideBySide(db: Db): number {
  if (pgliteDriverOf(db)) return 1;
  const pool = (db as unknown as { $client?: { totalCount?: number; options?: { max?: number } } }).$client;
  return typeof pool?.totalCount === 'number' ? (pool.options?.max ?? 10) : 1;
}

type QueryOptions = Parameters<PGliteClient['query']>[2];

/**
 * The PGlite client drizzle is given. drizzle hands PGlite its own parsers with every statement (it
 * reads dates, timestamps, intervals and numeric arrays as text), and PGlite then copies its whole
 * table of about 320 parsers (one per type and array type) into a new object for that statement: 6 %
 * of the server tests' CPU in a profile, the same share of every statement of a server on PGlite.
 * The client takes drizzle's parsers into its own table instead (the ones drizzle sends, so a drizzle
 * that sends others is followed) and the statement goes without them; what drizzle reads is
 * unchanged. A raw `query` on `$client` (the dropship list's hot path) reads those types as text too.
 */
function withDrizzleParsers(client: PgliteQueries): PgliteDriver {
  const adopt = (opts: QueryOptions): QueryOptions => {
    if (!opts?.parsers) return opts;
    Object.assign(client.parsers, opts.parsers);
    return { ...opts, parsers: undefined };
  };
  const queryOf =
    (q: Queryable): Queryable['query'] =>
    (text, params, opts) =>
      q.query(text, params, adopt(opts));
  return {
    query: queryOf(client),
    transaction: (fn) => client.transaction((tx) => fn(Object.assign(Object.create(tx), { query: queryOf(tx) }))),
    [PGLITE_CLIENT]: true,
  };
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  // An idle connection the server ends (restart, failover, a dropped database) is reported on the
  // pool; unhandled it would crash the process. The pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL 空闲连接已断开：${err.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several server processes may start together: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727001)');
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727001)').catch(() => {});
    lockClient.release();
  }
  await db.execute(sql`select 1`);
  return { db, kind: 'postgres', close: () => pool.end() };
}
