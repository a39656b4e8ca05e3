/**
 * What the list benches share: our database handle (drizzle, opened as the server opens it) beside
 * a bare query function on the same database for the baseline, and a closed-loop latency
 * measurement at a given concurrency.
 */

import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Db, pgliteSettings } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { useReceiverKeys } from '../apps/server/src/lib/receiver-vault/index.ts';

/** Benches write orders as the server does (receivers sealed): a vault with a key of this run only. */
export function useBenchReceiverKeys() {
  useReceiverKeys({ receiverKeys: `bench:${randomBytes(32).toString('base64')}`, receiverKeyDir: '', production: false });
}

const migrationsFolder = new URL('../apps/server/drizzle', import.meta.url).pathname;

export interface BenchDb {
  db: Db;
  kind: 'PostgreSQL' | 'PGlite';
  bare: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set (two pools of `connections`, so neither side waits for the other's), else in-memory PGlite. */
export async function openBenchDb(url: string | undefined, connections: number): Promise<BenchDb> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: connections });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    const barePool = new pg.Pool({ connectionString: url, max: connections });
    return {
      db,
      kind: 'PostgreSQL',
      bare: (text, params) => barePool.query(text, params),
      close: async () => {
        await pool.end();
        await barePool.end();
      },
    };
  }
  // The server's own PGlite settings (shared_buffers, max_wal_size): the benches measure what it runs.
  const client = new PGlite({ postgresqlconf: pgliteSettings() });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'PGlite', bare: (text, params) => client.query(text, params), close: () => client.close() };
}

/** `n` calls from `concurrency` callers, each starting its next call when the last one answers. */
export async function measure(n: number, concurrency: number, fn: (i: number) => Promise<unknown>) {
  const lat: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const s = performance.now();
        await fn(i);
        lat.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  lat.sort((a, b) => a - b);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] as number;
  return { p50: pct(0.5), p99: pct(0.99), rate: n / seconds };
}

export type Measured = Awaited<ReturnType<typeof measure>>;

const medianBy = <T>(xs: T[], by: (x: T) => number) => [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)] as T;

/**
 * Ours beside the bare baseline: both warmed up, then `runs` runs alternating which side goes
 * first (neither always runs on a warmer cache); answers each side's run of median throughput.
 */
export async function compareAlternating(
  o: { calls: number; warmup: number; concurrency: number; runs: number },
  ours: (i: number) => Promise<unknown>,
  bare: (i: number) => Promise<unknown>,
): Promise<{ ours: Measured; bare: Measured }> {
  await measure(o.warmup, o.concurrency, ours);
  await measure(o.warmup, o.concurrency, bare);
  const a: Measured[] = [];
  const b: Measured[] = [];
  for (let r = 0; r < o.runs; r++) {
    if (r % 2 === 0) {
      a.push(await measure(o.calls, o.concurrency, ours));
      b.push(await measure(o.calls, o.concurrency, bare));
    } else {
      b.push(await measure(o.calls, o.concurrency, bare));
      a.push(await measure(o.calls, o.concurrency, ours));
    }
  }
  return { ours: medianBy(a, (x) => x.rate), bare: medianBy(b, (x) => x.rate) };
}
