/** SQL of the balance page: a tenant's ledger entries filtered by type and time, newest first. */
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { countCapped, countUpTo } from '../../../db/count-up-to.js';
import { ledgerEntries } from './ledger.table.js';

export interface EntryFilter {
  transactionType?: string;
  startTime?: string;
  endTime?: string;
}

function where(orgId: number, f: EntryFilter): SQL | undefined {
  const conds: SQL[] = [eq(ledgerEntries.orgId, orgId)];
  if (f.transactionType) conds.push(eq(ledgerEntries.transactionType, f.transactionType));
  if (f.startTime) conds.push(gte(ledgerEntries.createdAt, new Date(f.startTime)));
  if (f.endTime) conds.push(lte(ledgerEntries.createdAt, new Date(f.endTime)));
  return and(...conds);
}

/** The matching entries, counted up to `limit` (a big tenant's full count would read its whole ledger index on every page view). */
export const countEntriesUpTo = (db: Db, orgId: number, f: EntryFilter, limit: number) => countUpTo(db, ledgerEntries, where(orgId, f), limit);
/** The matching entries, exact up to `cap` (decision 0041). */
export const countEntriesCapped = (db: Db, orgId: number, f: EntryFilter, cap: number) => countCapped(db, ledgerEntries, where(orgId, f), cap);

export async function pageEntries(db: Db, orgId: number, f: EntryFilter, limit: number, offset: number) {
  return db.select().from(ledgerEntries).where(where(orgId, f)).orderBy(desc(ledgerEntries.id)).limit(limit).offset(offset);
}

/** Entries with ids below `beforeId`: the export walks the filtered entries in bounded chunks. */
export async function entriesBefore(db: Db, orgId: number, f: EntryFilter, beforeId: number | undefined, limit: number) {
  const base = where(orgId, f);
  const cond = beforeId === undefined ? base : and(base, lte(ledgerEntries.id, beforeId - 1));
  return db.select().from(ledgerEntries).where(cond).orderBy(desc(ledgerEntries.id)).limit(limit);
}
