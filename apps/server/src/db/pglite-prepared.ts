/**
 * Statements PGlite keeps planned. PGlite's client parses and plans every statement it is sent (it
 * names none, where node-postgres keeps drizzle's named statements prepared on each connection),
 * and on PGlite that is most of a small statement's time: the session lookup every signed-in call
 * makes took 358 µs so, 126 µs as EXECUTE of a statement prepared once in the database session with
 * SQL's PREPARE (measured in-process, same instance). This runs a drizzle query that way on PGlite;
 * on PostgreSQL, and inside a transaction (no driver client), it answers undefined and the caller
 * takes its ordinary path.
 */
import { Column, is, Placeholder, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, type PgliteDriver, pgliteDriverOf } from './client.js';

const dialect = new PgDialect();

/** A value EXECUTE takes as a literal: text, or a finite number. */
export type Literal = string | number;

/**
 * A text literal in standard-conforming quoting (PostgreSQL's default since 9.1: a backslash is
 * itself, a quote doubled), typed by the prepared statement's parameter it fills.
 */
function literal(v: Literal): string {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  return `'${v.replaceAll("'", "''")}'`;
}

/** Which statements this client's session has prepared (a session lent again keeps its statements). */
const prepared = new WeakMap<PgliteDriver, Map<string, Promise<void>>>();

function prepareOnce(client: PgliteDriver, name: string, text: string): Promise<void> {
  const mine = prepared.get(client) ?? new Map<string, Promise<void>>();
  prepared.set(client, mine);
  let done = mine.get(name);
  if (!done) {
    done = client.query(`prepare ${name} as ${text}`).then(
      () => undefined,
      (err: { code?: string }) => {
        // 42P05: the session has it already (prepared through another drizzle instance over this client).
        if (err?.code === '42P05') return;
        mine.delete(name);
        throw err;
      },
    );
    mine.set(name, done);
  }
  return done;
}

/** A drizzle select of columns (no nested objects or raw SQL fields): what executePrepared runs. */
type ColumnSelect = SQLWrapper & { _: { selectedFields: Record<string, unknown>; result: unknown[] } };

/**
 * Runs `query` on PGlite as EXECUTE of a statement named `name`, prepared on first use; `values`
 * fills its placeholders by name. Answers the rows as drizzle would (each selected column read by
 * its own mapping), or undefined when the database is not PGlite's top level.
 */
export async function executePrepared<Q extends ColumnSelect>(
  db: Db,
  name: string,
  query: Q,
  values: Record<string, Literal>,
): Promise<Q['_']['result'] | undefined> {
  const client = pgliteDriverOf(db);
  if (!client) return undefined;
  const { sql: text, params, columns } = statementOf(query);
  const args = params.map((p) => literal(is(p, Placeholder) ? placeholderValue(values, p.name) : (p as Literal)));
  const run = async () => {
    const { rows } = await client.query<unknown[]>(`execute ${name}(${args.join(', ')})`, [], { rowMode: 'array' });
    return rows.map((r) => Object.fromEntries(columns.map(([key, column], i) => [key, r[i] === null ? null : column.mapFromDriverValue(r[i])])));
  };
  await prepareOnce(client, name, text);
  try {
    return await run();
  } catch (err) {
    // 26000: the session lost it (DEALLOCATE, a new session): prepare it again once.
    if ((err as { code?: string })?.code !== '26000') throw err;
    prepared.get(client)?.delete(name);
    await prepareOnce(client, name, text);
    return await run();
  }
}

interface Statement {
  sql: string;
  params: unknown[];
  /** The selected columns in the statement's order, by the key each row answers them under. */
  columns: [string, Column][];
}

/** The query's text, parameters and columns, made once per query object (the dialect's build is not free). */
const statements = new WeakMap<SQLWrapper, Statement>();
function statementOf(query: ColumnSelect): Statement {
  let s = statements.get(query);
  if (!s) {
    const columns = Object.entries(query._.selectedFields).map(([key, field]): [string, Column] => {
      if (!is(field, Column)) throw new Error(`executePrepared selects columns only; ${key} is not one`);
      return [key, field];
    });
    s = { ...dialect.sqlToQuery(query.getSQL()), columns };
    statements.set(query, s);
  }
  return s;
}

function placeholderValue(values: Record<string, Literal>, name: string): Literal {
  const v = values[name];
  if (v === undefined) throw new Error(`no value for placeholder ${name}`);
  return v;
}
