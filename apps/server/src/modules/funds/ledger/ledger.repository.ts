/** SQL of the ledger: accounts locked per tenant, entries appended, the check that they agree. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/rows.js';
import { accounts, ledgerEntries } from './ledger.table.js';

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

export async function ensureAccount(db: Db, orgId: number) {
  await db.insert(accounts).values({ orgId }).onConflictDoNothing();
}

/** Locks the tenant's account row until the transaction ends: movements of one tenant run one at a time. */
export async function lockAccount(db: Db, orgId: number) {
  const rows = await db.select().from(accounts).where(eq(accounts.orgId, orgId)).for('update');
  return rows[0];
}

export async function findAccount(db: Db, orgId: number) {
  const rows = await db.select().from(accounts).where(eq(accounts.orgId, orgId)).limit(1);
  return rows[0];
}

export async function findEntryByRequestKey(db: Db, orgId: number, requestKey: string) {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.requestKey, requestKey)))
    .limit(1);
  return rows[0];
}

interface MoveRow {
  id: string | number;
  orgId: number;
  transactionType: string;
  purpose: string;
  availableDeltaFen: string | number;
  frozenDeltaFen: string | number;
  availableAfterFen: string | number;
  frozenAfterFen: string | number;
  businessId: string | null;
  requestKey: string;
  remark: string | null;
  createdAt: Date | string;
}

/**
 * A movement in one statement, when it simply can be: the account row locked (FOR UPDATE reads its
 * latest committed balances), the entry inserted unless the request key already moved money
 * (ON CONFLICT checks the unique index against committed and in-flight rows, whatever the snapshot)
 * or a balance would go negative, and the account set to the entry's balances-after. No row back:
 * nothing changed (no account yet, not enough money, or the key was used), and the caller takes the
 * slow path, which says which. The entry's id is drawn after the lock, so ids keep each tenant's
 * running balances in order as the ledger check expects.
 */
export async function moveAtOnce(
  db: Db,
  m: Omit<typeof ledgerEntries.$inferInsert, 'availableAfterFen' | 'frozenAfterFen' | 'id' | 'createdAt'>,
): Promise<LedgerEntry | undefined> {
  const frozenDelta = m.frozenDeltaFen ?? 0;
  const [row] = await queryRows<MoveRow>(
    db,
    sql`
    with acct as (
      select available_fen, frozen_fen from accounts where org_id = ${m.orgId} for update
    ), entry as (
      insert into ledger_entries (org_id, transaction_type, purpose, available_delta_fen, frozen_delta_fen,
                                  available_after_fen, frozen_after_fen, business_id, request_key, remark)
      select ${m.orgId}, ${m.transactionType}, ${m.purpose}, ${m.availableDeltaFen}::bigint, ${frozenDelta}::bigint,
             acct.available_fen + ${m.availableDeltaFen}::bigint, acct.frozen_fen + ${frozenDelta}::bigint,
             ${m.businessId ?? null}, ${m.requestKey}, ${m.remark ?? null}
      from acct
      where acct.available_fen + ${m.availableDeltaFen}::bigint >= 0 and acct.frozen_fen + ${frozenDelta}::bigint >= 0
      on conflict (org_id, request_key) do nothing
      returning *
    ), balances as (
      update accounts set available_fen = entry.available_after_fen, frozen_fen = entry.frozen_after_fen, updated_at = now()
      from entry where accounts.org_id = entry.org_id
    )
    select id, org_id as "orgId", transaction_type as "transactionType", purpose,
           available_delta_fen as "availableDeltaFen", frozen_delta_fen as "frozenDeltaFen",
           available_after_fen as "availableAfterFen", frozen_after_fen as "frozenAfterFen",
           business_id as "businessId", request_key as "requestKey", remark, created_at as "createdAt"
    from entry`,
  );
  if (!row) return undefined;
  return {
    ...row,
    id: Number(row.id),
    availableDeltaFen: Number(row.availableDeltaFen),
    frozenDeltaFen: Number(row.frozenDeltaFen),
    availableAfterFen: Number(row.availableAfterFen),
    frozenAfterFen: Number(row.frozenAfterFen),
    createdAt: row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt),
  };
}

export async function setBalances(db: Db, orgId: number, availableFen: number, frozenFen: number) {
  await db.update(accounts).set({ availableFen, frozenFen, updatedAt: sql`now()` }).where(eq(accounts.orgId, orgId));
}

export async function insertEntry(db: Db, row: typeof ledgerEntries.$inferInsert): Promise<LedgerEntry> {
  const [entry] = await db.insert(ledgerEntries).values(row).returning();
  if (!entry) throw new Error('ledger entry not written');
  return entry;
}

/** Accounts whose balances differ from the sum of their entries. */
export async function sumMismatches(db: Db, orgId?: number) {
  const scope = orgId === undefined ? sql`true` : sql`a.org_id = ${orgId}`;
  return queryRows<{ orgId: number; available: string; frozen: string; sumAvailable: string; sumFrozen: string }>(
    db,
    sql`
    select a.org_id as "orgId", a.available_fen as "available", a.frozen_fen as "frozen",
           coalesce(sum(e.available_delta_fen), 0) as "sumAvailable", coalesce(sum(e.frozen_delta_fen), 0) as "sumFrozen"
    from accounts a left join ledger_entries e on e.org_id = a.org_id
    where ${scope}
    group by a.org_id
    having a.available_fen <> coalesce(sum(e.available_delta_fen), 0) or a.frozen_fen <> coalesce(sum(e.frozen_delta_fen), 0)`,
  );
}

/** Entries whose stored balance-after does not follow from the previous entry of the same tenant. */
export async function chainBreaks(db: Db, orgId?: number) {
  const scope = orgId === undefined ? sql`true` : sql`org_id = ${orgId}`;
  return queryRows<{ orgId: number; id: number }>(
    db,
    sql`
    select "orgId", id from (
      select org_id as "orgId", id, available_after_fen, frozen_after_fen, available_delta_fen, frozen_delta_fen,
             lag(available_after_fen, 1, 0::bigint) over w as prev_available, lag(frozen_after_fen, 1, 0::bigint) over w as prev_frozen
      from ledger_entries where ${scope}
      window w as (partition by org_id order by id)
    ) t
    where available_after_fen <> prev_available + available_delta_fen or frozen_after_fen <> prev_frozen + frozen_delta_fen
    limit 100`,
  );
}

export async function countAll(db: Db) {
  const [row] = await queryRows<{ accounts: string | number; entries: string | number }>(
    db,
    sql`select (select count(*) from accounts) as accounts, (select count(*) from ledger_entries) as entries`,
  );
  return { accounts: Number(row?.accounts ?? 0), entries: Number(row?.entries ?? 0) };
}
