/**
 * Statements PGlite keeps planned (src/db/pglite-prepared.ts): the same rows as the query run the
 * ordinary way, a quote in a value kept as text, the statement prepared again when the session lost
 * it, a second drizzle instance over the same client, and nothing on PostgreSQL or in a transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePrepared } from '../src/db/pglite-prepared.js';
import { users } from '../src/modules/auth/auth.table.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const byName = (db: TestApp['database']['db']) =>
  db
    // A timestamp too: each column is read by its own mapping, as drizzle reads it.
    .select({ id: users.id, username: users.username, isMain: users.isMain, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.username, sql.placeholder('name')))
    .limit(1);

describe('statements PGlite keeps planned', () => {
  it('answers what the query answers, by EXECUTE on PGlite and not at all on PostgreSQL', async () => {
    const db = t.database.db;
    const rows = await executePrepared(db, 'test_user_by_name', byName(db), { name: 'demo_seller' });
    const plain = await byName(db).execute({ name: 'demo_seller' });
    if (t.database.kind === 'postgres') {
      expect(rows).toBeUndefined();
      return;
    }
    expect(rows).toEqual(plain);
    // A quote is text, not the end of the literal; no such user.
    expect(await executePrepared(db, 'test_user_by_name', byName(db), { name: "demo_seller' or '1'='1" })).toEqual([]);
    // Inside a transaction there is no driver client: the caller's ordinary path.
    await db.transaction(async (tx) => {
      expect(await executePrepared(tx as never, 'test_user_by_name', byName(db), { name: 'demo_seller' })).toBeUndefined();
    });
  });

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'prepares again when the session lost the statement; a placeholder without a value, or a field that is not a column, is refused',
    async () => {
      const db = t.database.db;
      const first = await executePrepared(db, 'test_user_by_name_2', byName(db), { name: 'demo_purchaser' });
      await db.execute(sql`deallocate all`);
      expect(await executePrepared(db, 'test_user_by_name_2', byName(db), { name: 'demo_purchaser' })).toEqual(first);
      await expect(executePrepared(db, 'test_user_by_name_2', byName(db), {})).rejects.toThrow(/placeholder name/);
      const counted = db.select({ n: sql<number>`count(*)` }).from(users);
      await expect(executePrepared(db, 'test_user_count', counted, {})).rejects.toThrow(/columns only; n is not one/);
    },
  );
});
