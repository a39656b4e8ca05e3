/**
 * One in-memory PGlite per test worker for the seeded starting point, lent to one test app at a time
 * and put back to the seeded state before the next: opening a PGlite from the dump (unpacking 1,700
 * files, PostgreSQL's start, the migration check) and collecting the last one's WebAssembly memory
 * cost about 0.6 CPU-s a test file.
 *
 * Put back, before each loan: the tables the last loan wrote to (PostgreSQL's own
 * counts of rows inserted, updated and deleted per table tell which, and a TRUNCATE's new file)
 * emptied with DELETE and refilled from the copies of the seeded tables taken when the instance
 * opened, about 5–15 ms; when the loan wrote to many tables or large ones, every table emptied in
 * one TRUNCATE and the seeded ones refilled (about 130 ms). Either way with triggers off (the counter tables are copied as they
 * were), every sequence set to where the seed left it, session settings and advisory locks let go.
 * A loan that has ended refuses statements, as a closed database does: a test's late write fails in
 * that test instead of landing in the next file's database.
 *
 * What a loan does not put back, and no test relies on: planner statistics (ANALYZE), dead rows'
 * space, objects created outside the public tables. A file that needs two seeded databases at once
 * gets the second opened from the dump, as before.
 */
import type { PGlite } from '@electric-sql/pglite';
import { type Database, drizzleOverPglite, type PgliteQueries, pgliteSettings } from '../src/db/client.js';
import { dumpBlob } from './migrated-snapshot.js';

/** The copies live in a schema of their own, which no query of the app or the tests reads. */
const SNAPSHOT_SCHEMA = 'test_seeded_copy';

interface Restore {
  /** Every public table emptied in one TRUNCATE, the seeded ones refilled; sequences and session. */
  all: string;
  /** Only these tables, emptied with DELETE and refilled where seeded; sequences and session as for all. */
  only(tables: string[]): string;
}

interface Shared {
  file: string;
  client: PGlite;
  restore: Restore;
  /** Each public table's mark of what was written to it (rowsWritten) when the loan began. */
  written: Map<string, string>;
  lent: boolean;
}

let shared: Promise<Shared> | undefined;

async function openShared(file: string): Promise<Shared> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite({ postgresqlconf: pgliteSettings(), loadDataDir: dumpBlob(file) });
  await client.waitReady;
  const restore = await takeCopies(client);
  return { file, client, restore, written: await rowsWritten(client), lent: false };
}

/**
 * What each public table has been written so far: rows inserted, updated and deleted, from
 * PostgreSQL's statistics, flushed first (the backend sends its counts at most once a second unless
 * asked; rolled-back transactions count too), and the table's file, which a TRUNCATE replaces
 * without counting a row. A table whose mark moved was written.
 */
async function rowsWritten(client: PGlite): Promise<Map<string, string>> {
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ t: string; mark: string }>(
    `select relname as t, concat_ws('/', n_tup_ins + n_tup_upd + n_tup_del, pg_relation_filenode(relid)) as mark
       from pg_stat_user_tables where schemaname = 'public'`,
  );
  return new Map(rows.map((r) => [r.t, r.mark]));
}

/** Past this many tables or bytes, one TRUNCATE of every table beats deleting rows. */
const DELETE_AT_MOST = { tables: 40, bytes: 2 * 1024 * 1024 };

/** Puts back what the last loan wrote: only its tables when they are few and small, else every table. */
async function putBack(s: Shared) {
  const now = await rowsWritten(s.client);
  const dirty = [...now].filter(([t, mark]) => mark !== s.written.get(t)).map(([t]) => t);
  let statements = s.restore.only(dirty);
  if (dirty.length > DELETE_AT_MOST.tables) statements = s.restore.all;
  else if (dirty.length > 0) {
    const { rows } = await s.client.query<{ bytes: number }>(
      `select coalesce(sum(pg_total_relation_size(format('public.%I', t)::regclass)), 0)::float8 as bytes from unnest($1::text[]) t`,
      [dirty],
    );
    if ((rows[0]?.bytes ?? 0) > DELETE_AT_MOST.bytes) statements = s.restore.all;
  }
  await s.client.exec(statements);
  s.written = await rowsWritten(s.client);
}

/** Copies the non-empty tables into the snapshot schema; answers the statements that put them back. */
async function takeCopies(client: PGlite): Promise<Restore> {
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
  const refill = (t: string) => {
    const overriding = tables.get(t)?.always ? 'overriding system value ' : '';
    return `insert into public."${t}" (${columnsOf(t)}) ${overriding}select * from ${SNAPSHOT_SCHEMA}."${t}";`;
  };
  const after = [
    ...sequences.map(({ s, last, start }) => `select setval('${s}', ${last ?? start}, ${last !== null});`),
    'select pg_advisory_unlock_all();',
    'reset all;',
  ];
  const replica = 'set session_replication_role = replica;';
  return {
    all: [replica, `truncate ${[...tables.keys()].map((t) => `public."${t}"`).join(', ')};`, ...filled.map(refill), ...after].join('\n'),
    only: (dirty) => [replica, ...dirty.map((t) => `delete from public."${t}";`), ...dirty.filter((t) => filled.includes(t)).map(refill), ...after].join('\n'),
  };
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
    if (s.lent) return undefined;
    const old = s.client;
    shared = openShared(file);
    s = await shared;
    await old.close();
  }
  if (s.lent) return undefined;
  s.lent = true;
  try {
    // Before the first loan too: nothing is written yet, and sequences and session are set as after any.
    await putBack(s);
  } catch (err) {
    s.lent = false;
    shared = undefined;
    await s.client.close().catch(() => {});
    throw err;
  }
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
