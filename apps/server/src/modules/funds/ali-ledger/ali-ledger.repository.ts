/** SQL of the split-ledger authorization (分账授权) and split records; every query takes the orgId. */
import { beijingDayEnd, beijingDayStart, type RoyaltySettlementFilter } from '@dropship/contract';
import { and, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/rows.js';
import { royaltyRelations, royaltySettlements } from './ali-ledger.table.js';

export type RoyaltyRelationRecord = typeof royaltyRelations.$inferSelect;

export async function listRelations(db: Db, orgId: number, limit = 20) {
  return db.select().from(royaltyRelations).where(eq(royaltyRelations.orgId, orgId)).orderBy(desc(royaltyRelations.id)).limit(limit);
}

export async function findBound(db: Db, orgId: number) {
  const rows = await db
    .select()
    .from(royaltyRelations)
    .where(and(eq(royaltyRelations.orgId, orgId), eq(royaltyRelations.status, 'BOUND')))
    .limit(1);
  return rows[0];
}

/** Null when another binding of the organisation won the race (one BOUND per organisation). */
export async function insertBound(db: Db, v: { orgId: number; account: string; accountName: string; bindRequestNo: string }) {
  const rows = await db
    .insert(royaltyRelations)
    .values({ ...v, status: 'BOUND' })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/** BOUND → UNBOUND; false when it was no longer bound. */
export async function markUnbound(db: Db, orgId: number, id: number, unbindRequestNo: string) {
  const rows = await db
    .update(royaltyRelations)
    .set({ status: 'UNBOUND', unboundAt: sql`now()`, unbindRequestNo })
    .where(and(eq(royaltyRelations.orgId, orgId), eq(royaltyRelations.id, id), eq(royaltyRelations.status, 'BOUND')))
    .returning({ id: royaltyRelations.id });
  return rows.length > 0;
}

export type RoyaltySettlementRecord = typeof royaltySettlements.$inferSelect;

function settlementWhere(orgId: number, f: RoyaltySettlementFilter) {
  const like = f.tradeNo ? `%${f.tradeNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    eq(royaltySettlements.orgId, orgId),
    f.status ? eq(royaltySettlements.status, f.status) : undefined,
    like
      ? or(
          ilike(royaltySettlements.businessId, like),
          ilike(royaltySettlements.tradeNo, like),
          sql`exists (select 1 from jsonb_array_elements(${royaltySettlements.orders}) o where o->>'orderNo' ilike ${like})`,
        )
      : undefined,
    f.createdFrom ? gte(royaltySettlements.createdAt, beijingDayStart(f.createdFrom)) : undefined,
    f.createdTo ? lt(royaltySettlements.createdAt, beijingDayEnd(f.createdTo)) : undefined,
  );
}

export async function pageSettlements(db: Db, orgId: number, f: RoyaltySettlementFilter, limit: number, offset: number) {
  const where = settlementWhere(orgId, f);
  const byStatus = await db
    .select({ status: royaltySettlements.status, n: count(), fen: sql<string>`coalesce(sum(${royaltySettlements.amountFen}), 0)` })
    .from(royaltySettlements)
    .where(where)
    .groupBy(royaltySettlements.status);
  const rows = await db
    .select({ s: royaltySettlements, account: royaltyRelations.account })
    .from(royaltySettlements)
    .innerJoin(royaltyRelations, eq(royaltyRelations.id, royaltySettlements.relationId))
    .where(where)
    .orderBy(desc(royaltySettlements.id))
    .limit(limit)
    .offset(offset);
  // What refunds took back through Alipay (parts reversed with an RR… request), whatever the row's status now.
  const [reversed] = await queryRows<{ fen: string }>(
    db,
    sql`select coalesce(sum((o->>'feeFen')::bigint), 0) as fen
        from royalty_settlements, jsonb_array_elements(royalty_settlements.orders) o
        where ${where} and o->>'reversedBy' like 'RR%'`,
  );
  const sum = (status: string) => Number(byStatus.find((b) => b.status === status)?.fen ?? 0);
  return {
    total: byStatus.reduce((n, b) => n + b.n, 0),
    totals: { successFen: sum('SUCCESS'), processingFen: sum('PROCESSING'), failFen: sum('FAIL'), reversedFen: Number(reversed?.fen ?? 0) },
    rows,
  };
}

/** Null when the trade already has its row (a replayed notify). */
export async function insertSettlement(db: Db, row: typeof royaltySettlements.$inferInsert) {
  const rows = await db.insert(royaltySettlements).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** For the job and refunds (no tenant in a job payload): the row by id, locked until the transaction ends. */
export async function lockSettlement(db: Db, id: number) {
  const rows = await db.select().from(royaltySettlements).where(eq(royaltySettlements.id, id)).for('update');
  return rows[0];
}

export async function findSettlementsOfOrder(db: Db, orgId: number, orderNo: string) {
  return db
    .select()
    .from(royaltySettlements)
    .where(and(eq(royaltySettlements.orgId, orgId), sql`${royaltySettlements.orders} @> ${JSON.stringify([{ orderNo }])}::jsonb`))
    .orderBy(royaltySettlements.id);
}

export async function updateSettlement(db: Db, id: number, set: Partial<typeof royaltySettlements.$inferInsert>) {
  await db.update(royaltySettlements).set(set).where(eq(royaltySettlements.id, id));
}

export async function findRelation(db: Db, id: number) {
  const rows = await db.select().from(royaltyRelations).where(eq(royaltyRelations.id, id)).limit(1);
  return rows[0];
}

/**
 * The check beside the ledger check: each split against the ledger's RECHARGE entry of its trade
 * (the money Alipay took, credited once under `alipay:<out_trade_no>`). A split with no such entry,
 * or more than the trade brought in, or whose parts do not add up, is a mismatch.
 */
export async function royaltyLedgerMismatches(db: Db, orgId?: number) {
  return queryRows<{ org_id: number; id: number; amount_fen: string; parts_fen: string; receivers_fen: string; status: string; credited_fen: string | null }>(
    db,
    sql`select s.org_id, s.id, s.amount_fen, s.status,
          (select coalesce(sum((o->>'feeFen')::bigint), 0) from jsonb_array_elements(s.orders) o where o->>'reversedBy' is null) as parts_fen,
          (select coalesce(sum((r->>'amountFen')::bigint), 0) from jsonb_array_elements(s.receivers) r) as receivers_fen,
          (select sum(e.available_delta_fen) from ledger_entries e
            where e.org_id = s.org_id and e.business_id = s.business_id and e.transaction_type = 'RECHARGE') as credited_fen
        from royalty_settlements s
        where ${orgId === undefined ? sql`true` : sql`s.org_id = ${orgId}`}
        order by s.id`,
  );
}

export async function countSettlements(db: Db) {
  const [r] = await db.select({ n: count() }).from(royaltySettlements);
  return r?.n ?? 0;
}
