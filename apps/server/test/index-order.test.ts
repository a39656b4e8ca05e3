/**
 * The ARCHITECTURE pitfall, kept from coming back: drizzle's `.desc()` index column is DESC NULLS LAST,
 * but `orderBy(desc(col))` / `order by col desc` is DESC NULLS FIRST, and PostgreSQL (PGlite too) then
 * cannot read the index in order: a tenant's newest-first page becomes a scan of everyone's rows
 * (checked with EXPLAIN when this was found). So every descending index column says NULLS FIRST,
 * except where the queries deliberately say NULLS LAST (a nullable key; listed here with their query).
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';

/** Index → why its DESC columns are NULLS LAST (the query that reads it says so too). */
const NULLS_LAST_ON_PURPOSE: Record<string, string> = {
  shop_orders_org_paid_idx: 'shop-orders-list.repository.ts LIST_ORDER: paid_at desc nulls last, id desc nulls last',
  shop_orders_org_shop_paid_idx: 'shop-orders-list.repository.ts LIST_ORDER: paid_at desc nulls last, id desc nulls last',
  shop_orders_org_status_paid_idx: 'shop-orders-list.repository.ts LIST_ORDER: paid_at desc nulls last, id desc nulls last',
  // An order the primary key read backwards cannot give, so the planner cannot prefer it (list-plans.test.ts).
  dropship_orders_org_id_idx: 'dropship-orders list.repository.ts NEWEST_FIRST: id desc nulls last',
  dropship_orders_org_combined_idx: 'dropship-orders list.repository.ts NEWEST_FIRST: id desc nulls last',
};

describe('descending index columns', () => {
  it('are NULLS FIRST, matching a plain DESC order by', () => {
    const wrong: string[] = [];
    let seen = 0;
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      for (const index of getTableConfig(table).indexes) {
        const name = index.config.name ?? '';
        for (const col of index.config.columns) {
          const cfg = (col as { indexConfig?: { order?: string; nulls?: string } }).indexConfig;
          if (cfg?.order !== 'desc') continue;
          seen++;
          const want = name in NULLS_LAST_ON_PURPOSE ? 'last' : 'first';
          if ((cfg.nulls ?? 'last') !== want) wrong.push(`${name}: ${(col as { name?: string }).name} DESC NULLS ${cfg.nulls ?? 'last'}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(15);
    expect(wrong).toEqual([]);
  });
});
