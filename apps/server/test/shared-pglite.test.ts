/**
 * The worker's lent seeded PGlite (shared-pglite.ts): each loan starts from the seed whatever the
 * last one did, an ended loan refuses statements, and a second loan at once is refused (its file
 * opens a database of its own).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { lendSeeded } from './shared-pglite.js';

const points = inject('startingPoints');

async function state(db: NonNullable<Awaited<ReturnType<typeof lendSeeded>>>['db']) {
  const [row] = await queryRows<{
    users: number;
    feedback: number;
    categories: number;
    articles: number;
    reads: number;
    names: string;
    orgs: number;
    next: string;
    role: string;
    tz: string;
  }>(
    db,
    sql`select (select count(*)::int from users) as users, (select count(*)::int from feedback) as feedback,
               (select count(*)::int from help_categories) as categories, (select count(*)::int from help_articles) as articles,
               (select count(*)::int from announcement_reads) as reads, (select md5(string_agg(coalesce(name, '-'), ',' order by id)) from users) as names,
               (select count(*)::int from organisations) as orgs,
               (select last_value::text from users_id_seq) as next, current_setting('session_replication_role') as role,
               current_setting('TimeZone') as tz`,
  );
  return row;
}

describe.skipIf(points.kind !== 'pglite')('the lent seeded PGlite', () => {
  it('starts each loan from the seed, refuses an ended loan, lends once at a time', async () => {
    const first = await lendSeeded(points.seeded);
    if (!first) throw new Error('the worker’s seeded database is out on another loan');
    // Lent again while out: the caller opens its own.
    expect(await lendSeeded(points.seeded)).toBeUndefined();
    const seed = await state(first.db);
    expect(seed?.users).toBeGreaterThan(0);

    // Rows added and changed, a sequence moved, a setting and an advisory lock.
    await first.db.execute(sql`insert into organisations (type, name) values ('seller', '借用后写入')`);
    await first.db.execute(sql`update users set name = '借用后改名'`);
    await first.db.execute(sql`set time zone 'America/New_York'`);
    await first.db.execute(sql`select pg_advisory_lock(4242)`);
    const changed = await state(first.db);
    await first.close();
    expect(changed?.orgs).toBe((seed?.orgs ?? 0) + 1);
    expect(changed?.names).not.toBe(seed?.names);
    expect(changed?.tz).not.toBe(seed?.tz);
    const refused = await first.db.execute(sql`select 1`).then(
      () => 'answered',
      (e: Error) => String(e.cause ?? e),
    );
    expect(refused).toMatch(/closed/);

    const second = await lendSeeded(points.seeded);
    if (!second) throw new Error('the loan was not given back');
    expect(await state(second.db)).toEqual(seed);
    // The lock was let go: another session's try would take it (here the same session; it must not be held twice).
    const [lock] = await queryRows<{ held: number }>(second.db, sql`select count(*)::int as held from pg_locks where locktype = 'advisory'`);
    expect(lock?.held).toBe(0);
    // The same organisation id again: the sequence is where the seed left it.
    const [org] = await queryRows<{ id: number }>(second.db, sql`insert into organisations (type, name) values ('seller', '再写') returning id`);
    // Seeded tables emptied by TRUNCATE, which counts no rows written (a few small tables: put back one by one).
    await second.db.execute(sql`truncate help_categories cascade`);
    await second.close();
    const third = await lendSeeded(points.seeded);
    if (!third) throw new Error('the loan was not given back');
    expect(await state(third.db)).toEqual(seed);
    const [again] = await queryRows<{ id: number }>(third.db, sql`insert into organisations (type, name) values ('seller', '再写') returning id`);
    expect(again?.id).toBe(org?.id);
    // A seeded row deleted, and a table written large enough that every table is put back at once.
    await third.db.execute(sql`delete from announcement_reads`);
    await third.db.execute(sql`delete from feedback`);
    await third.db.execute(
      sql`insert into feedback (org_id, user_id, content) select org_id, id, (select string_agg(md5(random()::text || g || i), '') from generate_series(1, 200) i) from users, generate_series(1, 120) g`,
    );
    await third.close();
    const fourth = await lendSeeded(points.seeded);
    if (!fourth) throw new Error('the loan was not given back');
    expect(await state(fourth.db)).toEqual(seed);
    await fourth.close();
  });
});
