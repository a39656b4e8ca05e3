/**
 * The demo seed on an empty database, as several server processes starting together run it: each
 * takes the seed's lock, so one seeds and the others find it seeded. On PostgreSQL the two callers
 * are two pools (two processes' connections); on PGlite, two calls on its one connection.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { organisations, users } from '../src/modules/auth/auth.table.js';
import { seedDemoIfEmpty } from '../src/modules/demo/index.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let second: Database | undefined;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  if (t.config.databaseUrl) second = await openDatabase({ databaseUrl: t.config.databaseUrl });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('seedDemoIfEmpty', () => {
  it('two callers at once on one empty database: one seeds, the other finds it seeded', async () => {
    const db = t.database.db;
    expect((await db.select({ n: count() }).from(organisations))[0]?.n).toBe(0);
    const answers = await Promise.all([seedDemoIfEmpty(db), seedDemoIfEmpty(second?.db ?? db)]);
    expect(answers.sort()).toEqual([false, true]);
    // What one seed makes: the operator, the seller and the purchaser, one demo_seller.
    expect((await db.select({ n: count() }).from(organisations))[0]?.n).toBe(3);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo_seller'))).toHaveLength(1);
    expect(await seedDemoIfEmpty(db)).toBe(false);
  });
});
