/**
 * One in-memory PGlite per test worker for the seeded starting point, lent to one test app at a time
 * and put back to the seeded state before the next: opening a PGlite from the dump (unpacking 1,700
 * files, PostgreSQL's start, the migration check) and collecting the last one's WebAssembly memory
 * cost about 0.6 CPU-s a test file; putting the tables back costs about 0.15.
 *
 * Put back, before each loan after the first: every table of the public schema emptied in one
 * TRUNCATE (which also leaves no planner statistics behind: a table that was never analysed reads
 * reltuples -1 again) and refilled from the copies taken of the non-empty ones when the instance
 * opened, every sequence set to where the seed left it, triggers off meanwhile (the counters are
 * copied as they were), session settings and advisory locks released. A loan that has ended refuses
 * statements, as a closed database does: a test's late write fails in that test instead of landing in
 * the next file's database.
 *
 * What the loan does not put back, and no test relies on: planner statistics of other tables
 * (ANALYZE), dead rows' space, objects a test creates outside the public schema. A file that needs
 * two seeded databases at once gets the second opened from the dump, as before.
 */
import type { PGlite } from '@electric-sql/pglite';
import { type Database, drizzleOverPglite, type PgliteQueries, pgliteSettings } from '../src/db/client.js';
import { dumpBlob } from './migrated-snapshot.js';

/** The copies live in a schema of their own, which no query of the app or the tests reads. */
const SNAPSHOT_SCHEMA = 'test_seeded_copy';

interface Shared {
  file: string;
  client: PGlite;
  restore: string;
  lent: boolean;
  used: boolean;
}

let shared: Promise<Shared> | undefined;

async function openShared(file: string): Promise<Shared> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite({ postgresqlconf: pgliteSettings(), loadDataDir: dumpBlob(file) });
  await client.waitReady;
  return { file, client, restore: await takeCopies(client), lent: false, used: false };
}

/** Copies the non-empty tables into the snapshot schema; answers the statements that put them back. */
async function takeCopies(client: PGlite): Promise<string> {
  const { rows: columns } = await client.query<{ t: string; c: string; always: boolean }>(
    `select table_name as t, column_name as c, identity_generation = 'ALWAYS' as always
       from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER'
      order by table_name, ordinal_position`,
  );
  const tables = new Map<string, { cols: string[]; always: boolean }>();
  for (const { t, c, always } of columns) {
    const table = tables.get(t) ?? { cols: [], always: false };
    table.cols.push(`"${c}"`);
    table.always ||= always;
    tables.set(t, table);
  }
  const { rows: counts } = await client.query<{ t: string; n: number }>(
    [...tables.keys()].map((t) => `select '${t}' as t, count(*)::int as n from public."${t}"`).join(' union all '),
  );
  const filled = counts.filter((r) => r.n > 0).map((r) => r.t);
  const columnsOf = (t: string) => tables.get(t)?.cols.join(', ') ?? '*';
  const copies = filled.map((t) => `create table ${SNAPSHOT_SCHEMA}."${t}" as select ${columnsOf(t)} from public."${t}";`);
  await client.exec([`create schema ${SNAPSHOT_SCHEMA};`, ...copies].join('\n'));
  const { rows: sequences } = await client.query<{ s: string; last: string | null; start: string }>(
    `select format('%I.%I', schemaname, sequencename) as s, last_value::text as last, start_value::text as start from pg_sequences where schemaname = 'public'`,
  );
  return [
    'set session_replication_role = replica;',
    `truncate ${[...tables.keys()].map((t) => `public."${t}"`).join(', ')};`,
    ...filled.map((t) => {
      const overriding = tables.get(t)?.always ? 'overriding system value ' : '';
      return `insert into public."${t}" (${columnsOf(t)}) ${overriding}select * from ${SNAPSHOT_SCHEMA}."${t}";`;
    }),
    ...sequences.map(({ s, last, start }) => `select setval('${s}', ${last ?? start}, ${last !== null});`),
    'select pg_advisory_unlock_all();',
    'reset all;',
  ].join('\n');
}

/**
 * The worker's seeded database, lent until the answer's close(); undefined while it is out on another
 * loan (the caller opens one of its own).
 */
export async function lendSeeded(file: string): Promise<Database | undefined> {
  shared ??= openShared(file);
  let s = await shared;
  if (s.file !== file) {
    // Another run's starting point (a worker lives for one run): start over from this one.
    shared = openShared(file);
    s = await shared;
  }
  if (s.lent) return undefined;
  s.lent = true;
  try {
    if (s.used) await s.client.exec(s.restore);
  } catch (err) {
    s.lent = false;
    shared = undefined;
    await s.client.close().catch(() => {});
    throw err;
  }
  s.used = true;
  let open = true;
  const closed = () => Promise.reject(new Error('PGlite is closed'));
  const client = s.client;
  const gated: PgliteQueries = {
    parsers: client.parsers,
    query: ((...args: Parameters<PGlite['query']>) => (open ? client.query(...args) : closed())) as PGlite['query'],
    transaction: ((fn: Parameters<PGlite['transaction']>[0]) => (open ? client.transaction(fn) : closed())) as PGlite['transaction'],
  };
  return {
    db: await drizzleOverPglite(gated),
    kind: 'pglite',
    async close() {
      if (!open) return;
      open = false;
      s.lent = false;
    },
  };
}
