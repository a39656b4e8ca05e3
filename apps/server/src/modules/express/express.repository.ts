/** SQL of express companies, price rules and the fee settings (platform data: no tenant). */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { DEFAULT_COMPANIES, DEFAULT_RULES, DEFAULT_SETTINGS } from './express.defaults.js';
import { expressCompanies, expressPriceRules, expressSettings } from './express.table.js';

export type CompanyRecord = typeof expressCompanies.$inferSelect;
export type RuleRecord = typeof expressPriceRules.$inferSelect;

/** Writes the defaults into empty tables; concurrent first uses both try and one wins (on conflict). */
export async function insertDefaults(db: Db) {
  await inTransaction(db, async (t) => {
    await t.insert(expressCompanies).values(DEFAULT_COMPANIES).onConflictDoNothing();
    await t.insert(expressPriceRules).values(DEFAULT_RULES).onConflictDoNothing();
    await t
      .insert(expressSettings)
      .values({ id: 1, ...DEFAULT_SETTINGS })
      .onConflictDoNothing();
  });
}

export async function hasSettings(db: Db) {
  const rows = await db.select({ id: expressSettings.id }).from(expressSettings).limit(1);
  return rows.length > 0;
}

export async function listCompanies(db: Db, onlyEnabled: boolean) {
  return db
    .select()
    .from(expressCompanies)
    .where(onlyEnabled ? eq(expressCompanies.enabled, true) : undefined)
    .orderBy(asc(expressCompanies.sort), asc(expressCompanies.code));
}

export async function listRules(db: Db, codes?: string[]) {
  return db
    .select()
    .from(expressPriceRules)
    .where(codes ? inArray(expressPriceRules.expressCode, codes) : undefined)
    .orderBy(asc(expressPriceRules.expressCode), asc(expressPriceRules.province));
}

/** The rules of the companies for one province: its own where set, else the default ('') one. */
export async function rulesFor(db: Db, province: string, codes?: string[]) {
  return db
    .select()
    .from(expressPriceRules)
    .where(and(inArray(expressPriceRules.province, ['', province]), codes ? inArray(expressPriceRules.expressCode, codes) : undefined));
}

export async function findSettings(db: Db) {
  const [row] = await db.select().from(expressSettings).where(eq(expressSettings.id, 1));
  return row;
}

export async function saveCompany(db: Db, c: { code: string; name: string; enabled: boolean; sort: number }) {
  await db
    .insert(expressCompanies)
    .values(c)
    .onConflictDoUpdate({ target: expressCompanies.code, set: { name: c.name, enabled: c.enabled, sort: c.sort, updatedAt: sql`now()` } });
}

export async function replaceRules(db: Db, code: string, rules: Omit<RuleRecord, 'id' | 'expressCode' | 'updatedAt'>[]) {
  await db.delete(expressPriceRules).where(eq(expressPriceRules.expressCode, code));
  await db.insert(expressPriceRules).values(rules.map((r) => ({ ...r, expressCode: code })));
}

export async function saveSettings(db: Db, s: { serviceFeePerItemFen: number; itemWeightGrams: number }) {
  await db
    .insert(expressSettings)
    .values({ id: 1, ...s })
    .onConflictDoUpdate({ target: expressSettings.id, set: { ...s, updatedAt: sql`now()` } });
}
