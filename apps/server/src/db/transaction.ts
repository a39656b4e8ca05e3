/**
 * The one way services open a transaction. Drizzle hands the callback a PgTransaction, whose type
 * is not our `Db` (it adds rollback and its own nested `transaction`), although it runs every query
 * `Db` offers; repositories take `Db`, so the conversion is made here once. Called on a
 * transaction, it opens a savepoint (drizzle's nested transaction), as `tx.transaction` did.
 * The callback must still run its queries one after the other (test/setup.ts refuses two at once
 * on one transaction client).
 */
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

export function inTransaction<T>(db: Db, fn: (t: Db) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db), config);
}
