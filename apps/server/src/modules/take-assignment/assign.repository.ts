/**
 * SQL of pick-up task assignment, always scoped to the purchaser organisation: the filtered list
 * with its tab counts, the by-stall groups in walking order, the pickers of the organisation, and
 * the set-based writes of assigning.
 */
import type { AssignmentStatusCode, TakeFilter, TakingStatusCode } from '@dropship/contract';
import { beijingDayEnd, beijingDayStart } from '@dropship/contract';
import { and, eq, gte, ilike, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { users } from '../auth/index.js';
import { withTakeRollup } from '../statistics/index.js';
import { withAssignmentCounts } from './assignment-counts.repository.js';
import { idList } from './order-locks.js';
import { takeItems } from './take-items.table.js';

export type PageFilter = Partial<TakeFilter> & { pageNo: number; pageSize: number };
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filter as SQL on take_items (no joins, so the count needs none either). */
export function filterWhere(purchaserOrgId: number, f: Partial<TakeFilter>, withStatus = true): SQL {
  const t = takeItems;
  return and(
    eq(t.purchaserOrgId, purchaserOrgId),
    f.marketArea ? eq(t.marketArea, f.marketArea) : undefined,
    f.market ? eq(t.market, f.market) : undefined,
    f.supplierId ? eq(t.supplierId, f.supplierId) : undefined,
    f.stallName ? ilike(t.stallName, like(f.stallName)) : undefined,
    f.pickerId === 0 ? isNull(t.assignedUserId) : f.pickerId ? eq(t.assignedUserId, f.pickerId) : undefined,
    withStatus && f.assignmentStatus ? eq(t.assignmentStatus, f.assignmentStatus) : undefined,
    f.takingStatus ? eq(t.takingStatus, f.takingStatus) : undefined,
    f.sellerName ? sql`${t.sellerOrgId} in (select id from organisations where name ilike ${like(f.sellerName)})` : undefined,
    f.takeCode ? eq(t.takeCode, f.takeCode) : undefined,
    f.createdFrom ? gte(t.createdAt, beijingDayStart(f.createdFrom)) : undefined,
    f.createdTo ? lt(t.createdAt, beijingDayEnd(f.createdTo)) : undefined,
    f.printed === 'YES' ? sql`${t.printCount} > 0` : f.printed === 'NO' ? eq(t.printCount, 0) : undefined,
  ) as SQL;
}

export interface TakeRowRecord {
  id: string | number;
  take_code: string;
  order_no: string;
  seller_name: string;
  supplier_id: number | null;
  stall_name: string;
  market: string;
  building: string;
  floor: string;
  stall_no: string;
  market_area: string;
  art_no: string;
  color: string;
  size: string;
  quantity: number;
  unit_cost_fen: string | number;
  assignment_status: AssignmentStatusCode;
  taking_status: TakingStatusCode;
  assigned_user_id: number | null;
  picker_name: string | null;
  assigned_at: string | Date | null;
  print_count: number;
  printed_at: string | Date | null;
  took_quantity: number;
  took_at: string | Date | null;
  arrived_at: string | Date | null;
  express_name: string;
  urgent: boolean;
  created_at: string | Date;
}

/** The row's columns plus seller and picker names; `from` must alias take_items as t. */
export const ROW_COLUMNS = sql`t.id, t.take_code, t.order_no, s.name as seller_name, t.supplier_id, t.stall_name, t.market, t.building, t.floor,
  t.stall_no, t.market_area, t.art_no, t.color, t.size, t.quantity, t.unit_cost_fen, t.assignment_status, t.taking_status, t.assigned_user_id,
  coalesce(u.name, u.username) as picker_name, t.assigned_at, t.print_count, t.printed_at, t.took_quantity, t.took_at, t.arrived_at,
  t.express_name, t.urgent, t.created_at`;
export const ROW_JOINS = sql`join organisations s on s.id = t.seller_org_id left join users u on u.id = t.assigned_user_id`;

/** The walk: market area → market → building → floor → stall number → stall, then the code. */
export const WALK_ORDER = sql`t.market_area, t.market, t.building, t.floor, t.stall_no, t.stall_name, t.take_code`;
const WALK = sql`market_area, market, building, floor, stall_no, stall_name, take_code`;

/** The list's page as SQL (takePage's and the ERP list's): newest first, 加急 (urgent) items ahead of the rest (decision 0017). */
export const pageSql = (where: SQL, limit: number, offset: number) =>
  sql`select ${ROW_COLUMNS} from (select * from take_items where ${where} order by urgent desc, id desc limit ${limit} offset ${offset}) t ${ROW_JOINS}
      order by t.urgent desc, t.id desc`;

/** Items in walking order (printing, exports): at most `limit`. */
export async function walkRows(db: Db, where: SQL, limit: number) {
  return queryRows<TakeRowRecord>(
    db,
    sql`select ${ROW_COLUMNS} from (select * from take_items where ${where} order by ${WALK} limit ${limit}) t ${ROW_JOINS} order by ${WALK_ORDER}`,
  );
}

/** One page of rows without its count (takePage counts by tab, capped). */
export async function pageOnly(db: Db, where: SQL, limit: number, offset: number) {
  return queryRows<TakeRowRecord>(db, pageSql(where, limit, offset));
}

/** The items matching the filters (`where` without the status), read up to cap + 1, per assignment status (lib/tab-counts.ts). */
export const sampleCountsSql = (where: SQL, cap: number) =>
  sql`select x.assignment_status as s, count(*) as n from (select assignment_status from take_items where ${where} limit ${cap + 1}) x
      group by x.assignment_status`;
/** One assignment status under the filters, counted up to cap + 1. */
export const countUpToSql = (where: SQL, status: string, cap: number) =>
  sql`select count(*) as n from (select 1 from take_items where ${where} and assignment_status = ${status} limit ${cap + 1}) x`;

export async function sampleCounts(db: Db, where: SQL, cap: number) {
  const rows = await queryRows<{ s: string; n: string | number }>(db, sampleCountsSql(where, cap));
  return rows.map((r) => ({ s: r.s, n: Number(r.n) }));
}

export async function countUpTo(db: Db, where: SQL, status: string, cap: number) {
  const [r] = await queryRows<{ n: string | number }>(db, countUpToSql(where, status, cap));
  return Number(r?.n ?? 0);
}

export interface StallGroupRecord {
  stall_name: string;
  market_area: string;
  market: string;
  building: string;
  floor: string;
  stall_no: string;
  item_count: string | number;
  quantity: string | number;
  counts: Record<string, number>;
  picker_ids: number[] | null;
}

const GROUP = sql`market_area, market, building, floor, stall_no, stall_name`;

/** Stalls in walking order with their item counts per assignment status and the pickers sent there. */
export async function stallGroups(db: Db, where: SQL, limit: number, offset: number) {
  const [total] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from (select 1 from take_items where ${where} group by ${GROUP}) g`);
  const rows = await queryRows<StallGroupRecord>(
    db,
    sql`select g.market_area, g.market, g.building, g.floor, g.stall_no, g.stall_name, sum(g.n) as item_count, sum(g.q) as quantity,
          json_object_agg(g.assignment_status, g.n) as counts,
          (select array_agg(distinct take_items.assigned_user_id) from take_items where ${where} and take_items.assigned_user_id is not null
            and take_items.market_area = g.market_area and take_items.market = g.market and take_items.building = g.building
            and take_items.floor = g.floor and take_items.stall_no = g.stall_no and take_items.stall_name = g.stall_name) as picker_ids
        from (select ${GROUP}, assignment_status, count(*) as n, sum(quantity) as q
              from take_items where ${where} group by ${GROUP}, assignment_status) g
        group by g.market_area, g.market, g.building, g.floor, g.stall_no, g.stall_name
        order by g.market_area, g.market, g.building, g.floor, g.stall_no, g.stall_name limit ${limit} offset ${offset}`,
  );
  return { total: Number(total?.n ?? 0), rows };
}

/** Enabled users of the organisation (main account and sub-accounts): who can be sent to the stalls. */
export async function pickersOf(db: Db, purchaserOrgId: number) {
  return db
    .select({ id: users.id, name: sql<string>`coalesce(${users.name}, ${users.username})`, isMain: users.isMain })
    .from(users)
    .where(and(eq(users.orgId, purchaserOrgId), eq(users.state, 'ENABLED'), isNull(users.deletedAt)))
    .orderBy(users.id);
}

export async function isPicker(db: Db, purchaserOrgId: number, userIds: number[]): Promise<boolean> {
  if (userIds.length === 0) return true;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, purchaserOrgId), eq(users.state, 'ENABLED'), isNull(users.deletedAt), inArray(users.id, userIds)));
  return rows.length === new Set(userIds).size;
}

export interface LockedItem {
  id: number;
  take_code: string;
  assignment_status: AssignmentStatusCode;
  taking_status: TakingStatusCode;
  arrived: boolean;
  assigned_user_id: number | null;
}

/** Locks the organisation's items among `ids` (id order); missing ids are simply absent. */
export async function lockItems(tx: Db, purchaserOrgId: number, ids: readonly number[]): Promise<LockedItem[]> {
  const rows = await queryRows<LockedItem & { id: string | number }>(
    tx,
    sql`select id, take_code, assignment_status, taking_status, arrived_at is not null as arrived, assigned_user_id from take_items
        where purchaser_org_id = ${purchaserOrgId} and id in ${idList(ids)} order by id for update`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Ids matching a SQL condition (assign by area / stall), in id order. */
export async function idsWhere(db: Db, where: SQL, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(db, sql`select id from take_items where ${where} order by id limit ${limit}`);
  return rows.map((r) => Number(r.id));
}

/** Assigns (pickerId) or takes back (null) the items; statuses from take-status.ts, checked by the caller under lock. */
export async function setAssignee(tx: Db, ids: readonly number[], to: { assignmentStatus: string; takingStatus: string }, pickerId: number | null) {
  await withTakeRollup(tx, sql`id in ${idList(ids)}`, () =>
    withAssignmentCounts(tx, sql`id in ${idList(ids)}`, () =>
      tx.execute(sql`
      update take_items set assignment_status = ${to.assignmentStatus}, taking_status = ${to.takingStatus}, assigned_user_id = ${pickerId}::int,
        assigned_at = ${pickerId === null ? sql`null` : sql`now()`}, updated_at = now()
      where id in ${idList(ids)}`),
    ),
  );
}
