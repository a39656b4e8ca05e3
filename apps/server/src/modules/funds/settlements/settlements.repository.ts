/** SQL of pick-up settlements: lines written idempotently, aggregated per period and stall or per picker. */
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/rows.js';
import { users } from '../../auth/index.js';
import { settlementLines } from './settlements.table.js';

export type SettlementLineRecord = typeof settlementLines.$inferSelect;
export interface Range {
  from: Date;
  to: Date;
}
type Totals = { lines: number; goodsFen: number; commissionFen: number };

/** Inserts the line unless (org, business id, kind) exists; answers the stored line either way. */
export async function insertLine(db: Db, v: typeof settlementLines.$inferInsert) {
  const inserted = await db.insert(settlementLines).values(v).onConflictDoNothing().returning();
  if (inserted[0]) return { line: inserted[0], created: true };
  const rows = await db
    .select()
    .from(settlementLines)
    .where(and(eq(settlementLines.orgId, v.orgId), eq(settlementLines.businessId, v.businessId), eq(settlementLines.kind, v.kind ?? 'TAKE')))
    .limit(1);
  if (!rows[0]) throw new Error('settlement line neither inserted nor found');
  return { line: rows[0], created: false };
}

export async function userOrg(db: Db, userId: number) {
  const rows = await db.select({ orgId: users.orgId, username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

const inRange = (orgId: number, r: Range) => sql`org_id = ${orgId} and occurred_at >= ${r.from.toISOString()} and occurred_at < ${r.to.toISOString()}`;
const num = (v: unknown) => Number(v ?? 0);

/** The period's first day at +8 ('YYYY-MM-DD'); weeks start on Monday. */
const periodStart = (period: 'day' | 'week' | 'month') =>
  sql`to_char(date_trunc(${period}, (occurred_at at time zone 'UTC') + interval '8 hours'), 'YYYY-MM-DD')`;

export async function summaryPage(
  db: Db,
  orgId: number,
  r: Range,
  period: 'day' | 'week' | 'month',
  supplier: string | undefined,
  limit: number,
  offset: number,
) {
  const filter = supplier ? sql` and supplier_name ilike ${`%${supplier.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const grouped = sql`select ${periodStart(period)} as "periodStart", supplier_name as "supplierName", count(*)::int as lines,
      coalesce(sum(goods_fen), 0) as "goodsFen", coalesce(sum(commission_fen), 0) as "commissionFen"
    from settlement_lines where ${inRange(orgId, r)}${filter} group by 1, 2`;
  const [rows, totals] = await Promise.all([
    queryRows<{ periodStart: string; supplierName: string; lines: number; goodsFen: string; commissionFen: string }>(
      db,
      sql`${grouped} order by 1 desc, 2 limit ${limit} offset ${offset}`,
    ),
    queryRows<{ groups: number; lines: number; goodsFen: string; commissionFen: string }>(
      db,
      sql`select count(*)::int as groups, coalesce(sum(lines), 0)::int as lines, coalesce(sum("goodsFen"), 0) as "goodsFen",
            coalesce(sum("commissionFen"), 0) as "commissionFen" from (${grouped}) g`,
    ),
  ]);
  const t = totals[0];
  return {
    total: num(t?.groups),
    list: rows.map((x) => ({
      periodStart: x.periodStart,
      supplierName: x.supplierName,
      lines: num(x.lines),
      goodsFen: num(x.goodsFen),
      commissionFen: num(x.commissionFen),
    })),
    totals: { lines: num(t?.lines), goodsFen: num(t?.goodsFen), commissionFen: num(t?.commissionFen) } satisfies Totals,
  };
}

export async function pickersPage(db: Db, orgId: number, r: Range, limit: number, offset: number) {
  const grouped = sql`select picker_user_id as "pickerUserId", count(*)::int as lines, coalesce(sum(goods_fen), 0) as "goodsFen",
      coalesce(sum(commission_fen), 0) as "commissionFen"
    from settlement_lines where ${inRange(orgId, r)} group by 1`;
  const [rows, totals] = await Promise.all([
    queryRows<{ pickerUserId: number | null; pickerName: string | null; lines: number; goodsFen: string; commissionFen: string }>(
      db,
      sql`select g.*, u.username as "pickerName" from (${grouped}) g left join users u on u.id = g."pickerUserId"
          order by g."commissionFen" desc, g."pickerUserId" nulls last limit ${limit} offset ${offset}`,
    ),
    queryRows<{ groups: number; lines: number; goodsFen: string; commissionFen: string }>(
      db,
      sql`select count(*)::int as groups, coalesce(sum(lines), 0)::int as lines, coalesce(sum("goodsFen"), 0) as "goodsFen",
            coalesce(sum("commissionFen"), 0) as "commissionFen" from (${grouped}) g`,
    ),
  ]);
  const t = totals[0];
  return {
    total: num(t?.groups),
    list: rows.map((x) => ({
      pickerUserId: x.pickerUserId === null ? null : num(x.pickerUserId),
      pickerName: x.pickerName ?? '未分配拿货员',
      lines: num(x.lines),
      goodsFen: num(x.goodsFen),
      commissionFen: num(x.commissionFen),
    })),
    totals: { lines: num(t?.lines), goodsFen: num(t?.goodsFen), commissionFen: num(t?.commissionFen) } satisfies Totals,
  };
}

function pickerWhere(orgId: number, pickerUserId: number, r: Range): SQL | undefined {
  return and(
    eq(settlementLines.orgId, orgId),
    eq(settlementLines.pickerUserId, pickerUserId),
    gte(settlementLines.occurredAt, r.from),
    lt(settlementLines.occurredAt, r.to),
  );
}

export async function pickerLines(db: Db, orgId: number, pickerUserId: number, r: Range, limit: number, offset: number) {
  const where = pickerWhere(orgId, pickerUserId, r);
  const [agg] = await db
    .select({
      n: count(),
      goods: sql<string>`coalesce(sum(${settlementLines.goodsFen}), 0)`,
      commission: sql<string>`coalesce(sum(${settlementLines.commissionFen}), 0)`,
    })
    .from(settlementLines)
    .where(where);
  const rows = await db
    .select()
    .from(settlementLines)
    .where(where)
    .orderBy(desc(settlementLines.occurredAt), desc(settlementLines.id))
    .limit(limit)
    .offset(offset);
  return { total: agg?.n ?? 0, rows, totals: { lines: agg?.n ?? 0, goodsFen: num(agg?.goods), commissionFen: num(agg?.commission) } };
}

/** A picking mark's undo (on the seller's order) removes the settlement line that mark recorded: nothing was paid for goods not taken. */
export async function deleteSettlementLine(db: Db, orgId: number, id: number) {
  await db.delete(settlementLines).where(and(eq(settlementLines.orgId, orgId), eq(settlementLines.id, id)));
}
