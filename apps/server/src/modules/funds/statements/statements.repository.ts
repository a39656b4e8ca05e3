/**
 * SQL of the monthly statement (对账单), read from the ledger alone. A month is the id range between
 * two boundary entries (the last entry before the month starts, the last before it ends), so
 * opening + the month's movements = closing follows from the ledger's own running balances.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/rows.js';

export interface Boundary {
  id: number;
  availableFen: number;
  frozenFen: number;
}

const ZERO: Boundary = { id: 0, availableFen: 0, frozenFen: 0 };

/** The last entry written before `at` (0 balances when there is none); indexed by (org_id, created_at). */
export async function boundaryBefore(db: Db, orgId: number, at: Date): Promise<Boundary> {
  const [r] = await queryRows<{ id: string; available: string; frozen: string }>(
    db,
    sql`select id, available_after_fen as available, frozen_after_fen as frozen from ledger_entries
        where org_id = ${orgId} and created_at < ${at.toISOString()} order by created_at desc, id desc limit 1`,
  );
  return r ? { id: Number(r.id), availableFen: Number(r.available), frozenFen: Number(r.frozen) } : ZERO;
}

export interface GroupSum {
  transactionType: string;
  count: number;
  incomeFen: number;
  expenseFen: number;
  frozenChangeFen: number;
}

/** Movements of the entries with afterId < id ≤ uptoId, per transaction type. */
export async function groupsBetween(db: Db, orgId: number, afterId: number, uptoId: number): Promise<GroupSum[]> {
  if (uptoId <= afterId) return [];
  const rows = await queryRows<{ t: string; n: number; income: string; expense: string; frozen: string }>(
    db,
    sql`select transaction_type as t, count(*)::int as n,
               coalesce(sum(available_delta_fen) filter (where available_delta_fen > 0), 0) as income,
               coalesce(-sum(available_delta_fen) filter (where available_delta_fen < 0), 0) as expense,
               coalesce(sum(frozen_delta_fen), 0) as frozen
        from ledger_entries where org_id = ${orgId} and id > ${afterId} and id <= ${uptoId}
        group by transaction_type order by transaction_type`,
  );
  return rows.map((r) => ({
    transactionType: r.t,
    count: Number(r.n),
    incomeFen: Number(r.income),
    expenseFen: Number(r.expense),
    frozenChangeFen: Number(r.frozen),
  }));
}

export async function countBetween(db: Db, orgId: number, afterId: number, uptoId: number) {
  if (uptoId <= afterId) return 0;
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_entries where org_id = ${orgId} and id > ${afterId} and id <= ${uptoId}`,
  );
  return Number(r?.n ?? 0);
}

export async function entriesBetween(db: Db, orgId: number, afterId: number, uptoId: number, limit: number) {
  if (uptoId <= afterId) return [];
  return queryRows<{
    id: string;
    createdAt: Date | string;
    transactionType: string;
    purpose: string;
    availableDeltaFen: string;
    frozenDeltaFen: string;
    availableAfterFen: string;
    frozenAfterFen: string;
    businessId: string | null;
    remark: string | null;
  }>(
    db,
    sql`select id, created_at as "createdAt", transaction_type as "transactionType", purpose, available_delta_fen as "availableDeltaFen",
               frozen_delta_fen as "frozenDeltaFen", available_after_fen as "availableAfterFen", frozen_after_fen as "frozenAfterFen",
               business_id as "businessId", remark
        from ledger_entries where org_id = ${orgId} and id > ${afterId} and id <= ${uptoId} order by id limit ${limit}`,
  );
}
