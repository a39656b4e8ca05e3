import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * How many rows of `table` match `where`, counted up to `limit`: the rows are read through a LIMIT
 * inside the count, so a tenant with a million rows costs what one with `limit` costs. Lists count
 * up to their cap + 1 and show "cap+" past it; exports check their own cap the same way.
 */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, limit: number): Promise<number> {
  const matching = db.select({ one: sql`1` }).from(table).where(where).limit(limit).as('matching');
  const [r] = await db.select({ n: count() }).from(matching);
  return Number(r?.n ?? 0);
}

/** A list's count: exact up to `cap`, past it `cap` with `capped` (the page shows "cap+"). */
export async function countCapped(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<{ count: number; capped: boolean }> {
  const n = await countUpTo(db, table, where, cap + 1);
  return { count: Math.min(n, cap), capped: n > cap };
}
